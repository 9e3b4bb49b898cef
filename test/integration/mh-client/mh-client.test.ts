/** HttpMhClient against the MH simulator over real HTTP: login, transmit, duplicates, query, rejections, re-login. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpMhClient, MH_BASE_URLS, type MhCredentials } from '../../../src/integrations/mh-client';
import {
  DteFactory, TestClock, createTestIssuer, enrol, http, newGenerationCode, sign, startSimulator, type RunningSimulator,
} from '../mh-simulator/mh-test-kit';

const issuer = createTestIssuer();
const SEAL = /^[A-Z0-9]{40}$/;

function client(url: string, extra: Partial<ConstructorParameters<typeof HttpMhClient>[0]> = {}): HttpMhClient {
  return new HttpMhClient({ baseUrls: { '00': url, '01': url }, timeoutMs: 5000, ...extra });
}

async function authCount(url: string): Promise<number> {
  return (await http(url, 'GET', '/__control/health')).json.counts.auth_ok;
}

describe('HttpMhClient ↔ MH simulator', () => {
  const factory = new DteFactory(issuer);
  let s: RunningSimulator;
  let mh: HttpMhClient;

  beforeAll(async () => {
    s = await startSimulator();
    await enrol(s.sim, issuer);
    mh = client(s.url);
  });
  afterAll(() => s.dispose());

  it('exports the real MH hosts as defaults', () => {
    expect(MH_BASE_URLS).toEqual({ '00': 'https://apitest.dtes.mh.gob.sv', '01': 'https://api.dtes.mh.gob.sv' });
  });

  describe('login', () => {
    it('ok with the enrolled password', async () => {
      expect(await mh.login('00', issuer.creds)).toEqual({ ok: true });
    });
    it('invalid_credentials with a wrong password', async () => {
      const creds: MhCredentials = { ...issuer.creds, mhPassword: 'equivocada' };
      expect(await mh.login('00', creds)).toEqual({ ok: false, code: 'invalid_credentials', message: 'El MH rechazó las credenciales: Usuario no valido' });
    });
    it('unavailable when nothing listens', async () => {
      const server = createServer();
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((r) => server.close(() => r()));
      const dead = client(`http://127.0.0.1:${port}`);
      expect(await dead.login('00', issuer.creds)).toEqual({ ok: false, code: 'unavailable', message: expect.stringContaining('ECONNREFUSED') });
    });
  });

  describe('transmit', () => {
    it('processed with a 40-character seal; the same code again is a duplicate and query returns the first seal', async () => {
      const d = factory.build('01');
      const req = { tipoDte: d.tipoDte, version: d.version, codigoGeneracion: d.codigoGeneracion, jws: d.jws };
      const first = await mh.transmit('00', issuer.creds, req);
      expect(first).toEqual({
        kind: 'processed', seal: expect.stringMatching(SEAL), processedAt: expect.any(Date), code: '001', message: 'RECIBIDO', observations: [], raw: expect.any(Object),
      });
      if (first.kind !== 'processed') throw new Error('unreachable');
      expect(Math.abs(first.processedAt.getTime() - Date.now())).toBeLessThan(5000);

      const again = await mh.transmit('00', issuer.creds, req);
      expect(again).toEqual({ kind: 'duplicate', code: '004', message: '[identificacion.codigoGeneracion] YA EXISTE UN REGISTRO CON ESE VALOR', raw: expect.any(Object) });

      const query = await mh.query('00', issuer.creds, { tipoDte: '01', codigoGeneracion: d.codigoGeneracion });
      expect(query).toMatchObject({ kind: 'processed', seal: first.seal, processedAt: first.processedAt });
    });

    it('query of an unknown code → not_found', async () => {
      expect(await mh.query('00', issuer.creds, { tipoDte: '01', codigoGeneracion: newGenerationCode() })).toEqual({ kind: 'not_found', raw: expect.objectContaining({ codigoMsg: '999' }) });
    });

    it('tampered signature → rejected 802', async () => {
      const d = factory.build('03');
      const tampered = { ...d.json, resumen: { ...d.json.resumen, totalLetras: 'OTRO MONTO' } };
      const jws = `${d.jws.split('.')[0]}.${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${d.jws.split('.')[2]}`;
      expect(await mh.transmit('00', issuer.creds, { tipoDte: '03', version: 4, codigoGeneracion: d.codigoGeneracion, jws })).toEqual({
        kind: 'rejected', code: '802', message: 'No valido', observations: [expect.stringContaining('firma')], raw: expect.any(Object),
      });
    });

    it('signed with another key → rejected 802', async () => {
      const d = factory.build('01');
      const stranger = createTestIssuer();
      const jws = sign(d.json, stranger.privateKey);
      expect(await mh.transmit('00', issuer.creds, { tipoDte: '01', version: 2, codigoGeneracion: d.codigoGeneracion, jws })).toMatchObject({ kind: 'rejected', code: '802' });
    });

    it('schema violation → rejected 096 with the paths', async () => {
      const d = factory.build('05', { mutate: (j) => { j.receptor.correo = 12; j.extra = true; } });
      const r = await mh.transmit('00', issuer.creds, { tipoDte: '05', version: 4, codigoGeneracion: d.codigoGeneracion, jws: d.jws });
      expect(r).toMatchObject({ kind: 'rejected', code: '096', message: 'DOCUMENTO NO CUMPLE ESQUEMA JSON' });
      expect(r.kind === 'rejected' && r.observations).toEqual(expect.arrayContaining([expect.stringContaining('#/receptor/correo'), expect.stringContaining('#/extra')]));
    });

    it('wrong totals → rejected 020 naming the field', async () => {
      const d = factory.build('03', { mutate: (j) => { j.resumen.tributos[0].valor = 1.5; } });
      expect(await mh.transmit('00', issuer.creds, { tipoDte: '03', version: 4, codigoGeneracion: d.codigoGeneracion, jws: d.jws })).toMatchObject({
        kind: 'rejected', code: '020', message: '[resumen.tributos[0].valor] CALCULO INCORRECTO',
      });
    });

    it('a test document sent to production → rejected (production refused by the simulator)', async () => {
      const d = factory.build('01');
      expect(await mh.transmit('01', issuer.creds, { tipoDte: '01', version: 2, codigoGeneracion: d.codigoGeneracion, jws: d.jws })).toMatchObject({ kind: 'rejected', code: '901' });
    });
  });

  describe('tokens', () => {
    it('an unknown token (revoked on the simulator) → 401 → logs in again and retries once', async () => {
      await mh.login('00', issuer.creds);
      await http(s.url, 'DELETE', '/__control/tokens');
      const before = await authCount(s.url);
      const d = factory.build('01');
      expect(await mh.transmit('00', issuer.creds, { tipoDte: '01', version: 2, codigoGeneracion: d.codigoGeneracion, jws: d.jws })).toMatchObject({ kind: 'processed' });
      expect(await authCount(s.url)).toBe(before + 1);
    });

    it('reuses the cached token', async () => {
      await mh.login('00', issuer.creds);
      const before = await authCount(s.url);
      for (let i = 0; i < 3; i++) await mh.query('00', issuer.creds, { tipoDte: '01', codigoGeneracion: newGenerationCode() });
      expect(await authCount(s.url)).toBe(before);
    });

    it('renews a token proactively before it is 24 h old (client clock)', async () => {
      const clock = new TestClock();
      const c = client(s.url, { clock });
      await c.login('00', issuer.creds);
      clock.advance(21 * 3_600_000);
      const before = await authCount(s.url);
      await c.query('00', issuer.creds, { tipoDte: '01', codigoGeneracion: newGenerationCode() });
      expect(await authCount(s.url)).toBe(before + 1);
    });

    it('a password changed on MH\'s side → unavailable with status 401 (nothing is marked rejected)', async () => {
      const creds = { ...issuer.creds, mhPassword: 'cambiada-en-la-consola' };
      expect(await mh.transmit('00', creds, { tipoDte: '01', version: 2, codigoGeneracion: newGenerationCode(), jws: 'x.y.z' })).toEqual({
        kind: 'unavailable', status: 401, message: 'El MH rechazó las credenciales: Usuario no valido',
      });
    });

    it('concurrent calls share one login', async () => {
      const c = client(s.url);
      const before = await authCount(s.url);
      await Promise.all(Array.from({ length: 5 }, () => c.query('00', issuer.creds, { tipoDte: '01', codigoGeneracion: newGenerationCode() })));
      expect(await authCount(s.url)).toBe(before + 1);
    });
  });
});

describe('HttpMhClient ↔ simulator with a moving clock', () => {
  it('an expired token (simulator clock +24 h) is renewed transparently', async () => {
    const clock = new TestClock();
    const s = await startSimulator({ clock });
    try {
      await enrol(s.sim, issuer);
      const mh = client(s.url);
      await mh.login('00', issuer.creds);
      clock.advance(24 * 3_600_000 + 1);
      const d = new DteFactory(issuer, clock).build('01');
      expect(await mh.transmit('00', issuer.creds, { tipoDte: '01', version: 2, codigoGeneracion: d.codigoGeneracion, jws: d.jws })).toMatchObject({ kind: 'processed' });
    } finally {
      await s.dispose();
    }
  });

  it('state survives a restart: the client finds the seal and the duplicate is still refused', async () => {
    const s1 = await startSimulator();
    const mh = client(s1.url);
    await enrol(s1.sim, issuer);
    const d = new DteFactory(issuer).build('06');
    const req = { tipoDte: '06', version: 4, codigoGeneracion: d.codigoGeneracion, jws: d.jws };
    const first = await mh.transmit('00', issuer.creds, req);
    expect(first.kind).toBe('processed');
    await s1.close();
    const s2 = await startSimulator({ dataDir: s1.dataDir });
    try {
      const again = client(s2.url);
      expect(await again.query('00', issuer.creds, { tipoDte: '06', codigoGeneracion: d.codigoGeneracion })).toMatchObject({ kind: 'processed', seal: first.kind === 'processed' ? first.seal : '' });
      expect(await again.transmit('00', issuer.creds, req)).toMatchObject({ kind: 'duplicate' });
    } finally {
      await s2.dispose();
    }
  });
});
