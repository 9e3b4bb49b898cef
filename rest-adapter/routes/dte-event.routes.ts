/** The 2026 events over REST: returns against a document and an issuer's special-operations events. */
import { z } from 'zod';
import { documentReturnSchema, specialOperationSchema } from '../../src/domain/events/dte-event-requests.schema';
import { idParam, listOf, paginationQuery } from '../query-schemas';
import { toDocumentReturn, toSpecialOperation } from '../../src/graphql/events/dte-event.mapper';
import { documentReturnResource, dteEventStatus, serializeDocumentReturn, serializeSpecialOperation, specialOperationResource } from '../resources/dte-event.resource';
import { invalidateDteEventSchema } from '../../src/services/events/invalidate-dte-event.service';
import type { RestRoute } from '../route';

const INVALIDATE_NOTE =
  '`reason_type` "1" (error en la información), "2" (rescindir) o "3" (otro, con `reason`); `responsible` y `requester` con `name`, `document_type` (CAT-022) y `document_number`. El evento no lleva documento de reemplazo ni número de control. Plazo del MH (MF-2.0): hasta las 23:59:59 del décimo día hábil del mes siguiente al sello del evento (422 `invalidation_deadline_passed`, con la fecha). Solo un evento sellado (409 `dte_event_not_invalidatable`). 200 con el evento `voided` (`void.status` sealed); 202 si el MH aún no respondió; 422 `invalidation_rejected` con la respuesta del MH en `mh` (el evento sigue `sealed`, `void.status` rejected); idempotente si ya estaba invalidado.';
const STATUS_NOTE = 'Responde 200 con el evento sellado por el MH (o rechazado, con la respuesta del MH en `mh_response`), o 202 si el MH no respondió a tiempo: el envío sigue y el resultado llega por webhook y por GET.';

export const dteEventRoutes: RestRoute[] = [
  {
    id: 'createDocumentReturn',
    method: 'POST',
    path: '/v1/documents/:id/returns',
    status: 200,
    outcomes: [{ status: 202, description: 'El MH aún no respondió: el retorno queda `pending` y se sigue enviando; el webhook `document.returned` avisa el sello.' }],
    refusals: ['not_returnable', 'return_window_passed', 'return_exceeds_balance', 'credentials_not_configured'],
    tag: 'Eventos',
    summary: 'Evento de retorno (CAT-002 18) sobre una FE, FEX o FSE procesada: líneas por num_item con la cantidad devuelta.',
    description: `Cada línea no supera su saldo por devolver (vendido menos lo devuelto en retornos no rechazados): 422 \`return_exceeds_balance\`. Plazo: RETURN_WINDOW_MONTHS (3) meses desde el sello del documento (422 \`return_window_passed\`). Webhook \`document.returned\` al sellarse. ${STATUS_NOTE}`,
    scope: 'documents:write',
    params: idParam('id', 'Id del documento original'),
    body: { schema: documentReturnSchema, required: true, graphqlInput: 'DocumentReturnInput' },
    response: documentReturnResource,
    call: async ({ params, body }, ctx) => {
      const v = toDocumentReturn(await ctx.services.createDocumentReturn.execute(ctx.actor!, params.id, body));
      return { body: serializeDocumentReturn(v), status: dteEventStatus(v) };
    },
  },
  {
    id: 'listDocumentReturns',
    method: 'GET',
    path: '/v1/documents/:id/returns',
    status: 200,
    tag: 'Eventos',
    summary: 'Los retornos de un documento, del más reciente al más antiguo.',
    scope: 'documents:read',
    params: idParam('id', 'Id del documento'),
    query: paginationQuery,
    response: listOf(documentReturnResource),
    refusalAs: 'query',
    call: async ({ params, query }, ctx) => {
      const page = await ctx.services.listDteEvents.byDocument(ctx.actor!, params.id, { first: query.limit as number, after: (query.starting_after as string | undefined) ?? null });
      return { body: { object: 'list', data: page.nodes.map((n) => serializeDocumentReturn(toDocumentReturn(n))), has_more: page.hasMore } };
    },
  },
  {
    id: 'getDocumentReturn',
    method: 'GET',
    path: '/v1/documents/:id/returns/:return_id',
    status: 200,
    tag: 'Eventos',
    summary: 'Un retorno, con su estado actualizado.',
    scope: 'documents:read',
    params: z.object({ id: z.string().max(64).describe('Id del documento'), return_id: z.string().max(64).describe('Id del retorno') }),
    response: documentReturnResource,
    refusalAs: 'query',
    call: async ({ params }, ctx) => {
      const v = await ctx.services.listDteEvents.get(ctx.actor!, params.return_id);
      return v && v.kind === 'return' && v.documentId === params.id ? { body: serializeDocumentReturn(toDocumentReturn(v)) } : null;
    },
  },
  {
    id: 'invalidateDocumentReturn',
    method: 'POST',
    path: '/v1/documents/:id/returns/:return_id/invalidate',
    status: 200,
    outcomes: [{ status: 202, description: 'El MH aún no respondió el evento de invalidación: el retorno sigue `sealed` con `void.status` pending; se reenvía y el webhook `document.return_voided` avisa el sello.' }],
    refusals: ['dte_event_not_invalidatable', 'invalidation_deadline_passed', 'invalidation_rejected'],
    tag: 'Eventos',
    summary: 'Invalida un retorno sellado con el evento de invalidación del MH (esquema v3, sin reemplazo).',
    description: `${INVALIDATE_NOTE} Invalidado el retorno, sus cantidades vuelven al saldo por devolver del documento y el documento se puede invalidar (si no tiene otro retorno activo). Webhook \`document.return_voided\` al sellarse.`,
    scope: 'documents:write',
    params: z.object({ id: z.string().max(64).describe('Id del documento'), return_id: z.string().max(64).describe('Id del retorno') }),
    body: { schema: invalidateDteEventSchema, required: true, graphqlInput: 'InvalidateDteEventInput' },
    response: documentReturnResource,
    call: async ({ params, body }, ctx) => {
      const r = await ctx.services.invalidateDteEvent.execute(ctx.actor!, { kind: 'return', documentId: params.id, eventId: params.return_id }, body);
      return { body: serializeDocumentReturn(toDocumentReturn(r.event)), status: r.outcome === 'pending' ? 202 : 200 };
    },
  },
  {
    id: 'createSpecialOperation',
    method: 'POST',
    path: '/v1/emitters/:id/special-operations',
    status: 200,
    outcomes: [{ status: 202, description: 'El MH aún no respondió: el evento queda `pending` y se sigue enviando; el webhook `special_operation.processed` avisa el sello.' }],
    refusals: ['credentials_not_configured'],
    tag: 'Eventos',
    summary: 'Evento de operaciones especiales (CAT-002 17): facturas de venta simplificada (02, por rango) y comprobantes de control interno (97).',
    description: `Se informa a más tardar el décimo día hábil del mes siguiente al de las operaciones. Webhook \`special_operation.processed\` al sellarse. ${STATUS_NOTE}`,
    scope: 'documents:write',
    params: idParam('id', 'Id del emisor'),
    body: { schema: specialOperationSchema, required: true, graphqlInput: 'SpecialOperationInput' },
    response: specialOperationResource,
    call: async ({ params, body }, ctx) => {
      const v = toSpecialOperation(await ctx.services.createSpecialOperation.execute(ctx.actor!, params.id, body));
      return { body: serializeSpecialOperation(v), status: dteEventStatus(v) };
    },
  },
  {
    id: 'listSpecialOperations',
    method: 'GET',
    path: '/v1/emitters/:id/special-operations',
    status: 200,
    tag: 'Eventos',
    summary: 'Los eventos de operaciones especiales de un emisor, del más reciente al más antiguo.',
    scope: 'documents:read',
    params: idParam('id', 'Id del emisor'),
    query: paginationQuery,
    response: listOf(specialOperationResource),
    refusalAs: 'query',
    call: async ({ params, query }, ctx) => {
      const page = await ctx.services.listDteEvents.byEmitter(ctx.actor!, params.id, { first: query.limit as number, after: (query.starting_after as string | undefined) ?? null });
      return { body: { object: 'list', data: page.nodes.map((n) => serializeSpecialOperation(toSpecialOperation(n))), has_more: page.hasMore } };
    },
  },
  {
    id: 'getSpecialOperation',
    method: 'GET',
    path: '/v1/emitters/:id/special-operations/:operation_id',
    status: 200,
    tag: 'Eventos',
    summary: 'Un evento de operaciones especiales, con su estado actualizado.',
    scope: 'documents:read',
    params: z.object({ id: z.string().max(64).describe('Id del emisor'), operation_id: z.string().max(64).describe('Id del evento') }),
    response: specialOperationResource,
    refusalAs: 'query',
    call: async ({ params }, ctx) => {
      const v = await ctx.services.listDteEvents.get(ctx.actor!, params.operation_id);
      return v && v.kind === 'special_operation' && v.emitterId === params.id ? { body: serializeSpecialOperation(toSpecialOperation(v)) } : null;
    },
  },
  {
    id: 'invalidateSpecialOperation',
    method: 'POST',
    path: '/v1/emitters/:id/special-operations/:event_id/invalidate',
    status: 200,
    outcomes: [{ status: 202, description: 'El MH aún no respondió el evento de invalidación: el evento sigue `sealed` con `void.status` pending; se reenvía y el webhook `special_operation.voided` avisa el sello.' }],
    refusals: ['dte_event_not_invalidatable', 'invalidation_deadline_passed', 'invalidation_rejected'],
    tag: 'Eventos',
    summary: 'Invalida un evento de operaciones especiales sellado con el evento de invalidación del MH (esquema v3, sin reemplazo).',
    description: `${INVALIDATE_NOTE} Webhook \`special_operation.voided\` al sellarse.`,
    scope: 'documents:write',
    params: z.object({ id: z.string().max(64).describe('Id del emisor'), event_id: z.string().max(64).describe('Id del evento') }),
    body: { schema: invalidateDteEventSchema, required: true, graphqlInput: 'InvalidateDteEventInput' },
    response: specialOperationResource,
    call: async ({ params, body }, ctx) => {
      const r = await ctx.services.invalidateDteEvent.execute(ctx.actor!, { kind: 'special_operation', emitterId: params.id, eventId: params.event_id }, body);
      return { body: serializeSpecialOperation(toSpecialOperation(r.event)), status: r.outcome === 'pending' ? 202 : 200 };
    },
  },
];
