import { feBody } from '../fixtures/document-bodies';
import { mhCertificate } from '../support/certificates';
import { request } from '../support/http-client';
import { CERT_PASSWORD, createIssuer, MH_PASSWORD, uploadCredentials, type Issuer } from '../support/issuer';
import { logIn, withSession } from '../support/panel-session';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The issuance body's `environment`: honoured with a panel session (default the session's own),
 * ignored with an API key; production with a session follows the rules of a sk_live_ key.
 */
let live: TestApp;
let strict: TestApp;
let issuer: Issuer;
const PASSWORD = 'Clave-del-panel-2026';

beforeAll(async () => {
  [live, strict] = await Promise.all([startTestApp({ MH_SIMULATOR_ALLOW_PRODUCTION: 'true' }), startTestApp()]);
  for (const t of [live, strict]) await t.app.services.createUser.execute({ accountId: t.account.id, email: 'ana@lasbrisas.com.sv', password: PASSWORD, role: 'owner' });
  issuer = await createIssuer(live.url, live.account.testKey);
  const up = await uploadCredentials(live.url, live.account.liveKey, issuer.emitterId, {
    environment: '01',
    certificate: mhCertificate(issuer.nit, CERT_PASSWORD),
    private_key_password: CERT_PASSWORD,
    mh_user: issuer.nit,
    mh_password: MH_PASSWORD,
  });
  expect(up.status).toBe(200);
});
afterAll(async () => {
  await Promise.all([live.stop(), strict.stop()]);
});

describe('environment of an issuance', () => {
  it('with a session: the body decides, else the session; with a key the body is ignored', async () => {
    const s = await logIn(live.url, 'ana@lasbrisas.com.sv', PASSWORD);
    const byDefault = await withSession(live.url, s, 'POST', '/v1/documents', { body: feBody(issuer) });
    expect([byDefault.status, byDefault.body.environment]).toEqual([201, '00']);
    const toLive = await withSession(live.url, s, 'POST', '/v1/documents', { body: feBody(issuer, { environment: '01' }) });
    expect([toLive.status, toLive.body.environment]).toEqual([201, '01']);
    expect(toLive.body.json ?? null).toBeNull();

    const keyIgnores = await request(live.url, 'POST', '/v1/documents', { key: live.account.testKey, body: feBody(issuer, { environment: '01' }) });
    expect([keyIgnores.status, keyIgnores.body.environment]).toEqual([201, '00']);

    expect((await withSession(live.url, s, 'PATCH', '/v1/auth/session', { body: { environment: '01' } })).status).toBe(200);
    const sessionLive = await withSession(live.url, s, 'POST', '/v1/documents', { body: feBody(issuer) });
    expect([sessionLive.status, sessionLive.body.environment]).toEqual([201, '01']);
    const backToTest = await withSession(live.url, s, 'POST', '/v1/documents', { body: feBody(issuer, { environment: '00' }) });
    expect([backToTest.status, backToTest.body.environment]).toEqual([201, '00']);
    // Lists follow the session's environment.
    const listed = await withSession(live.url, s, 'GET', `/v1/documents?emitter_id=${issuer.emitterId}&limit=100`);
    expect(listed.body.data.map((d: { environment: string }) => d.environment)).toEqual(['01', '01']);
  });

  it('production with a session follows the sk_live_ rules: refused against the simulator, dry runs allowed', async () => {
    const own = await createIssuer(strict.url, strict.account.testKey);
    const s = await logIn(strict.url, 'ana@lasbrisas.com.sv', PASSWORD);
    const refused = await withSession(strict.url, s, 'POST', '/v1/documents', { body: feBody(own, { environment: '01' }) });
    expect([refused.status, refused.body.type]).toEqual([422, expect.stringMatching(/production_not_allowed$/)]);
    const dry = await withSession(strict.url, s, 'POST', '/v1/documents?dry_run=true', { body: feBody(own, { environment: '01' }) });
    expect([dry.status, dry.body.environment, dry.body.json.identificacion.ambiente]).toEqual([200, '01', '01']);
    const viaKey = await request(strict.url, 'POST', '/v1/documents', { key: strict.account.liveKey, body: feBody(own) });
    expect([viaKey.status, viaKey.body.type]).toEqual([422, refused.body.type]);
  });
});
