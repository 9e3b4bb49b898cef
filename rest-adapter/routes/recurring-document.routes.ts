import { z } from 'zod';
import { createRecurringDocumentSchema } from '../../src/domain/recurring/recurring-document-input.schema';
import { listOf, paginationQuery } from '../query-schemas';
import { recurringDocumentResource, recurringOccurrenceResource, serializeRecurringDocument, serializeRecurringOccurrence } from '../resources/recurring-document.resource';
import type { RestRoute } from '../route';

const TAG = 'Facturas recurrentes';
const emitterParam = z.object({ id: z.string().max(64).describe('Id del emisor (emt_…)') });
const recurringParams = emitterParam.extend({ rid: z.string().max(64).describe('Id del documento recurrente (rec_…)') });
const page = (query: Record<string, unknown>) => ({ limit: query.limit as number, startingAfter: (query.starting_after as string | undefined) ?? null });

export const recurringDocumentRoutes: RestRoute[] = [
  {
    id: 'createRecurringDocument',
    method: 'POST',
    path: '/v1/emitters/:id/recurring-documents',
    status: 201,
    // resource_not_found: the emitter is not the account's (or, on a retry after a crash, the recurring document was deleted since).
    refusals: ['resource_not_found', 'not_allowed_with_raw', 'unknown_establishment', 'unknown_point_of_sale', 'receiver_required'],
    tag: TAG,
    summary: 'Crea un documento recurrente: una plantilla DocumentCreate que se emite mensualmente en un día o semanalmente en un día de la semana (hora de El Salvador).',
    description:
      'La plantilla es el cuerpo de `POST /v1/documents` (su `emitter_id`, el de la ruta; sin `raw` ni `issued_at`) y se valida ahora con una simulación de la emisión: si se rechaza no se crea nada. `schedule`: `{"frequency":"monthly","day_of_month":31}` (29–31 se ajustan al último día de los meses más cortos) o `{"frequency":"weekly","weekday":1}` (1 lunes … 7 domingo). `starts_on` desde hoy; `ends_on` y/o `count` lo acotan. Cada emisión se hace una sola vez, en el ambiente de la llave, con `external_id` `<external_id de la plantilla o id>-yyyy-MM-dd`; una emisión rechazada queda registrada (`GET …/occurrences`), se avisa con el webhook `recurring_document.failed` y un correo al propietario, y no se reintenta.',
    scope: 'documents:write',
    params: emitterParam,
    body: { schema: createRecurringDocumentSchema, required: true, graphqlInput: 'CreateRecurringDocumentInput', graphqlPathFields: { emitterId: 'id' } },
    response: recurringDocumentResource,
    call: async ({ params, body }, ctx) => ({ body: serializeRecurringDocument(await ctx.services.createRecurringDocument.execute(ctx.actor!, params.id, body)) }),
  },
  {
    id: 'listRecurringDocuments',
    method: 'GET',
    path: '/v1/emitters/:id/recurring-documents',
    status: 200,
    tag: TAG,
    summary: 'Lista los documentos recurrentes del emisor en el ambiente de la llave, del más reciente al más antiguo, con su próxima emisión (`next_run_on`).',
    scope: 'documents:read',
    params: emitterParam,
    query: paginationQuery,
    response: listOf(recurringDocumentResource),
    call: async ({ params, query }, ctx) => {
      const p = await ctx.services.listRecurringDocuments.execute(ctx.actor!, params.id, page(query));
      return { body: { object: 'list', data: p.data.map((v) => serializeRecurringDocument(v)), has_more: p.hasMore } };
    },
  },
  {
    id: 'getRecurringDocument',
    method: 'GET',
    path: '/v1/emitters/:id/recurring-documents/:rid',
    status: 200,
    tag: TAG,
    summary: 'Obtiene un documento recurrente con su próxima emisión.',
    scope: 'documents:read',
    params: recurringParams,
    response: recurringDocumentResource,
    call: async ({ params }, ctx) => {
      const v = await ctx.services.getRecurringDocument.execute(ctx.actor!, params.rid, params.id);
      return v ? { body: serializeRecurringDocument(v) } : null;
    },
  },
  {
    id: 'listRecurringOccurrences',
    method: 'GET',
    path: '/v1/emitters/:id/recurring-documents/:rid/occurrences',
    status: 200,
    tag: TAG,
    summary: 'Las emisiones de un documento recurrente, de la más reciente a la más antigua: su documento (con su estado) o su rechazo.',
    scope: 'documents:read',
    params: recurringParams,
    query: paginationQuery,
    response: listOf(recurringOccurrenceResource),
    call: async ({ params, query }, ctx) => {
      const p = await ctx.services.listRecurringOccurrences.execute(ctx.actor!, params.rid, page(query), params.id);
      return { body: { object: 'list', data: p.data.map((v) => serializeRecurringOccurrence(v)), has_more: p.hasMore } };
    },
  },
  {
    id: 'pauseRecurringDocument',
    method: 'POST',
    path: '/v1/emitters/:id/recurring-documents/:rid/pause',
    status: 200,
    tag: TAG,
    summary: 'Pausa un documento recurrente: no se emite nada mientras está en pausa (pausar uno en pausa no cambia nada).',
    scope: 'documents:write',
    params: recurringParams,
    response: recurringDocumentResource,
    call: async ({ params }, ctx) => ({ body: serializeRecurringDocument(await ctx.services.pauseRecurringDocument.execute(ctx.actor!, params.rid, params.id)) }),
  },
  {
    id: 'resumeRecurringDocument',
    method: 'POST',
    path: '/v1/emitters/:id/recurring-documents/:rid/resume',
    status: 200,
    refusals: ['recurring_document_completed'],
    tag: TAG,
    summary: 'Reanuda un documento recurrente desde hoy: las fechas que cayeron durante la pausa no se emiten.',
    description: 'Si ya no le queda ninguna emisión (pasó `ends_on` o llegó a `count`): 409 `recurring_document_completed`.',
    scope: 'documents:write',
    params: recurringParams,
    response: recurringDocumentResource,
    call: async ({ params }, ctx) => ({ body: serializeRecurringDocument(await ctx.services.resumeRecurringDocument.execute(ctx.actor!, params.rid, params.id)) }),
  },
  {
    id: 'deleteRecurringDocument',
    method: 'DELETE',
    path: '/v1/emitters/:id/recurring-documents/:rid',
    status: 204,
    tag: TAG,
    summary: 'Elimina un documento recurrente (sin cuerpo en la respuesta); los documentos que emitió se conservan.',
    scope: 'documents:write',
    params: recurringParams,
    response: null,
    call: async ({ params }, ctx) => {
      await ctx.services.deleteRecurringDocument.execute(ctx.actor!, params.rid, params.id);
      return { body: null, status: 204 };
    },
  },
];
