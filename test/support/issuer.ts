import { emitterBody, establishmentBody } from '../fixtures/emitter-bodies';
import { mhCertificate } from './certificates';
import { request } from './http-client';

export const CERT_PASSWORD = 'Clave-Privada-1';
export const MH_PASSWORD = 'ApiMh#2026-segura';

/** Uploads credentials for an environment with multipart/form-data, as an ERP would. */
export async function uploadCredentials(
  url: string,
  key: string,
  emitterId: string,
  fields: { environment: string; certificate: Buffer | null; filename?: string; private_key_password?: string; mh_user?: string; mh_password?: string; extra?: Record<string, string> },
) {
  const form = new FormData();
  form.set('environment', fields.environment);
  if (fields.certificate) form.set('certificate', new Blob([fields.certificate]), fields.filename ?? 'emisor.crt');
  if (fields.private_key_password !== undefined) form.set('private_key_password', fields.private_key_password);
  if (fields.mh_user !== undefined) form.set('mh_user', fields.mh_user);
  if (fields.mh_password !== undefined) form.set('mh_password', fields.mh_password);
  for (const [k, v] of Object.entries(fields.extra ?? {})) form.set(k, v);
  const res = await fetch(`${url}/v1/emitters/${emitterId}/credentials`, { method: 'PUT', headers: { Authorization: `Bearer ${key}` }, body: form });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, text };
}

export interface Issuer {
  emitterId: string;
  nit: string;
  establishment: string;
  pointOfSale: string;
}

/** An emitter with establishment M001 (points of sale P001, P002) and credentials for the key's environment. */
export async function createIssuer(url: string, key: string, opts: { nit?: string; environment?: '00' | '01'; emitter?: Record<string, unknown>; credentials?: boolean } = {}): Promise<Issuer> {
  const nit = opts.nit ?? `0614${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  const e = await request(url, 'POST', '/v1/emitters', { key, body: emitterBody({ nit, ...(opts.emitter ?? {}) }) });
  if (e.status !== 201) throw new Error(`emitter: ${e.status} ${e.text}`);
  const s = await request(url, 'POST', `/v1/emitters/${e.body.id}/establishments`, { key, body: establishmentBody() });
  if (s.status !== 201) throw new Error(`establishment: ${s.status} ${s.text}`);
  if (opts.credentials !== false) {
    const environment = opts.environment ?? (key.startsWith('sk_live_') ? '01' : '00');
    const c = await uploadCredentials(url, key, e.body.id, {
      environment,
      certificate: mhCertificate(nit, CERT_PASSWORD),
      private_key_password: CERT_PASSWORD,
      mh_user: nit,
      mh_password: MH_PASSWORD,
    });
    if (c.status !== 200) throw new Error(`credentials: ${c.status} ${c.text}`);
  }
  return { emitterId: e.body.id, nit, establishment: 'M001', pointOfSale: 'P001' };
}
