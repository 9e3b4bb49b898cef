import { execFileSync } from 'node:child_process';
import { emitterBody } from '../fixtures/emitter-bodies';
import { mhCertificate, mismatchedMhCertificate, opensslPkcs12 } from '../support/certificates';
import { graphql, request } from '../support/http-client';
import { CERT_PASSWORD, MH_PASSWORD, uploadCredentials } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_SERVER_URL } from '../support/test-database';
import { dbRows } from '../support/db-rows';

const NIT = '06141507791012';
let t: TestApp;
let emitterId: string;

beforeAll(async () => {
  t = await startTestApp();
  const e = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: NIT }) });
  emitterId = e.body.id;
});
afterAll(async () => {
  await t.stop();
});

const upload = (fields: Parameters<typeof uploadCredentials>[3], key = t.account.testKey) => uploadCredentials(t.url, key, emitterId, fields);

describe('PUT /v1/emitters/{id}/credentials', () => {
  it('accepts an MH XML certificate, seals the secrets, logs in to MH and shows the status on the emitter', async () => {
    const r = await upload({ environment: '00', certificate: mhCertificate(NIT, CERT_PASSWORD), private_key_password: CERT_PASSWORD, mh_user: NIT, mh_password: MH_PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: 'credential_status',
      environment: '00',
      certificate_loaded: true,
      certificate_nit: NIT,
      mh_login_ok: true,
      mh_user: NIT,
      checked_at: expect.any(String),
      certificate_valid_until: expect.any(String),
      message: expect.stringContaining('válido'),
    });
    expect(r.text).not.toContain(CERT_PASSWORD);
    expect(r.text).not.toContain(MH_PASSWORD);
    const e = await request(t.url, 'GET', `/v1/emitters/${emitterId}`, { key: t.account.testKey });
    // One status per environment: production has nothing stored yet.
    expect(e.body.credentials).toEqual([
      {
        environment: '00',
        certificate_loaded: true,
        certificate_nit: NIT,
        mh_login_ok: true,
        checked_at: r.body.checked_at,
        mh_user: NIT,
        certificate_valid_until: r.body.certificate_valid_until,
        message: r.body.message,
      },
      { environment: '01', certificate_loaded: false, certificate_nit: null, mh_login_ok: false, checked_at: null, mh_user: null, certificate_valid_until: null, message: null },
    ]);
  });

  it('accepts a PKCS#12 made with openssl (production credentials, with a live key)', async () => {
    const r = await upload({ environment: '01', certificate: opensslPkcs12(NIT, 'p12-pass'), filename: 'firma.p12', private_key_password: 'p12-pass', mh_user: NIT, mh_password: MH_PASSWORD }, t.account.liveKey);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ environment: '01', certificate_nit: NIT, certificate_loaded: true });
  });

  it.each([
    ['a wrong password', () => ({ certificate: mhCertificate(NIT, CERT_PASSWORD), private_key_password: 'otra-clave' }), 'private_key_password', 'certificate_password_invalid'],
    ['a key that does not match', () => ({ certificate: mismatchedMhCertificate(NIT, CERT_PASSWORD), private_key_password: CERT_PASSWORD }), 'certificate', 'certificate_key_mismatch'],
    ["another NIT's certificate", () => ({ certificate: mhCertificate('06149999999990', CERT_PASSWORD), private_key_password: CERT_PASSWORD }), 'certificate', 'certificate_nit_mismatch'],
    ['a PKCS#12 with a wrong password', () => ({ certificate: opensslPkcs12(NIT, 'bien'), private_key_password: 'mal' }), 'private_key_password', 'certificate_password_invalid'],
    ['garbage', () => ({ certificate: Buffer.from('esto no es un certificado'), private_key_password: CERT_PASSWORD }), 'certificate', 'certificate_unreadable'],
    ['an expired certificate', () => ({ certificate: mhCertificate(NIT, CERT_PASSWORD, -1), private_key_password: CERT_PASSWORD }), 'certificate', 'certificate_expired'],
  ])('refuses %s with 422 in Spanish and stores nothing', async (_label, make, path, code) => {
    const before = await t.app.services.deps.orm.em.getConnection().execute(`select id, version from emitter_credentials order by id`);
    const r = await upload({ environment: '00', ...make(), mh_user: NIT, mh_password: MH_PASSWORD });
    expect(r.status).toBe(422);
    expect(r.headers.get('content-type')).toMatch(/problem\+json/);
    expect(r.body.errors).toEqual([{ path, code, message: expect.stringMatching(/[a-zá-ú]/) }]);
    const after = await t.app.services.deps.orm.em.getConnection().execute(`select id, version from emitter_credentials order by id`);
    expect(after).toEqual(before);
  });

  it('lists every missing field at once, and refuses JSON', async () => {
    const r = await upload({ environment: '02', certificate: null });
    expect(r.status).toBe(422);
    expect(r.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['certificate', 'environment', 'mh_password', 'mh_user', 'private_key_password']);
    const j = await request(t.url, 'PUT', `/v1/emitters/${emitterId}/credentials`, { key: t.account.testKey, body: { environment: '00' } });
    expect(j.status).toBe(415);
  });

  describe('a partial upload keeps what is stored', () => {
    const stored = async (env = '00') =>
      (await dbRows<{ version: number; public_key_spki: string; sealed_private_key: string; sealed_key_password: string; mh_user: string; sealed_mh_password: string; certificate_valid_until: Date }>(
        t.db.url,
        'select version, public_key_spki, sealed_private_key, sealed_key_password, mh_user, sealed_mh_password, certificate_valid_until from emitter_credentials where emitter_id = $1 and environment = $2',
        [emitterId, env],
      ))[0];

    beforeAll(async () => {
      const r = await upload({ environment: '00', certificate: mhCertificate(NIT, CERT_PASSWORD), private_key_password: CERT_PASSWORD, mh_user: NIT, mh_password: MH_PASSWORD });
      expect(r.status).toBe(200);
    });

    it('the MH password alone rotates it and keeps the certificate: MH accepts the new password', async () => {
      const before = await stored();
      const rotated = 'Nueva#Clave2026MH';
      const r = await upload({ environment: '00', certificate: null, mh_password: rotated });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ certificate_loaded: true, certificate_nit: NIT, mh_user: NIT, mh_login_ok: true, certificate_valid_until: before.certificate_valid_until.toISOString() });
      expect(r.body.message).toBe(`Se conserva el certificado guardado (NIT ${NIT}). Inicio de sesión en la API del MH correcto.`);
      const after = await stored();
      expect(after).toMatchObject({ version: before.version + 1, public_key_spki: before.public_key_spki, sealed_private_key: before.sealed_private_key, sealed_key_password: before.sealed_key_password, mh_user: NIT });
      expect(after.sealed_mh_password).not.toBe(before.sealed_mh_password);
      expect(r.text).not.toContain(rotated);
      // The stored password is the new one: a later test login works with it.
      const test = await request(t.url, 'POST', `/v1/emitters/${emitterId}/credentials/test`, { key: t.account.testKey, body: { environment: '00' } });
      expect(test.body).toMatchObject({ mh_login_ok: true });
    });

    it('the certificate and its password alone replace them and keep the MH user and password', async () => {
      const before = await stored();
      const r = await upload({ environment: '00', certificate: opensslPkcs12(NIT, 'otra-p12'), filename: 'nuevo.p12', private_key_password: 'otra-p12' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ certificate_loaded: true, certificate_nit: NIT, mh_user: NIT, mh_login_ok: true });
      expect(r.body.message).toBe(`Certificado PKCS#12 válido para el NIT ${NIT}. Se conservan el usuario y la contraseña de la API del MH guardados. Inicio de sesión en la API del MH correcto.`);
      const after = await stored();
      expect(after).toMatchObject({ version: before.version + 1, mh_user: before.mh_user, sealed_mh_password: before.sealed_mh_password });
      expect(after.public_key_spki).not.toBe(before.public_key_spki);
      expect(after.sealed_private_key).not.toBe(before.sealed_private_key);
    });

    it.each([
      ['a certificate without its password', () => ({ certificate: mhCertificate(NIT, CERT_PASSWORD) }), [['private_key_password', 'El certificado y la contraseña de su llave privada se cambian juntos: envíe también la contraseña de la llave privada.']]],
      ['a certificate password without the certificate', () => ({ certificate: null, private_key_password: CERT_PASSWORD }), [['certificate', 'El certificado y la contraseña de su llave privada se cambian juntos: envíe también el archivo del certificado (XML del MH o .p12/.pfx).']]],
      ['nothing but the environment', () => ({ certificate: null }), [[null, 'No hay nada que actualizar: envíe el certificado con la contraseña de su llave privada, la contraseña (y el usuario) de la API del MH, o ambos. Lo que no envíe se conserva.']]],
    ])('refuses %s with 422 and changes nothing', async (_label, make, errors) => {
      const before = await stored();
      const r = await upload({ environment: '00', ...make() });
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual(errors.map(([path, message]) => ({ path, code: 'required', message })));
      expect(await stored()).toEqual(before);
    });

    it('a first upload of an environment needs every part; nothing is stored', async () => {
      const other = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '06141507791020' }) });
      const r = await uploadCredentials(t.url, t.account.testKey, other.body.id, { environment: '00', certificate: null, mh_password: MH_PASSWORD });
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual([
        { path: 'certificate', code: 'required', message: 'La primera carga de credenciales de un ambiente requiere el archivo del certificado (XML del MH o .p12/.pfx).' },
        { path: 'private_key_password', code: 'required', message: 'La primera carga de credenciales de un ambiente requiere la contraseña de la llave privada.' },
        { path: 'mh_user', code: 'required', message: 'La primera carga de credenciales de un ambiente requiere el usuario de la API del MH (NIT).' },
      ]);
      expect(await dbRows(t.db.url, 'select id from emitter_credentials where emitter_id = $1', [other.body.id])).toEqual([]);
      const e = await request(t.url, 'GET', `/v1/emitters/${other.body.id}`, { key: t.account.testKey });
      expect(e.body.credentials.map((c: { environment: string; certificate_loaded: boolean }) => [c.environment, c.certificate_loaded])).toEqual([['00', false], ['01', false]]);
    });

    it('GraphQL takes the same partial input (the MH password alone)', async () => {
      const before = await stored();
      const g = await graphql(
        t.url,
        t.account.testKey,
        `mutation($id: ID!, $input: UploadCredentialsInput!) { uploadCredentials(emitterId: $id, input: $input) { credential { environment certificateLoaded mhLoginOk } errors { field code } } }`,
        { id: emitterId, input: { environment: '00', mhPassword: MH_PASSWORD } },
      );
      expect(g.body.data.uploadCredentials).toEqual({ credential: { environment: '00', certificateLoaded: true, mhLoginOk: true }, errors: [] });
      expect(await stored()).toMatchObject({ public_key_spki: before.public_key_spki, sealed_private_key: before.sealed_private_key });
      const emitter = await graphql(t.url, t.account.testKey, `query($id: ID!) { emitter(id: $id) { credentials { environment certificateLoaded } } }`, { id: emitterId });
      expect(emitter.body.data.emitter.credentials).toEqual([{ environment: '00', certificateLoaded: true }, { environment: '01', certificateLoaded: true }]);
    });
  });

  it('POST …/credentials/test logs in again with the stored secrets', async () => {
    const r = await request(t.url, 'POST', `/v1/emitters/${emitterId}/credentials/test`, { key: t.account.testKey, body: { environment: '00' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ environment: '00', mh_login_ok: true });
    const none = await request(t.url, 'POST', `/v1/emitters/${emitterId}/credentials/test`, { key: t.account.testKey, body: { environment: '02' } });
    expect(none.status).toBe(422);
  });

  it('needs emitters:write and hides other accounts', async () => {
    const other = await t.newAccount();
    const r = await uploadCredentials(t.url, other.testKey, emitterId, { environment: '00', certificate: mhCertificate(NIT, CERT_PASSWORD), private_key_password: CERT_PASSWORD, mh_user: NIT, mh_password: MH_PASSWORD });
    expect(r.status).toBe(404);
    const k = await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: ['emitters:read'] });
    const f = await uploadCredentials(t.url, k.key, emitterId, { environment: '00', certificate: mhCertificate(NIT, CERT_PASSWORD), private_key_password: CERT_PASSWORD, mh_user: NIT, mh_password: MH_PASSWORD });
    expect(f.status).toBe(403);
  });

  it('GraphQL uploadCredentials takes the file as base64', async () => {
    const g = await graphql(
      t.url,
      t.account.testKey,
      `mutation($id: ID!, $input: UploadCredentialsInput!) { uploadCredentials(emitterId: $id, input: $input) { credential { environment certificateNit mhLoginOk } errors { field code } } }`,
      { id: emitterId, input: { environment: '00', certificateBase64: mhCertificate(NIT, CERT_PASSWORD).toString('base64'), privateKeyPassword: CERT_PASSWORD, mhUser: NIT, mhPassword: MH_PASSWORD } },
    );
    expect(g.body.data.uploadCredentials).toEqual({ credential: { environment: '00', certificateNit: NIT, mhLoginOk: true }, errors: [] });
    const bad = await graphql(
      t.url,
      t.account.testKey,
      `mutation($id: ID!, $input: UploadCredentialsInput!) { uploadCredentials(emitterId: $id, input: $input) { credential { environment } errors { field code } } }`,
      { id: emitterId, input: { environment: '00', certificateBase64: mhCertificate(NIT, CERT_PASSWORD).toString('base64'), privateKeyPassword: 'x', mhUser: NIT, mhPassword: MH_PASSWORD } },
    );
    expect(bad.body.data.uploadCredentials).toEqual({ credential: null, errors: [{ field: 'privateKeyPassword', code: 'CERTIFICATE_PASSWORD_INVALID' }] });
  });

  it('no secret appears in clear in any database column or log line', async () => {
    const cert = mhCertificate(NIT, CERT_PASSWORD).toString('utf8');
    const privateKeyB64 = /<privateKey>[\s\S]*?<encodied>([\s\S]*?)<\/encodied>/.exec(cert)![1].replace(/\s+/g, '');
    await upload({ environment: '00', certificate: Buffer.from(cert), private_key_password: CERT_PASSWORD, mh_user: NIT, mh_password: MH_PASSWORD });
    const dbUrl = new URL(TEST_SERVER_URL);
    const dump = execFileSync('pg_dump', ['-h', dbUrl.hostname, '-p', dbUrl.port || '5432', '-U', dbUrl.username || 'postgres', '--data-only', t.db.name], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8');
    expect(dump).toContain(NIT);
    for (const secret of [CERT_PASSWORD, MH_PASSWORD, privateKeyB64.slice(0, 64), Buffer.from(privateKeyB64, 'base64').toString('hex').slice(0, 64)]) {
      expect(dump).not.toContain(secret);
      expect(t.logs.join('')).not.toContain(secret);
    }
  });
});
