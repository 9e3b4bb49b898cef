import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ERROR_CODES } from '../src/domain/shared/error-codes';
import { camelToSnake } from './case-convert';
import type { RestRoute } from './route';

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
    type: z.string().describe('URI estable del tipo de problema: {base}/problems/{código} (véase docs/errors.md).'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string(),
    request_id: z.string(),
    errors: z.array(z.object({ path: z.string().nullable(), code: z.string(), message: z.string() })),
    mh: z.object({ codigoMsg: z.string().nullable(), descripcionMsg: z.string().nullable(), observaciones: z.array(z.string()) }).optional(),
  })
  .meta({ id: 'Problem' });

function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}

/** OpenAPI 3.1 from the route table: the same zod schemas that validate each request. */
export function buildOpenApiDocument(routes: readonly RestRoute[], serverUrl: string): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'Llave de API: `sk_test_…` (ambiente 00, pruebas) o `sk_live_…` (01, producción). La llave decide el ambiente.',
  });
  registry.register('Problem', problemSchema);
  const problem = { content: { 'application/problem+json': { schema: problemSchema } } };
  for (const r of routes) {
    const responses: Record<string, unknown> = {
      [String(r.status)]: {
        description: 'Éxito',
        ...(r.response ? { content: { 'application/json': { schema: r.response } } } : {}),
        ...(r.binaryMediaType ? { content: { [r.binaryMediaType]: { schema: { type: 'string', format: 'binary' } } } } : {}),
      },
    };
    const codes = new Set<number>([400, 401, 403, 404, 429]);
    if (r.body) codes.add(422).add(413).add(415);
    if (r.method === 'POST') codes.add(409);
    for (const c of [...codes].sort()) {
      responses[String(c)] = { description: Object.values(ERROR_CODES).find((e) => e.status === c)?.title ?? 'Error', ...problem };
    }
    const headers = r.method === 'POST'
      ? z.object({ 'Idempotency-Key': z.string().max(255).describe('Obligatorio en todo POST: la misma llave con el mismo cuerpo devuelve la misma respuesta (Idempotency-Replayed: true).') })
      : undefined;
    registry.registerPath({
      method: r.method.toLowerCase() as 'get',
      path: openApiPath(r.path),
      operationId: r.id,
      summary: r.summary,
      description: [r.description, r.scope ? `Permiso requerido: \`${r.scope}\`.` : 'Cualquier llave válida.'].filter(Boolean).join('\n\n'),
      tags: [r.tag],
      security: r.public ? [] : [{ apiKey: [] }],
      request: {
        ...(r.params ? { params: r.params } : {}),
        ...(r.query ? { query: r.query } : {}),
        ...(headers ? { headers } : {}),
        ...(r.body
          ? {
              body: {
                required: r.body.required,
                content: {
                  'application/json': {
                    schema: snakeCaseJsonSchema(z.toJSONSchema(r.body.schema, { io: 'input', unrepresentable: 'any' }), r.body.opaque) as never,
                  },
                },
              },
            }
          : {}),
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
    },
    servers: [{ url: serverUrl }],
  }) as unknown as Record<string, unknown>;
}
