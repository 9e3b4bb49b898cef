import { z } from 'zod';
import { DomainError } from '../../src/domain/shared/domain-error';
import { jsonResult, problemResult, type HttpResult } from '../http-result';
import { MultipartError, parseMultipart } from '../multipart';
import { idParam } from '../query-schemas';
import type { RestRoute } from '../route';

/** An uploaded logo (ADR 0046): never its bytes, which `GET …/logo` serves. */
export const emitterLogoResource = z.object({
  object: z.literal('emitter_logo'),
  emitter_id: z.string(),
  media_type: z.enum(['image/png', 'image/jpeg']),
  bytes: z.number().int(),
  sha256: z.string(),
  updated_at: z.string(),
  url: z.string().describe('Donde el servicio lo sirve: el logo_url del emisor'),
}).meta({ id: 'EmitterLogo' });

const LOGO_FORM = {
  type: 'object',
  properties: { logo: { type: 'string', format: 'binary', description: 'Imagen PNG o JPEG, hasta 512 KB.' } },
  required: ['logo'],
  additionalProperties: false,
};

const TAG = 'Emisores';

export const emitterLogoRoutes: RestRoute[] = [
  {
    id: 'uploadEmitterLogo',
    method: 'PUT',
    path: '/v1/emitters/:id/logo',
    status: 200,
    refusals: ['validation_failed', 'invalid_format'],
    tag: TAG,
    summary: 'Sube el logo del emisor (multipart/form-data, campo `logo`: PNG o JPEG de hasta 512 KB); el servicio lo guarda, lo sirve y sus PDF lo llevan.',
    description:
      'Reemplaza el logo anterior. El `logo_url` del emisor pasa a ser la dirección donde el servicio lo sirve (`GET /v1/emitters/{id}/logo`). Un `logo_url` puesto después con PATCH lo reemplaza. Queda en la auditoría.',
    scope: 'emitters:write',
    params: idParam('id', 'Id del emisor'),
    multipart: { maxBytes: 1024 * 1024, form: LOGO_FORM, graphqlInput: 'UploadEmitterLogoInput', graphqlRenamed: { logo: 'contentBase64' } },
    response: emitterLogoResource,
    handler: async (_req, input, gctx): Promise<HttpResult> => {
      let form;
      try {
        form = await parseMultipart(input.raw!.data, input.raw!.contentType, { fileBytes: 1024 * 1024, fields: 5 });
      } catch (err) {
        if (err instanceof MultipartError) throw DomainError.field('invalid_format', 'logo', `El formulario multipart no es válido: ${err.message}`);
        throw err;
      }
      const unknown = [...Object.keys(form.fields), ...Object.keys(form.files).filter((f) => f !== 'logo')];
      if (unknown.length) throw DomainError.validation(unknown.map((f) => ({ path: f, code: 'unknown_field', message: `Campo no admitido: "${f}".` })));
      const { logo } = await gctx.services.uploadEmitterLogo.execute(gctx.actor!, input.params.id, { content: form.files.logo?.data ?? null });
      return jsonResult(200, {
        object: 'emitter_logo', emitter_id: logo.emitterId, media_type: logo.mediaType, bytes: logo.bytes, sha256: logo.sha256, updated_at: logo.updatedAt.toISOString(), url: logo.url,
      });
    },
  },
  {
    id: 'getEmitterLogo',
    embedView: true,
    method: 'GET',
    path: '/v1/emitters/:id/logo',
    status: 200,
    tag: TAG,
    summary: 'El logo subido del emisor, tal como se subió (PNG o JPEG).',
    description: 'Responde la imagen con su `ETag` (el SHA-256); 404 si el emisor no tiene un logo subido.',
    scope: 'emitters:read',
    params: idParam('id', 'Id del emisor'),
    response: null,
    binaryMediaType: ['image/png', 'image/jpeg'],
    handler: async (req, input, gctx, problem): Promise<HttpResult> => {
      const logo = await gctx.services.getEmitterLogo.execute(gctx.actor!, input.params.id);
      if (!logo) return problemResult({ code: 'resource_not_found', detail: 'El emisor no tiene un logo subido (o pertenece a otra cuenta).' }, problem);
      const etag = `"${logo.sha256}"`;
      const headers = { ETag: etag, 'Cache-Control': 'private, max-age=0, must-revalidate' };
      if (req.headers['if-none-match'] === etag) return { status: 304, headers, body: '' };
      return { status: 200, headers: { ...headers, 'Content-Type': logo.mediaType, 'Content-Length': String(logo.content.length) }, body: logo.content };
    },
  },
  {
    id: 'deleteEmitterLogo',
    method: 'DELETE',
    path: '/v1/emitters/:id/logo',
    status: 204,
    tag: TAG,
    summary: 'Quita el logo subido del emisor: sus PDF se generan sin él (sin cuerpo en la respuesta).',
    scope: 'emitters:write',
    params: idParam('id', 'Id del emisor'),
    response: null,
    call: async ({ params }, ctx) => {
      await ctx.services.deleteEmitterLogo.execute(ctx.actor!, params.id);
      return { body: null, status: 204 };
    },
  },
];
