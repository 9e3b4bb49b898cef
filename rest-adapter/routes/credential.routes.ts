import { z } from 'zod';
import { DomainError } from '../../src/domain/shared/domain-error';
import { findUnsafeText, unsafeTextMessage } from '../../src/domain/shared/unsafe-text';
import { jsonResult } from '../http-result';
import { MultipartError, parseMultipart } from '../multipart';
import { idParam } from '../query-schemas';
import { credentialStatusResource, serializeCredential } from '../resources/document.resource';
import type { RestRoute } from '../route';

const MAX_UPLOAD = 2 * 1024 * 1024;

const CREDENTIALS_FORM = {
  type: 'object',
  properties: {
    environment: { type: 'string', enum: ['00', '01'], description: '00 pruebas, 01 producción (el de la llave).' },
    certificate: { type: 'string', format: 'binary', description: 'Certificado del MH (XML) o PKCS#12, hasta 1 MB.' },
    private_key_password: { type: 'string', description: 'Contraseña de la llave privada del certificado.' },
    mh_user: { type: 'string', description: 'NIT del usuario de la API del MH.' },
    mh_password: { type: 'string', description: 'Contraseña de la API del MH.' },
  },
  required: ['environment'],
  additionalProperties: false,
};

export const credentialRoutes: RestRoute[] = [
  {
    id: 'uploadCredentials',
    method: 'PUT',
    path: '/v1/emitters/:id/credentials',
    status: 200,
    refusals: ['validation_failed', 'invalid_format', 'certificate_unreadable', 'certificate_password_invalid', 'certificate_key_mismatch', 'certificate_key_unsupported', 'certificate_missing_nit', 'certificate_nit_mismatch', 'certificate_expired', 'certificate_not_yet_valid'],
    tag: 'Credenciales',
    summary: 'Sube el certificado (XML del MH o PKCS#12) y las credenciales de la API del MH de un ambiente (multipart/form-data).',
    description:
      'Campos: `environment` (00/01), `certificate` (archivo), `private_key_password`, `mh_user` (NIT), `mh_password`. La primera carga de un ambiente requiere todos; después basta enviar lo que cambia y se conserva lo demás: `mh_password` (y `mh_user`) sola rota la contraseña del MH, `certificate` con `private_key_password` cambia el certificado (siempre juntos). Se verifica la contraseña, que la llave privada corresponda al certificado, el NIT y la vigencia; los secretos se guardan cifrados y nunca se devuelven. Luego se prueba el inicio de sesión en el MH.',
    scope: 'emitters:write',
    params: idParam('id', 'Id del emisor'),
    multipart: { maxBytes: MAX_UPLOAD, form: CREDENTIALS_FORM, graphqlInput: 'UploadCredentialsInput', graphqlRenamed: { certificate: 'certificateBase64' } },
    response: credentialStatusResource,
    handler: async (_req, input, gctx) => {
      let form;
      try {
        form = await parseMultipart(input.raw!.data, input.raw!.contentType, { fileBytes: 1024 * 1024, fields: 20 });
      } catch (err) {
        if (err instanceof MultipartError) throw DomainError.field('invalid_format', 'certificate', `El formulario multipart no es válido: ${err.message}`);
        throw err;
      }
      const unsafe = findUnsafeText(form.fields);
      if (unsafe.length) throw DomainError.validation(unsafe.map((h) => ({ path: h.path, code: 'invalid_format', message: unsafeTextMessage(h.reason) })));
      const allowed = new Set(['environment', 'private_key_password', 'mh_user', 'mh_password']);
      const unknown = [...Object.keys(form.fields).filter((f) => !allowed.has(f)), ...Object.keys(form.files).filter((f) => f !== 'certificate')];
      if (unknown.length) {
        throw DomainError.validation(unknown.map((f) => ({ path: f, code: 'unknown_field', message: `Campo no admitido: "${f}".` })));
      }
      const status = await gctx.services.uploadCredentials.execute(gctx.actor!, input.params.id, {
        environment: form.fields.environment,
        certificate: form.files.certificate?.data ?? (form.fields.certificate ? Buffer.from(form.fields.certificate) : null),
        privateKeyPassword: form.fields.private_key_password,
        mhUser: form.fields.mh_user,
        mhPassword: form.fields.mh_password,
      });
      return jsonResult(200, serializeCredential(input.params.id, status));
    },
  },
  {
    id: 'testCredentials',
    method: 'POST',
    path: '/v1/emitters/:id/credentials/test',
    status: 200,
    refusals: ['credentials_not_configured'],
    tag: 'Credenciales',
    summary: 'Prueba el inicio de sesión en el MH con las credenciales guardadas (actualiza checked_at, mh_login_ok y message).',
    scope: 'emitters:write',
    params: idParam('id', 'Id del emisor'),
    body: {
      schema: z.strictObject({ environment: z.enum(['00', '01'], 'El ambiente es "00" (pruebas) o "01" (producción).') }),
      required: true,
      graphqlMutation: { field: 'testCredentials' },
      graphqlPathFields: { emitterId: 'id' },
    },
    response: credentialStatusResource,
    call: async ({ params, body }, ctx) => ({
      body: serializeCredential(params.id, await ctx.services.testCredentials.execute(ctx.actor!, params.id, (body as { environment: string }).environment)),
    }),
  },
];
