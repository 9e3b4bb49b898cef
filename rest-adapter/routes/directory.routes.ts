import { z } from 'zod';
import { createCustomerSchema, updateCustomerSchema } from '../../src/domain/directory/customer-input.schema';
import { createProductSchema, updateProductSchema } from '../../src/domain/directory/product-input.schema';
import { toCustomer, toProduct } from '../../src/graphql/directory/directory.mapper';
import { idParam, listOf, paginationQuery } from '../query-schemas';
import { customerEditLinkResource, customerResource, productResource, serializeCustomer, serializeProduct } from '../resources/directory.resource';
import type { RestRoute } from '../route';

const TAG = 'Directorio';

const customerIds = z.object({
  id: z.string().max(64).describe('Id del emisor'),
  customer_id: z.string().max(64).describe('Id del cliente (cus_…)'),
});
const productIds = z.object({
  id: z.string().max(64).describe('Id del emisor'),
  product_id: z.string().max(64).describe('Id del producto o servicio (prd_…)'),
});
const searchQuery = (what: string) => paginationQuery.extend({
  q: z.string().max(100, '"q" admite hasta 100 caracteres.').optional().describe(what),
});
const page = (query: Record<string, unknown>) => ({ limit: query.limit as number, startingAfter: (query.starting_after as string | undefined) ?? null });

/** An emitter's directory: customers (receivers) and products/services, what issuance by reference names. */
export const directoryRoutes: RestRoute[] = [
  {
    id: 'createCustomer',
    method: 'POST',
    path: '/v1/emitters/:id/customers',
    status: 201,
    refusals: ['customer_document_taken'],
    tag: TAG,
    summary: 'Agrega un cliente (receptor) al directorio del emisor, validado como el receptor de DocumentCreate.',
    scope: 'emitters:write',
    params: idParam('id', 'Id del emisor'),
    body: { schema: createCustomerSchema, required: true, graphqlInput: 'CreateCustomerInput' },
    response: customerResource,
    call: async ({ params, body }, ctx) => ({ body: serializeCustomer(toCustomer(await ctx.services.createCustomer.execute(ctx.actor!, params.id, body))) }),
  },
  {
    id: 'listCustomers',
    method: 'GET',
    path: '/v1/emitters/:id/customers',
    status: 200,
    tag: TAG,
    summary: 'Lista los clientes del emisor en orden alfabético, con búsqueda.',
    scope: 'emitters:read',
    params: idParam('id', 'Id del emisor'),
    query: searchQuery('Nombre, nombre comercial, NIT/DUI/número de documento (también parcial), NRC o correo; sin distinguir mayúsculas, tildes ni guiones.'),
    response: listOf(customerResource),
    call: async ({ params, query }, ctx) => {
      const p = await ctx.services.listCustomers.execute(ctx.actor!, params.id, query.q as string | undefined, page(query));
      return { body: { object: 'list', data: p.data.map((c) => serializeCustomer(toCustomer(c))), has_more: p.hasMore } };
    },
  },
  {
    id: 'getCustomer',
    method: 'GET',
    path: '/v1/emitters/:id/customers/:customer_id',
    status: 200,
    tag: TAG,
    summary: 'Obtiene un cliente del emisor.',
    scope: 'emitters:read',
    params: customerIds,
    response: customerResource,
    call: async ({ params }, ctx) => {
      const c = await ctx.services.getCustomer.execute(ctx.actor!, params.id, params.customer_id);
      return c ? { body: serializeCustomer(toCustomer(c)) } : null;
    },
  },
  {
    id: 'updateCustomer',
    method: 'PATCH',
    path: '/v1/emitters/:id/customers/:customer_id',
    status: 200,
    refusals: ['customer_document_taken'],
    tag: TAG,
    summary: 'Actualiza un cliente (null borra un campo opcional); los documentos ya emitidos no cambian.',
    scope: 'emitters:write',
    params: customerIds,
    body: { schema: updateCustomerSchema, required: true, graphqlInput: 'UpdateCustomerInput' },
    response: customerResource,
    call: async ({ params, body }, ctx) => ({ body: serializeCustomer(toCustomer(await ctx.services.updateCustomer.execute(ctx.actor!, params.id, params.customer_id, body))) }),
  },
  {
    id: 'deleteCustomer',
    method: 'DELETE',
    path: '/v1/emitters/:id/customers/:customer_id',
    status: 204,
    tag: TAG,
    summary: 'Quita un cliente del directorio (sin cuerpo en la respuesta); los documentos ya emitidos no cambian.',
    scope: 'emitters:write',
    params: customerIds,
    response: null,
    call: async ({ params }, ctx) => {
      await ctx.services.deleteCustomer.execute(ctx.actor!, params.id, params.customer_id);
      return { body: null, status: 204 };
    },
  },
  {
    id: 'createCustomerEditLink',
    method: 'POST',
    path: '/v1/emitters/:id/customers/:customer_id/edit-link',
    status: 201,
    tag: TAG,
    summary: 'Enlace de un solo uso (7 días) para que el cliente complete sus propios datos fiscales, sin cuenta.',
    description:
      'La URL abre una página en español fuera de /v1: abrirla (GET) no gasta el enlace, así que los antivirus de correo que la visitan no lo queman; '
      + 'solo enviar el formulario lo gasta. Los datos se validan como el cliente (`POST …/customers`); al guardarse, `self_service_completed_at` del cliente '
      + 'toma la fecha y el cambio queda en la bitácora (`customer.self_service_completed`). El token solo va en esta respuesta; se guarda su SHA-256.',
    scope: 'emitters:write',
    params: customerIds,
    response: customerEditLinkResource,
    call: async ({ params }, ctx) => {
      const link = await ctx.services.createCustomerEditLink.execute(ctx.actor!, params.id, params.customer_id);
      return { body: { object: 'customer_edit_link', url: link.url, expires_at: link.expiresAt.toISOString() } };
    },
  },
  {
    id: 'createProduct',
    method: 'POST',
    path: '/v1/emitters/:id/products',
    status: 201,
    refusals: ['product_code_taken'],
    tag: TAG,
    summary: 'Agrega un producto o servicio al catálogo del emisor.',
    scope: 'emitters:write',
    params: idParam('id', 'Id del emisor'),
    body: { schema: createProductSchema, required: true, graphqlInput: 'CreateProductInput' },
    response: productResource,
    call: async ({ params, body }, ctx) => ({ body: serializeProduct(toProduct(await ctx.services.createProduct.execute(ctx.actor!, params.id, body))) }),
  },
  {
    id: 'listProducts',
    method: 'GET',
    path: '/v1/emitters/:id/products',
    status: 200,
    tag: TAG,
    summary: 'Lista los productos y servicios del emisor por descripción, con búsqueda.',
    scope: 'emitters:read',
    params: idParam('id', 'Id del emisor'),
    query: searchQuery('Código o descripción; sin distinguir mayúsculas, tildes ni guiones.'),
    response: listOf(productResource),
    call: async ({ params, query }, ctx) => {
      const p = await ctx.services.listProducts.execute(ctx.actor!, params.id, query.q as string | undefined, page(query));
      return { body: { object: 'list', data: p.data.map((x) => serializeProduct(toProduct(x))), has_more: p.hasMore } };
    },
  },
  {
    id: 'getProduct',
    method: 'GET',
    path: '/v1/emitters/:id/products/:product_id',
    status: 200,
    tag: TAG,
    summary: 'Obtiene un producto o servicio del emisor.',
    scope: 'emitters:read',
    params: productIds,
    response: productResource,
    call: async ({ params }, ctx) => {
      const p = await ctx.services.getProduct.execute(ctx.actor!, params.id, params.product_id);
      return p ? { body: serializeProduct(toProduct(p)) } : null;
    },
  },
  {
    id: 'updateProduct',
    method: 'PATCH',
    path: '/v1/emitters/:id/products/:product_id',
    status: 200,
    refusals: ['product_code_taken'],
    tag: TAG,
    summary: 'Actualiza un producto o servicio (null borra un campo opcional); los documentos ya emitidos no cambian.',
    scope: 'emitters:write',
    params: productIds,
    body: { schema: updateProductSchema, required: true, graphqlInput: 'UpdateProductInput' },
    response: productResource,
    call: async ({ params, body }, ctx) => ({ body: serializeProduct(toProduct(await ctx.services.updateProduct.execute(ctx.actor!, params.id, params.product_id, body))) }),
  },
  {
    id: 'deleteProduct',
    method: 'DELETE',
    path: '/v1/emitters/:id/products/:product_id',
    status: 204,
    tag: TAG,
    summary: 'Quita un producto o servicio del catálogo (sin cuerpo en la respuesta); los documentos ya emitidos no cambian.',
    scope: 'emitters:write',
    params: productIds,
    response: null,
    call: async ({ params }, ctx) => {
      await ctx.services.deleteProduct.execute(ctx.actor!, params.id, params.product_id);
      return { body: null, status: 204 };
    },
  },
];
