/** Every fault mode of the simulator's control API, seen through HttpMhClient. */
import { HttpMhClient, type MhTransmitRequest } from '../../../src/integrations/mh-client';
import { DteFactory, createTestIssuer, enrol, http, setFaults, startSimulator, type RunningSimulator } from '../mh-simulator/mh-test-kit';

const issuer = createTestIssuer();

describe('fault injection (PUT /__control/faults) through the client', () => {
  const factory = new DteFactory(issuer);
  let s: RunningSimulator;
  let mh: HttpMhClient;
  /** Gives up after 400 ms (timeout tests only). */
  let impatient: HttpMhClient;
  const fe = (): MhTransmitRequest => {
    const d = factory.build('01');
    return { tipoDte: '01', version: 2, codigoGeneracion: d.codigoGeneracion, jws: d.jws };
  };

  beforeAll(async () => {
    s = await startSimulator();
    await enrol(s.sim, issuer);
    mh = new HttpMhClient({ baseUrls: { '00': s.url, '01': s.url }, timeoutMs: 5000 });
    impatient = new HttpMhClient({ baseUrls: { '00': s.url, '01': s.url }, timeoutMs: 400 });
    // Tokens are cached from here on, so faults on MH endpoints never hit the login.
    expect(await mh.login('00', issuer.creds)).toEqual({ ok: true });
    // The impatient client's own login may miss its 400 ms on a loaded machine: what is tested is
    // its behaviour under faults, so its token is fetched until it is cached.
    let login = await impatient.login('00', issuer.creds);
    for (let i = 0; i < 10 && !login.ok; i++) login = await impatient.login('00', issuer.creds);
    expect(login).toEqual({ ok: true });
  });
  beforeEach(async () => {
    await http(s.url, 'DELETE', '/__control/faults');
  });
  afterAll(() => s.dispose());

  it('latency: delays, then answers normally', async () => {
    await setFaults(s.url, { mode: 'latency', ms: 250, count: 1 });
    const started = performance.now();
    expect(await mh.transmit('00', issuer.creds, fe())).toMatchObject({ kind: 'processed' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('timeout: never answers → client timeout; nothing was received', async () => {
    await setFaults(s.url, { mode: 'timeout', count: 1 });
    const req = fe();
    expect(await impatient.transmit('00', issuer.creds, req)).toEqual({ kind: 'timeout', message: 'El MH no respondió dentro del tiempo de espera' });
    expect(await mh.query('00', issuer.creds, req)).toMatchObject({ kind: 'not_found' });
  });

  it('timeout with process: the document is sealed but the answer is lost → query finds it', async () => {
    await setFaults(s.url, { mode: 'timeout', count: 1, process: true, paths: ['/fesv/recepciondte'] });
    const req = fe();
    expect(await impatient.transmit('00', issuer.creds, req)).toMatchObject({ kind: 'timeout' });
    expect(await mh.query('00', issuer.creds, req)).toMatchObject({ kind: 'processed', code: '001' });
    expect(await mh.transmit('00', issuer.creds, req)).toMatchObject({ kind: 'duplicate' });
  });

  it('timeout is released when the faults are cleared', async () => {
    await setFaults(s.url, { mode: 'timeout', paths: ['/fesv/recepciondte'] });
    const pending = mh.transmit('00', issuer.creds, fe());
    for (let i = 0; i < 50 && (await http(s.url, 'GET', '/__control/health')).json.counts.held_connections === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await http(s.url, 'GET', '/__control/health')).json.counts.held_connections).toBe(1);
    await http(s.url, 'DELETE', '/__control/faults');
    expect(await pending).toMatchObject({ kind: 'unavailable', status: null });
  });

  it.each([
    [undefined, 500],
    [503, 503],
    [502, 502],
  ])('error (status %s): HTML body → unavailable %s', async (status, expected) => {
    await setFaults(s.url, { mode: 'error', count: 1, ...(status ? { status } : {}) });
    expect(await mh.transmit('00', issuer.creds, fe())).toEqual({ kind: 'unavailable', status: expected, message: `El MH respondió HTTP ${expected} sin un cuerpo JSON` });
  });

  it('error with process: HTTP 500 after sealing → query recovers the seal', async () => {
    await setFaults(s.url, { mode: 'error', count: 1, process: true, paths: ['/fesv/recepciondte'] });
    const req = fe();
    expect(await mh.transmit('00', issuer.creds, req)).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(await mh.query('00', issuer.creds, req)).toMatchObject({ kind: 'processed' });
  });

  it('reset: the socket is destroyed → unavailable without status', async () => {
    await setFaults(s.url, { mode: 'reset', count: 1 });
    expect(await mh.transmit('00', issuer.creds, fe())).toEqual({ kind: 'unavailable', status: null, message: expect.stringMatching(/^No se pudo comunicar con el MH/) });
  });

  it('reject: a RECHAZADO with the given code and observations (counted as a reception)', async () => {
    await setFaults(s.url, { mode: 'reject', code: '100', message: '[resumen.totalCompra] VALOR NO VALIDO', observations: ['una', '', 'dos'], count: 1 });
    const req = fe();
    expect(await mh.transmit('00', issuer.creds, req)).toEqual({
      kind: 'rejected', code: '100', message: '[resumen.totalCompra] VALOR NO VALIDO', observations: ['una', 'dos'], raw: expect.objectContaining({ estado: 'RECHAZADO', clasificaMsg: '14' }),
    });
    const counts = await http(s.url, 'GET', `/__control/receptions?generation_code=${req.codigoGeneracion}`);
    expect(counts.json.data).toEqual([{ generation_code: req.codigoGeneracion, type: '01', received: 1, sealed: 0, last_status: 'RECHAZADO' }]);
  });

  it('reject with 004 and no message: MH\'s duplicate text → duplicate', async () => {
    await setFaults(s.url, { mode: 'reject', code: '004', count: 1 });
    expect(await mh.transmit('00', issuer.creds, fe())).toMatchObject({ kind: 'duplicate', code: '004' });
  });

  it('down for a duration: every call refused, then normal again', async () => {
    const req = fe();
    const queuedAt = performance.now();
    // A window far longer than two local calls take, even on a loaded machine.
    await setFaults(s.url, { mode: 'down', duration_ms: 4000 });
    expect(await mh.transmit('00', issuer.creds, req)).toMatchObject({ kind: 'unavailable', status: null });
    expect(await mh.query('00', issuer.creds, req)).toMatchObject({ kind: 'unavailable', status: null });
    expect(performance.now() - queuedAt).toBeLessThan(4000);
    await new Promise((r) => setTimeout(r, 4050 - (performance.now() - queuedAt)));
    expect(await mh.transmit('00', issuer.creds, req)).toMatchObject({ kind: 'processed' });
  });

  it('down with status 503', async () => {
    await setFaults(s.url, { mode: 'down', status: 503, count: 2 });
    expect(await mh.transmit('00', issuer.creds, fe())).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(await mh.login('00', issuer.creds)).toEqual({ ok: false, code: 'unavailable', message: 'El MH respondió HTTP 503 sin un cuerpo JSON' });
    expect(await mh.login('00', issuer.creds)).toEqual({ ok: true });
  });

  it('paths filter: only the listed endpoint fails', async () => {
    await setFaults(s.url, { mode: 'error', paths: ['/fesv/recepcion/consultadte/'] });
    const req = fe();
    expect(await mh.transmit('00', issuer.creds, req)).toMatchObject({ kind: 'processed' });
    expect(await mh.query('00', issuer.creds, req)).toMatchObject({ kind: 'unavailable', status: 500 });
  });

  it('queued faults apply in order, each for its count', async () => {
    await setFaults(s.url, [{ mode: 'error', count: 1 }, { mode: 'reject', code: '096', observations: ['Campo #/x'], count: 1 }]);
    expect((await http(s.url, 'GET', '/__control/faults')).json.data.map((f: { mode: string }) => f.mode)).toEqual(['error', 'reject']);
    expect(await mh.transmit('00', issuer.creds, fe())).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(await mh.transmit('00', issuer.creds, fe())).toMatchObject({ kind: 'rejected', code: '096', observations: ['Campo #/x'] });
    expect(await mh.transmit('00', issuer.creds, fe())).toMatchObject({ kind: 'processed' });
    expect((await http(s.url, 'GET', '/__control/faults')).json.data).toEqual([]);
  });

  it('faults on /seguridad/auth: a failed login surfaces as unavailable', async () => {
    const fresh = new HttpMhClient({ baseUrls: { '00': s.url, '01': s.url }, timeoutMs: 5000 });
    await setFaults(s.url, { mode: 'reject', count: 1, paths: ['/seguridad/auth'] });
    expect(await fresh.transmit('00', issuer.creds, fe())).toEqual({ kind: 'unavailable', status: 401, message: 'El MH rechazó las credenciales: Usuario no valido' });
  });

  it('lote and contingency endpoints are faulted too', async () => {
    await setFaults(s.url, [{ mode: 'error', status: 502, count: 1 }, { mode: 'reject', message: 'EVENTO RECHAZADO', observations: ['motivo'], count: 1 }]);
    expect(await mh.sendLote('00', issuer.creds, { version: 2, jwsList: [fe().jws] })).toMatchObject({ kind: 'unavailable', status: 502 });
    expect(await mh.sendContingency('00', issuer.creds, 'a.b.c')).toEqual({ kind: 'rejected', message: 'EVENTO RECHAZADO', observations: ['motivo'], raw: expect.any(Object) });
  });
});
