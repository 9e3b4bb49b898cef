import { z } from 'zod';
import { createEstablishmentSchema, updateEstablishmentSchema } from '../../src/domain/emitter/establishment-input.schema';
import { toEstablishmentView } from '../../src/services/emitters/emitter-view';
import { idParam, listBody, listOf, pageOf, paginationQuery } from '../query-schemas';
import { establishmentResource, serializeEstablishment } from '../resources/emitter.resource';
import type { RestRoute } from '../route';

const bothIds = z.object({
  id: z.string().max(64).describe('Id del emisor'),
  establishment_id: z.string().max(64).describe('Id del establecimiento'),
});

export const establishmentRoutes: RestRoute[] = [
  {
    id: 'createEstablishment',
    method: 'POST',
    path: '/v1/emitters/:id/establishments',
    status: 201,
    refusals: ['establishment_code_taken'],
    tag: 'Establecimientos',
    summary: 'Crea un establecimiento del emisor, con sus puntos de venta.',
    scope: 'emitters:write',
    params: idParam('id', 'Id del emisor'),
    body: { schema: createEstablishmentSchema, required: true, graphqlInput: 'CreateEstablishmentInput' },
    response: establishmentResource,
    call: async ({ params, body }, ctx) => ({ body: serializeEstablishment(toEstablishmentView(await ctx.services.createEstablishment.execute(ctx.actor!, params.id, body))) }),
  },
  {
    id: 'listEstablishments',
    method: 'GET',
    path: '/v1/emitters/:id/establishments',
    status: 200,
    tag: 'Establecimientos',
    summary: 'Lista los establecimientos del emisor en orden de creación.',
    scope: 'emitters:read',
    params: idParam('id', 'Id del emisor'),
    query: paginationQuery,
    response: listOf(establishmentResource),
    refusalAs: 'query',
    call: async ({ params, query }, ctx) => {
      // As the query: null (404) when the emitter is not the account's.
      if (!(await ctx.services.getEmitter.execute(ctx.actor!, params.id))) return null;
      const page = await ctx.services.listEstablishments.execute(ctx.actor!, params.id, pageOf(query));
      return { body: listBody(page, (e) => serializeEstablishment(toEstablishmentView(e))) };
    },
  },
  {
    id: 'getEstablishment',
    method: 'GET',
    path: '/v1/emitters/:id/establishments/:establishment_id',
    status: 200,
    tag: 'Establecimientos',
    summary: 'Obtiene un establecimiento del emisor.',
    scope: 'emitters:read',
    params: bothIds,
    response: establishmentResource,
    refusalAs: 'query',
    call: async ({ params }, ctx) => {
      const e = await ctx.services.getEstablishment.execute(ctx.actor!, params.id, params.establishment_id);
      return e ? { body: serializeEstablishment(toEstablishmentView(e)) } : null;
    },
  },
  {
    id: 'updateEstablishment',
    method: 'PATCH',
    path: '/v1/emitters/:id/establishments/:establishment_id',
    status: 200,
    refusals: ['establishment_code_taken'],
    tag: 'Establecimientos',
    summary: 'Actualiza un establecimiento; `points_of_sale` reemplaza la lista completa (un punto de venta con documentos queda inactivo, no se borra).',
    scope: 'emitters:write',
    params: bothIds,
    body: { schema: updateEstablishmentSchema, required: true, graphqlInput: 'UpdateEstablishmentInput' },
    response: establishmentResource,
    call: async ({ params, body }, ctx) => ({ body: serializeEstablishment(toEstablishmentView(await ctx.services.updateEstablishment.execute(ctx.actor!, params.id, params.establishment_id, body))) }),
  },
];
