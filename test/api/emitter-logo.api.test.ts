/**
 * The issuer's logo uploaded to the service (ADR 0046), over REST (multipart) and GraphQL (base64):
 * kept in the database, served at `GET /v1/emitters/{id}/logo`, named by the issuer's `logo_url`,
 * drawn on its documents' PDFs; a file that is not a PNG or JPEG, or too large, is refused and changes
 * nothing; a `logo_url` set by hand or a delete takes it away.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { feBody } from '../fixtures/document-bodies';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let sim: MhSimulator;
let t: TestApp;
let issuer: Issuer;

beforeAll(async () => {
  sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')) });
  t = await startTestApp({ MH_SIMULATOR_URL: await sim.listen(0) });
  issuer = await createIssuer(t.url, t.account.testKey);
});
afterAll(async () => {
  await t.stop();
  await sim.close();
});

const key = () => t.account.testKey;

async function putLogo(file: Buffer, name = 'logo.png') {
  const form = new FormData();
  form.set('logo', new Blob([file]), name);
  const res = await fetch(`${t.url}/v1/emitters/${issuer.emitterId}/logo`, { method: 'PUT', headers: { Authorization: `Bearer ${key()}` }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const hasImage = (pdf: Buffer) => pdf.toString('latin1').includes('/Subtype /Image');
const logos = () => dbRows(t.db.url, 'select emitter_id, media_type, bytes from emitter_logos');

describe('the issuer’s uploaded logo', () => {
  it('REST: uploaded, served back byte for byte, named by logo_url and drawn on the PDF', async () => {
    const put = await putLogo(PNG);
    expect(put).toEqual({
      status: 200,
      body: { object: 'emitter_logo', emitter_id: issuer.emitterId, media_type: 'image/png', bytes: PNG.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), updated_at: expect.any(String), url: `${t.url}/v1/emitters/${issuer.emitterId}/logo` },
    });
    const got = await fetch(`${t.url}/v1/emitters/${issuer.emitterId}/logo`, { headers: { Authorization: `Bearer ${key()}` } });
    expect([got.status, got.headers.get('content-type'), got.headers.get('etag')]).toEqual([200, 'image/png', `"${put.body.sha256}"`]);
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
    const again = await fetch(`${t.url}/v1/emitters/${issuer.emitterId}/logo`, { headers: { Authorization: `Bearer ${key()}`, 'If-None-Match': `"${put.body.sha256}"` } });
    expect(again.status).toBe(304);
    const emitter = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}`, { key: key() });
    expect(emitter.body.logo_url).toBe(`${t.url}/v1/emitters/${issuer.emitterId}/logo`);
    const doc = await request(t.url, 'POST', '/v1/documents', { key: key(), body: feBody(issuer) });
    const pdf = await fetch(`${t.url}/v1/documents/${doc.body.id}/pdf`, { headers: { Authorization: `Bearer ${key()}` } });
    expect(hasImage(Buffer.from(await pdf.arrayBuffer()))).toBe(true);
    const audit = await dbRows<{ action: string; details: Record<string, unknown> }>(t.db.url, `select action, details from audit_entries where target_id = $1 and action = 'emitter.updated'`, [issuer.emitterId]);
    expect(audit).toEqual([{ action: 'emitter.updated', details: expect.objectContaining({ changed: ['logo'], logo: { media_type: 'image/png', bytes: PNG.length, sha256: put.body.sha256 } }) }]);
  });

  it('refuses what is not a PNG or JPEG, or is too large, and keeps the logo it had', async () => {
    const before = await logos();
    const gif = await putLogo(GIF, 'logo.png');
    expect({ status: gif.status, errors: gif.body.errors }).toEqual({ status: 422, errors: [expect.objectContaining({ path: 'logo', message: 'El logo debe ser una imagen PNG o JPEG.' })] });
    const big = await putLogo(Buffer.concat([PNG, Buffer.alloc(600 * 1024)]));
    expect({ status: big.status, errors: big.body.errors }).toEqual({ status: 422, errors: [expect.objectContaining({ path: 'logo', code: 'out_of_range' })] });
    const g = await graphql(t.url, key(), 'mutation($id: ID!, $i: UploadEmitterLogoInput!) { uploadEmitterLogo(emitterId: $id, input: $i) { emitter { id } errors { field code message } } }', { id: issuer.emitterId, i: { contentBase64: GIF.toString('base64') } });
    expect(g.body.data.uploadEmitterLogo).toEqual({ emitter: null, errors: [{ field: 'contentBase64', code: 'INVALID_FORMAT', message: 'El logo debe ser una imagen PNG o JPEG.' }] });
    expect(await logos()).toEqual(before);
  });

  it('GraphQL: uploaded in base64; deleted, it is no longer served and the PDF goes without it', async () => {
    const g = await graphql(t.url, key(), 'mutation($id: ID!, $i: UploadEmitterLogoInput!) { uploadEmitterLogo(emitterId: $id, input: $i) { emitter { logoUrl } errors { code } } }', { id: issuer.emitterId, i: { contentBase64: PNG.toString('base64') } });
    expect(g.body.data.uploadEmitterLogo).toEqual({ emitter: { logoUrl: `${t.url}/v1/emitters/${issuer.emitterId}/logo` }, errors: [] });
    const del = await request(t.url, 'DELETE', `/v1/emitters/${issuer.emitterId}/logo`, { key: key() });
    expect(del.status).toBe(204);
    expect((await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/logo`, { key: key() })).status).toBe(404);
    expect((await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}`, { key: key() })).body.logo_url).toBeNull();
    const doc = await request(t.url, 'POST', '/v1/documents', { key: key(), body: feBody(issuer) });
    const pdf = await fetch(`${t.url}/v1/documents/${doc.body.id}/pdf`, { headers: { Authorization: `Bearer ${key()}` } });
    expect(hasImage(Buffer.from(await pdf.arrayBuffer()))).toBe(false);
  });

  it('a logo_url set by hand replaces the uploaded logo; another account sees none', async () => {
    expect((await putLogo(PNG)).status).toBe(200);
    expect((await request(t.url, 'PATCH', `/v1/emitters/${issuer.emitterId}`, { key: key(), body: { logo_url: null } })).status).toBe(200);
    expect(await logos()).toEqual([]);
    expect((await putLogo(PNG)).status).toBe(200);
    const other = await t.newAccount('Otra');
    expect((await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/logo`, { key: other.testKey })).status).toBe(404);
  });
});
