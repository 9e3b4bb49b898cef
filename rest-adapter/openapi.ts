import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ERROR_CODES } from '../src/domain/shared/error-codes';
import { camelToSnake } from './case-convert';
import type { RestRoute } from './route';
import { routeResponses, type SuccessResponse } from './route-responses';
import { PROBLEM_FIELDS } from './resources/problem-fields';

extendZodWithOpenApi(z);

type JsonSchema = Record<string, unknown>;

/** Renames `properties` and `required` of a JSON Schema to snake_case, as the REST body is written. */
export function snakeCaseJsonSchema(schema: unknown, opaque: readonly string[] = [], depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((s) => snakeCaseJsonSchema(s, opaque, depth));
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema as JsonSchema)) {
    if (k === '$schema') continue;
    if (k === 'properties' && v && typeof v === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(v as JsonSchema).map(([pk, pv]) => {
          const name = camelToSnake(pk);
          return [name, depth === 0 && opaque.includes(name) ? pv : snakeCaseJsonSchema(pv, opaque, depth + 1)];
        }),
      );
    } else if (k === 'required' && Array.isArray(v)) {
      out.required = v.map((r) => camelToSnake(String(r)));
    } else {
      out[k] = snakeCaseJsonSchema(v, opaque, k === 'items' || k === 'anyOf' || k === 'oneOf' || k === 'allOf' ? depth : depth + 1);
    }
  }
  return out;
}

const problemSchema = z
  .object({
    ...PROBLEM_FIELDS,
    type: PROBLEM_FIELDS.type.describe('URI estable del tipo de problema: {base}/problems/{código} (véase docs/errors.md).'),
    mh: z.object({ codigoMsg: z.string().nullable(), descripcionMsg: z.string().nullable(), observaciones: z.array(z.string()) }).optional(),
  })
  .meta({ id: 'Problem' });

/** The route's Express path relative to the `/v1` base address, in OpenAPI's `{param}` form. */
export function openApiPath(path: string): string {
  return path.replace(/^\/v1(?=\/)/, '').replace(/:([A-Za-z_]+)/g, '{$1}');
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Solicitud inválida',
  401: 'No autenticado (falta la llave, es inválida o fue revocada)',
  403: 'Permiso insuficiente (la llave no tiene el permiso de la operación, u otro ambiente)',
  404: 'No existe el recurso (o pertenece a otra cuenta o ambiente)',
  409: 'Conflicto',
  410: 'Enlace vencido o ya usado',
  413: 'Cuerpo demasiado grande',
  415: 'Tipo de contenido no admitido',
  422: 'Error de validación o regla de negocio',
  429: 'Demasiadas solicitudes',
};

const retryAfter = { 'Retry-After': { description: 'Segundos que conviene esperar antes de reintentar.', schema: { type: 'integer' } } };

function problemResponse(status: number, codes: readonly string[]) {
  const text = STATUS_TEXT[status] ?? Object.values(ERROR_CODES).find((e) => e.status === status)?.title ?? 'Error';
  const list = codes.map((c) => `\`${c}\``).join(', ');
  return {
    description: `${text}. Códigos (\`type\` …/problems/{código}): ${list}${status === 422 ? '; `errors[]` detalla cada campo con su código' : ''}.`,
    'x-problem-codes': codes,
    ...(status === 429 || codes.includes('idempotency_request_in_progress') ? { headers: retryAfter } : {}),
    content: { 'application/problem+json': { schema: problemSchema } },
  };
}

function successResponse(s: SuccessResponse) {
  const content = s.mediaTypes.length
    ? { content: Object.fromEntries(s.mediaTypes.map((m) => [m, { schema: m === 'application/json' && s.schema ? s.schema : { type: 'string', format: 'binary' } }])) }
    : {};
  const headers = s.status === 302 ? { headers: { Location: { description: 'Enlace firmado de corta duración.', required: true, schema: { type: 'string', format: 'uri' } } } } : {};
  return { description: s.description, ...headers, ...content };
}

/** A request body schema (camelCase zod) as the REST door reads it: snake_case JSON Schema. */
function jsonBodySchema(r: RestRoute): never {
  return snakeCaseJsonSchema(z.toJSONSchema(r.body!.schema, { io: 'input', unrepresentable: 'any' }), r.body!.opaque) as never;
}

/**
 * OpenAPI 3.1 from the route table: the same zod schemas that validate each request, every success
 * status and every refusal an operation can answer (`route-responses.ts`). `servers[0].url` is the
 * base address ending in `/v1`; paths are relative to it, as the interface spec writes them.
 */
export function buildOpenApiDocument(routes: readonly RestRoute[], baseUrl: string): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'Llave de API: `sk_test_…` (ambiente 00, pruebas) o `sk_live_…` (01, producción). La llave decide el ambiente.',
  });
  registry.registerComponent('securitySchemes', 'panelSession', {
    type: 'apiKey',
    in: 'cookie',
    name: 'service_session',
    description:
      'Sesión del panel (POST /v1/auth/login). Toda solicitud que no sea GET/HEAD/OPTIONS (en /graphql, todo POST) lleva además `X-CSRF-Token` con el `csrf_token` de la sesión; sin él, 403 `csrf_token_invalid`. Con `Authorization: Bearer` la cookie se ignora.',
  });
  registry.register('Problem', problemSchema);
  for (const r of routes) {
    const { successes, problems } = routeResponses(r);
    const responses: Record<string, unknown> = {};
    for (const s of successes) responses[String(s.status)] = successResponse(s);
    for (const [status, codes] of problems) responses[String(status)] = problemResponse(status, codes);
    const headers = r.method === 'POST' && !r.public && r.idempotent !== false
      ? z.object({ 'Idempotency-Key': z.string().min(1).max(255).describe('Obligatorio en todo POST: la misma llave con el mismo cuerpo devuelve la misma respuesta (Idempotency-Replayed: true).') })
      : undefined;
    const body = r.body
      ? { required: r.body.required, content: { 'application/json': { schema: jsonBodySchema(r) } } }
      : r.multipart?.form
        ? { required: true, content: { 'multipart/form-data': { schema: r.multipart.form as never } } }
        : undefined;
    registry.registerPath({
      method: r.method.toLowerCase() as 'get',
      path: openApiPath(r.path),
      operationId: r.id,
      summary: r.summary,
      description: [r.description, r.scope ? `Permiso requerido: \`${r.scope}\`.` : r.public ? 'Sin llave de API.' : 'Cualquier llave válida.'].filter(Boolean).join('\n\n'),
      tags: [r.tag],
      security: r.public ? [] : [{ apiKey: [] }, { panelSession: [] }],
      request: {
        ...(r.params ? { params: r.params } : {}),
        ...(r.query ? { query: r.query } : {}),
        ...(headers ? { headers } : {}),
        ...(body ? { body } : {}),
      },
      responses: responses as never,
    });
  }
  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Servicio DTE El Salvador',
      version: '1.0.0-draft',
      description:
        'API REST /v1 de emisión de documentos tributarios electrónicos (DTE) ante el MH. Cuerpos JSON en snake_case, errores application/problem+json en español, Idempotency-Key en todo POST, paginación por cursor (limit, starting_after).',
      license: { name: 'Propietaria', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: `${baseUrl}/v1`, description: 'Dirección base: las rutas son relativas a ella.' }],
  }) as unknown as Record<string, unknown>;
}
