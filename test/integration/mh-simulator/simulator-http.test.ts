/**
 * The simulator over real HTTP, checked against MH's raw shapes (MH-API-NOTES §2–§4): auth,
 * recepciondte, consultadte, codes, the control API and persistence across restarts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JOURNAL_FILE } from '../../../src/mh-simulator/store/journal.store';
import {
  DteFactory, TestClock, createTestIssuer, enrol, http, login, newGenerationCode, setFaults, sign, startSimulator, tempDataDir,
  type RunningSimulator, type SignedDte,
} from './mh-test-kit';

const issuer = createTestIssuer();
const HOUR = 3_600_000;

function envelope(d: SignedDte, overrides: Record<string, unknown> = {}) {
  return { ambiente: '00', idEnvio: 1, version: d.version, tipoDte: d.tipoDte, documento: d.jws, codigoGeneracion: d.codigoGeneracion, ...overrides };
}

describe('MH simulator over HTTP', () => {
  const clock = new TestClock(new Date('2026-03-10T16:00:00Z'));
  const factory = new DteFactory(issuer, clock);
  let s: RunningSimulator;
  let token: string;
  const send = (body: unknown, t = token) => http(s.url, 'POST', '/fesv/recepciondte', body, { Authorization: t });

  beforeAll(async () => {
    s = await startSimulator({ clock });
    await enrol(s.sim, issuer);
    token = await login(s.url, issuer);
  });
  afterAll(() => s.dispose());

  describe('POST /seguridad/auth', () => {
    it('answers MH\'s success body with a Bearer token', async () => {
      const res = await fetch(`${s.url}/seguridad/auth`, {
        method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ user: issuer.creds.mhUser, pwd: issuer.creds.mhPassword }).toString(),
      });
      const json = (await res.json()) as any;
      expect(res.status).toBe(200);
      expect(json).toEqual({
        status: 'OK',
        body: { user: issuer.creds.mhUser, token: expect.stringMatching(/^Bearer [A-Za-z0-9_-]{20,}$/), rol: expect.objectContaining({ activo: true }), roles: [], tokenType: 'Bearer' },
      });
    });
    it.each([
      ['wrong password', new URLSearchParams({ user: issuer.creds.mhUser, pwd: 'otra-clave' }).toString(), 'application/x-www-form-urlencoded'],
      ['unknown user', new URLSearchParams({ user: '00000000000000', pwd: issuer.creds.mhPassword }).toString(), 'application/x-www-form-urlencoded'],
      ['JSON instead of a form', JSON.stringify({ user: issuer.creds.mhUser, pwd: issuer.creds.mhPassword }), 'application/json'],
    ])('%s → 401 "Usuario no valido"', async (_label, body, type) => {
      const res = await fetch(`${s.url}/seguridad/auth`, { method: 'POST', headers: { 'Content-Type': type }, body });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ status: 'ERROR', error: 'Unauthorized', message: 'Usuario no valido' });
    });
  });

  describe('POST /fesv/recepciondte', () => {
    it('accepts a valid FE with MH\'s PROCESADO body', async () => {
      const d = factory.build('01');
      const res = await send(envelope(d));
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        version: 2, ambiente: '00', versionApp: 2, estado: 'PROCESADO', codigoGeneracion: d.codigoGeneracion,
        selloRecibido: expect.stringMatching(/^2026[0-9A-F]{32}[A-Z0-9]{4}$/), fhProcesamiento: '10/03/2026 10:00:00',
        clasificaMsg: '10', codigoMsg: '001', descripcionMsg: 'RECIBIDO', observaciones: [],
      });
    });
    it('accepts a token without the "Bearer " prefix', async () => {
      const res = await send(envelope(factory.build('03')), token.replace(/^Bearer /, ''));
      expect(res.json.estado).toBe('PROCESADO');
    });
    it('refuses an unknown token with 401 (Spring body)', async () => {
      const res = await send(envelope(factory.build('01')), 'Bearer desconocido');
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ timestamp: expect.any(String), status: 401, error: 'Unauthorized', path: '/fesv/recepciondte' });
    });
    it('answers a malformed envelope with Spring\'s 400 body', async () => {
      const res = await send({ ambiente: '00', documento: 'x' });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ timestamp: expect.any(String), status: 400, error: 'Bad Request', path: '/fesv/recepciondte' });
    });
    it('refuses a known codigoGeneracion with 004 and no seal; consultadte returns the first seal', async () => {
      const d = factory.build('01');
      const first = await send(envelope(d));
      const again = await send(envelope(d));
      expect(again.status).toBe(400);
      expect(again.json).toMatchObject({
        estado: 'RECHAZADO', selloRecibido: null, codigoMsg: '004', clasificaMsg: '11',
        descripcionMsg: '[identificacion.codigoGeneracion] YA EXISTE UN REGISTRO CON ESE VALOR', codigoGeneracion: d.codigoGeneracion,
      });
      const query = await http(s.url, 'POST', '/fesv/recepcion/consultadte/', { nitEmisor: issuer.nit, tdte: '01', codigoGeneracion: d.codigoGeneracion }, { Authorization: token });
      expect(query.status).toBe(200);
      expect(query.json).toEqual(first.json);
    });
    it('refuses a repeated numeroControl with 004 on numeroControl', async () => {
      const d = factory.build('01');
      await send(envelope(d));
      const other = factory.build('01', { controlNumber: d.numeroControl });
      const res = await send(envelope(other));
      expect(res.json).toMatchObject({ estado: 'RECHAZADO', codigoMsg: '004', descripcionMsg: '[identificacion.numeroControl] YA EXISTE UN REGISTRO CON ESE VALOR' });
    });
    it('refuses a JWS whose header is not exactly {"alg":"RS512"} (802)', async () => {
      const d = factory.build('01');
      const header = Buffer.from('{"alg":"RS512","typ":"JWT"}').toString('base64url');
      const res = await send(envelope(d, { documento: `${header}.${d.jws.split('.').slice(1).join('.')}` }));
      expect(res.json).toMatchObject({ estado: 'RECHAZADO', codigoMsg: '802', descripcionMsg: 'No valido' });
    });
    it('refuses a document of a NIT the token does not cover (903)', async () => {
      const d = factory.build('01', { mutate: (j) => { j.emisor.nit = '06140101901234'; } });
      const res = await send(envelope(d));
      expect(res.json).toMatchObject({ estado: 'RECHAZADO', codigoMsg: '903', descripcionMsg: '[emisor.nit] NO CORRESPONDE AL USUARIO AUTENTICADO' });
    });
    it.each([
      ['version', { version: 3 }, '[identificacion.version] NO COINCIDE CON EL VALOR DEL ENVIO'],
      ['tipoDte', { tipoDte: '03' }, '[identificacion.tipoDte] NO COINCIDE CON EL VALOR DEL ENVIO'],
      ['codigoGeneracion', { codigoGeneracion: 'A1B2C3D4-1111-4222-8333-444455556699' }, '[identificacion.codigoGeneracion] NO COINCIDE CON EL VALOR DEL ENVIO'],
    ])('refuses an envelope whose %s differs from the DTE (902)', async (_f, overrides, message) => {
      const res = await send(envelope(factory.build('01'), overrides));
      expect(res.json).toMatchObject({ estado: 'RECHAZADO', codigoMsg: '902', descripcionMsg: message });
    });
    it('refuses production documents unless allowed (901, Spanish)', async () => {
      const d = factory.build('01', { environment: '01' });
      const res = await send(envelope(d, { ambiente: '01' }));
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ estado: 'RECHAZADO', codigoMsg: '901', descripcionMsg: expect.stringContaining('AMBIENTE DE PRODUCCION') });
    });
    it('lists the schema violations (096)', async () => {
      const d = factory.build('01', { mutate: (j) => { j.identificacion.tipoMoneda = 'EUR'; delete j.resumen.totalLetras; } });
      const res = await send(envelope(d));
      expect(res.json).toMatchObject({ estado: 'RECHAZADO', codigoMsg: '096', descripcionMsg: 'DOCUMENTO NO CUMPLE ESQUEMA JSON' });
      expect(res.json.observaciones).toEqual(expect.arrayContaining([expect.stringContaining('#/identificacion/tipoMoneda'), expect.stringContaining('#/resumen/totalLetras')]));
    });
  });

  describe('correction window after a rejection (MH-2026-RULES §3)', () => {
    it('same code within 24 h is accepted; after 24 h it needs a new code (906)', async () => {
      const code1 = newGenerationCode();
      const code2 = newGenerationCode();
      const bad = (code: string) => factory.build('01', { generationCode: code, mutate: (j) => { j.resumen.totalIva = 5; } });
      expect((await send(envelope(bad(code1)))).json.codigoMsg).toBe('020');
      expect((await send(envelope(bad(code2)))).json.codigoMsg).toBe('020');
      clock.advance(23 * HOUR);
      expect((await send(envelope(factory.build('01', { generationCode: code1 })))).json.estado).toBe('PROCESADO');
      clock.advance(2 * HOUR);
      token = await login(s.url, issuer);
      const late = await send(envelope(factory.build('01', { generationCode: code2 })));
      expect(late.json).toMatchObject({ estado: 'RECHAZADO', codigoMsg: '906' });
    });
  });

  describe('POST /fesv/recepcion/consultadte/', () => {
    it('not found → 400, estado null, 999', async () => {
      const code = newGenerationCode();
      const res = await http(s.url, 'POST', '/fesv/recepcion/consultadte/', { nitEmisor: issuer.nit, tdte: '01', codigoGeneracion: code }, { Authorization: token });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ estado: null, codigoMsg: '999', descripcionMsg: 'No se encontro ningun registro que coincida', selloRecibido: null, codigoGeneracion: code });
    });
    it('a rejected reception is not "found"', async () => {
      const d = factory.build('01', { mutate: (j) => { j.resumen.totalPagar = 1; } });
      expect((await send(envelope(d))).json.estado).toBe('RECHAZADO');
      const res = await http(s.url, 'POST', '/fesv/recepcion/consultadte/', { nitEmisor: issuer.nit, tdte: '01', codigoGeneracion: d.codigoGeneracion }, { Authorization: token });
      expect(res.json.codigoMsg).toBe('999');
    });
    it('a different tdte is not "found"', async () => {
      const d = factory.build('03');
      await send(envelope(d));
      const res = await http(s.url, 'POST', '/fesv/recepcion/consultadte/', { nitEmisor: issuer.nit, tdte: '01', codigoGeneracion: d.codigoGeneracion }, { Authorization: token });
      expect(res.json.codigoMsg).toBe('999');
    });
  });

  describe('control API', () => {
    it('GET /__control/receptions counts every attempt', async () => {
      const d = factory.build('01');
      await send(envelope(d));
      await send(envelope(d));
      await setFaults(s.url, { mode: 'reject', code: '096', observations: ['Campo #/x simulado'], count: 1, paths: ['/fesv/recepciondte'] });
      const injected = await send(envelope(d));
      expect(injected.json).toMatchObject({ estado: 'RECHAZADO', codigoMsg: '096', observaciones: ['Campo #/x simulado'] });
      const res = await http(s.url, 'GET', `/__control/receptions?generation_code=${d.codigoGeneracion}`);
      expect(res.json).toEqual({ data: [{ generation_code: d.codigoGeneracion, type: '01', received: 3, sealed: 1, last_status: 'RECHAZADO' }] });
    });
    it('POST /__control/enrolments enrols another issuer that can then log in', async () => {
      const other = createTestIssuer('06140101901234');
      const res = await http(s.url, 'POST', '/__control/enrolments', {
        nit: other.nit, environment: '00', mh_user: other.creds.mhUser, mh_password: other.creds.mhPassword,
        public_key_spki_der_base64: other.publicKeySpkiDer.toString('base64'),
      });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({ data: { nit: other.nit, environment: '00', mh_user: other.creds.mhUser } });
      expect(await login(s.url, other)).toMatch(/^Bearer /);
    });
    it('POST /__control/enrolments refuses a bad key (400)', async () => {
      const res = await http(s.url, 'POST', '/__control/enrolments', { nit: issuer.nit, environment: '00', mh_user: 'u', mh_password: 'p', public_key_spki_der_base64: 'AAAA' });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('invalid_enrolment');
    });
    it('PUT /__control/faults refuses an unknown mode', async () => {
      const res = await http(s.url, 'PUT', '/__control/faults', { mode: 'explode' });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('invalid_fault');
    });
    it('GET /__control/health', async () => {
      const res = await http(s.url, 'GET', '/__control/health');
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ status: 'ok', counts: { enrolments: 2 } });
    });
    it('tokens expire after 24 h of the simulator clock', async () => {
      const fresh = await login(s.url, issuer);
      clock.advance(24 * HOUR + 1000);
      const res = await send(envelope(factory.build('01')), fresh);
      expect(res.status).toBe(401);
      token = await login(s.url, issuer);
    });
  });
});

describe('MH simulator persistence', () => {
  it('keeps seals, duplicates, counts and enrolments across a restart; never the clear password', async () => {
    const dataDir = tempDataDir();
    const factory = new DteFactory(issuer);
    let s = await startSimulator({ dataDir });
    await enrol(s.sim, issuer);
    let token = await login(s.url, issuer);
    const d = factory.build('01');
    const first = await http(s.url, 'POST', '/fesv/recepciondte', envelope(d), { Authorization: token });
    expect(first.json.estado).toBe('PROCESADO');
    await s.close();

    s = await startSimulator({ dataDir });
    try {
      expect((await http(s.url, 'POST', '/fesv/recepciondte', envelope(d), { Authorization: token })).status).toBe(401);
      token = await login(s.url, issuer);
      const query = await http(s.url, 'POST', '/fesv/recepcion/consultadte/', { nitEmisor: issuer.nit, tdte: '01', codigoGeneracion: d.codigoGeneracion }, { Authorization: token });
      expect(query.json.selloRecibido).toBe(first.json.selloRecibido);
      const again = await http(s.url, 'POST', '/fesv/recepciondte', envelope(d), { Authorization: token });
      expect(again.json.codigoMsg).toBe('004');
      const counts = await http(s.url, 'GET', `/__control/receptions?generation_code=${d.codigoGeneracion}`);
      expect(counts.json.data).toEqual([{ generation_code: d.codigoGeneracion, type: '01', received: 2, sealed: 1, last_status: 'RECHAZADO' }]);
      const journal = readFileSync(join(dataDir, JOURNAL_FILE), 'utf8');
      expect(journal).not.toContain(issuer.creds.mhPassword);
      expect(journal).toContain('"passwordHash":"scrypt$');
    } finally {
      await s.dispose();
    }
  });

  it('ignores a torn last line (crash during a write)', async () => {
    const dataDir = tempDataDir();
    let s = await startSimulator({ dataDir });
    await enrol(s.sim, issuer);
    await s.close();
    const { appendFileSync } = await import('node:fs');
    appendFileSync(join(dataDir, JOURNAL_FILE), '{"t":"reception","at":"2026');
    s = await startSimulator({ dataDir });
    try {
      expect(await login(s.url, issuer)).toMatch(/^Bearer /);
      expect(readFileSync(join(dataDir, JOURNAL_FILE), 'utf8').endsWith('\n')).toBe(true);
    } finally {
      await s.dispose();
    }
  });
});

describe('MH simulator with allowProduction', () => {
  it('accepts production documents of an issuer enrolled for 01', async () => {
    const s = await startSimulator({ allowProduction: true });
    try {
      await enrol(s.sim, issuer, '01');
      const token = await login(s.url, issuer);
      const d = new DteFactory(issuer).build('01', { environment: '01' });
      const res = await http(s.url, 'POST', '/fesv/recepciondte', envelope(d, { ambiente: '01' }), { Authorization: token });
      expect(res.json).toMatchObject({ estado: 'PROCESADO', ambiente: '01' });
      const signedForTest = sign({ ...d.json, identificacion: { ...d.json.identificacion, ambiente: '00' } }, issuer.privateKey);
      const noTestEnrolment = await http(s.url, 'POST', '/fesv/recepciondte', envelope({ ...d, jws: signedForTest }), { Authorization: token });
      expect(noTestEnrolment.json.codigoMsg).toBe('903');
    } finally {
      await s.dispose();
    }
  });
});
