/** Lotes, contingency and invalidation events through HttpMhClient against the simulator (moving clock). */
import { HttpMhClient, type MhReception } from '../../../src/integrations/mh-client';
import { instantOfLocal } from '../../../src/domain/mh-rules/el-salvador-time';
import { item } from '../../unit/dte/dte-fixtures';
import {
  DteFactory, TestClock, contingencyEvent, createTestIssuer, enrol, http, invalidationEvent, newGenerationCode, sign, startSimulator,
  type RunningSimulator, type SignedDte,
} from '../mh-simulator/mh-test-kit';

const issuer = createTestIssuer();
const HOUR = 3_600_000;
const CONTINGENCY = { type: 1, reason: null };

function sealOf(r: MhReception): string {
  if (r.kind !== 'processed') throw new Error(`se esperaba processed: ${JSON.stringify(r)}`);
  return r.seal;
}

describe('lotes, contingency and invalidation', () => {
  const clock = new TestClock(new Date('2026-05-04T15:00:00Z'));
  const factory = new DteFactory(issuer, clock);
  let s: RunningSimulator;
  let mh: HttpMhClient;
  const transmit = (d: SignedDte) => mh.transmit('00', issuer.creds, { tipoDte: d.tipoDte, version: d.version, codigoGeneracion: d.codigoGeneracion, jws: d.jws });
  async function loteResults(jwsList: string[]) {
    const sent = await mh.sendLote('00', issuer.creds, { version: 2, jwsList });
    if (sent.kind !== 'accepted') throw new Error(JSON.stringify(sent));
    expect(sent.loteCode).toMatch(/^[A-F0-9]{8}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{12}$/);
    const done = await mh.queryLote('00', issuer.creds, sent.loteCode);
    if (done.kind !== 'done') throw new Error(JSON.stringify(done));
    return done.results;
  }

  beforeAll(async () => {
    s = await startSimulator({ clock });
    await enrol(s.sim, issuer);
    mh = new HttpMhClient({ baseUrls: { '00': s.url, '01': s.url }, timeoutMs: 5000, clock });
  });
  afterAll(() => s.dispose());

  describe('lote', () => {
    it('a lote of 3 is received at once and its query returns every result', async () => {
      const docs = [factory.build('01'), factory.build('03'), factory.build('06')];
      const results = await loteResults(docs.map((d) => d.jws));
      expect(results.map((r) => r.codigoGeneracion).sort()).toEqual(docs.map((d) => d.codigoGeneracion).sort());
      for (const r of results) expect(r.reception).toMatchObject({ kind: 'processed', code: '001', seal: expect.stringMatching(/^[A-Z0-9]{40}$/) });
      const query = await mh.query('00', issuer.creds, { tipoDte: '03', codigoGeneracion: docs[1].codigoGeneracion });
      expect(query).toMatchObject({ kind: 'processed', seal: sealOf(results.find((r) => r.codigoGeneracion === docs[1].codigoGeneracion)!.reception) });
    });

    it('each entry is judged on its own (totals, duplicate inside the lote)', async () => {
      const good = factory.build('01');
      const bad = factory.build('01', { mutate: (j) => { j.resumen.totalPagar = 99; } });
      const results = await loteResults([good.jws, bad.jws, good.jws]);
      expect(results.map((r) => [r.codigoGeneracion === good.codigoGeneracion ? 'good' : 'bad', r.reception.kind])).toEqual([
        ['good', 'processed'], ['bad', 'rejected'], ['good', 'duplicate'],
      ]);
      expect(results[1].reception).toMatchObject({ code: '020', message: '[resumen.totalPagar] CALCULO INCORRECTO' });
    });

    it('more than 100 documents → rejected (940)', async () => {
      const d = factory.build('01');
      expect(await mh.sendLote('00', issuer.creds, { version: 2, jwsList: Array(101).fill(d.jws) })).toMatchObject({ kind: 'rejected', code: '940' });
    });

    it('every entry counts as a reception attempt', async () => {
      const d = factory.build('01');
      await loteResults([d.jws]);
      await loteResults([d.jws]);
      expect((await http(s.url, 'GET', `/__control/receptions?generation_code=${d.codigoGeneracion}`)).json.data).toEqual([
        { generation_code: d.codigoGeneracion, type: '01', received: 2, sealed: 1, last_status: 'RECHAZADO' },
      ]);
    });
  });

  describe('contingency', () => {
    it('documents issued in contingency: refused alone, refused before the event, accepted in a lote after it', async () => {
      const outageStart = new Date(clock.now().getTime() - 3 * HOUR);
      const outageEnd = new Date(clock.now().getTime() - HOUR);
      const docs = [
        factory.build('01', { contingency: CONTINGENCY, issuedAt: outageStart }),
        factory.build('01', { contingency: CONTINGENCY, issuedAt: outageStart }),
        factory.build('03', { contingency: CONTINGENCY, issuedAt: outageStart }),
      ];
      expect(await transmit(docs[0])).toMatchObject({ kind: 'rejected', code: '910', message: expect.stringContaining('CONTINGENCIA') });
      const early = await loteResults([docs[1].jws]);
      expect(early[0].reception).toMatchObject({ kind: 'rejected', code: '911' });

      const event = contingencyEvent(issuer, docs, { start: outageStart, end: outageEnd, transmittedAt: clock.now() });
      const sent = await mh.sendContingency('00', issuer.creds, sign(event, issuer.privateKey));
      expect(sent).toEqual({ kind: 'accepted', seal: expect.stringMatching(/^[A-Z0-9]{40}$/), raw: { estado: 'RECIBIDO', fechaHora: '04/05/2026 09:00:00', mensaje: 'EVENTO DE CONTINGENCIA RECIBIDO', selloRecibido: expect.any(String), observaciones: [] } });
      expect(await mh.sendContingency('00', issuer.creds, sign(event, issuer.privateKey))).toMatchObject({ kind: 'rejected', message: '[identificacion.codigoGeneracion] YA EXISTE UN REGISTRO CON ESE VALOR' });

      clock.advance(2 * HOUR);
      const results = await loteResults(docs.map((d) => d.jws));
      expect(results.map((r) => r.reception.kind)).toEqual(['processed', 'processed', 'processed']);

      const events = (await http(s.url, 'GET', '/__control/events')).json.data;
      expect(events).toContainEqual({
        kind: 'contingency', generation_code: event.identificacion.codigoGeneracion, status: 'RECIBIDO', received_at: expect.any(String),
        documents: docs.map((d) => d.codigoGeneracion),
      });
    });

    it('a contingency lote may carry only documents of the event (914); tipoContingencia must match (913)', async () => {
      const end = clock.now();
      const listed = factory.build('01', { contingency: CONTINGENCY });
      const otherType = factory.build('01', { contingency: { type: 3, reason: null } });
      clock.advance(HOUR);
      const event = contingencyEvent(issuer, [listed, otherType], { start: new Date(end.getTime() - HOUR), end, transmittedAt: clock.now() });
      expect(await mh.sendContingency('00', issuer.creds, sign(event, issuer.privateKey))).toMatchObject({ kind: 'accepted' });
      const normal = factory.build('01');
      const results = await loteResults([listed.jws, normal.jws, otherType.jws]);
      expect(results.map((r) => r.reception.kind === 'rejected' ? r.reception.code : r.reception.kind)).toEqual(['processed', '914', '913']);
    });

    it('documents more than 72 h after the event\'s seal are refused (912)', async () => {
      const end = clock.now();
      const late = factory.build('01', { contingency: CONTINGENCY });
      clock.advance(HOUR);
      const event = contingencyEvent(issuer, [late], { start: new Date(end.getTime() - HOUR), end, transmittedAt: clock.now() });
      expect(await mh.sendContingency('00', issuer.creds, sign(event, issuer.privateKey))).toMatchObject({ kind: 'accepted' });
      clock.advance(72 * HOUR + 1000);
      await mh.login('00', issuer.creds);
      expect((await loteResults([late.jws]))[0].reception).toMatchObject({ kind: 'rejected', code: '912' });
    });

    it('event rules: 24 h after the outage (930), end before start (931), already sealed document (932), schema', async () => {
      const sealed = factory.build('01');
      await transmit(sealed);
      const pending = factory.build('01', { contingency: CONTINGENCY });
      const now = clock.now();
      const send = (e: Record<string, unknown>) => mh.sendContingency('00', issuer.creds, sign(e, issuer.privateKey));
      expect(await send(contingencyEvent(issuer, [pending], { start: new Date(now.getTime() - 30 * HOUR), end: new Date(now.getTime() - 25 * HOUR), transmittedAt: now })))
        .toMatchObject({ kind: 'rejected', message: 'EVENTO TRANSMITIDO FUERA DEL PLAZO DE 24 HORAS POSTERIORES AL FIN DE LA CONTINGENCIA' });
      expect(await send(contingencyEvent(issuer, [pending], { start: new Date(now.getTime() - HOUR), end: new Date(now.getTime() - 2 * HOUR), transmittedAt: now })))
        .toMatchObject({ kind: 'rejected', message: '[motivo.fFin] EL FIN DE LA CONTINGENCIA DEBE SER POSTERIOR A SU INICIO' });
      expect(await send(contingencyEvent(issuer, [pending, sealed], { start: new Date(now.getTime() - 2 * HOUR), end: new Date(now.getTime() - HOUR), transmittedAt: now })))
        .toMatchObject({ kind: 'rejected', observations: ['[detalleDTE[1].codigoGeneracion] EL DOCUMENTO YA TIENE SELLO DE RECEPCION'] });
      const noDocs = contingencyEvent(issuer, [], { start: new Date(now.getTime() - 2 * HOUR), end: new Date(now.getTime() - HOUR), transmittedAt: now });
      expect(await send(noDocs)).toMatchObject({ kind: 'rejected', message: 'DOCUMENTO NO CUMPLE ESQUEMA JSON', observations: [expect.stringContaining('#/detalleDTE')] });
      const stranger = createTestIssuer();
      const forged = mh.sendContingency('00', issuer.creds, sign(contingencyEvent(issuer, [pending], { start: new Date(now.getTime() - 2 * HOUR), end: new Date(now.getTime() - HOUR), transmittedAt: now }), stranger.privateKey));
      expect(await forged).toMatchObject({ kind: 'rejected', message: 'No valido' });
    });
  });
});

describe('invalidation (MF-2.0 deadlines, simulator clock)', () => {
  const clock = new TestClock(new Date('2026-03-10T16:00:00Z'));
  const factory = new DteFactory(issuer, clock);
  let s: RunningSimulator;
  let mh: HttpMhClient;
  const transmit = async (d: SignedDte) => sealOf(await mh.transmit('00', issuer.creds, { tipoDte: d.tipoDte, version: d.version, codigoGeneracion: d.codigoGeneracion, jws: d.jws }));
  const invalidate = (event: Record<string, unknown>) => mh.invalidate('00', issuer.creds, { version: 3, jws: sign(event, issuer.privateKey) });

  beforeAll(async () => {
    s = await startSimulator({ clock, tokenTtlMs: 365 * 24 * HOUR });
    await enrol(s.sim, issuer);
    mh = new HttpMhClient({ baseUrls: { '00': s.url, '01': s.url }, timeoutMs: 5000 });
  });
  afterAll(() => s.dispose());
  beforeEach(() => clock.set('2026-03-10T16:00:00Z'));

  it('FE replaced by another sealed FE: PROCESADO, then one event per DTE', async () => {
    const fe = factory.build('01');
    const seal = await transmit(fe);
    const replacement = factory.build('01');
    await transmit(replacement);
    const event = invalidationEvent(issuer, fe, seal, { type: 1, replacement: replacement.codigoGeneracion, at: clock.now() });
    const r = await invalidate(event);
    expect(r).toEqual({
      kind: 'processed', seal: expect.stringMatching(/^[A-Z0-9]{40}$/), processedAt: expect.any(Date), code: '001',
      message: 'Invalidación Recibida y Procesada', observations: [],
      raw: expect.objectContaining({ version: 3, estado: 'PROCESADO', codigoGeneracion: event.identificacion.codigoGeneracion }),
    });
    const second = await invalidate(invalidationEvent(issuer, fe, seal, { type: 2, at: clock.now() }));
    expect(second).toMatchObject({ kind: 'rejected', code: '922', message: '[documento.codigoGeneracion] EL DOCUMENTO YA FUE INVALIDADO' });
    const events = (await http(s.url, 'GET', '/__control/events')).json.data;
    expect(events.filter((e: { generation_code: string }) => e.generation_code === event.identificacion.codigoGeneracion)).toEqual([
      { kind: 'invalidation', generation_code: event.identificacion.codigoGeneracion, status: 'PROCESADO', received_at: '2026-03-10T16:00:00.000Z', documents: [fe.codigoGeneracion] },
    ]);
  });

  it('FE: 3 months from the seal, until 23:59:59 El Salvador time', async () => {
    const a = factory.build('01');
    const sealA = await transmit(a);
    const b = factory.build('01');
    const sealB = await transmit(b);
    clock.set(instantOfLocal('2026-06-10', '23:59:59'));
    expect(await invalidate(invalidationEvent(issuer, a, sealA, { type: 2, at: clock.now() }))).toMatchObject({ kind: 'processed' });
    clock.set(instantOfLocal('2026-06-11', '00:00:00'));
    expect(await invalidate(invalidationEvent(issuer, b, sealB, { type: 2, at: clock.now() }))).toMatchObject({
      kind: 'rejected', code: '923', message: 'PLAZO PARA INVALIDAR EL DOCUMENTO VENCIDO: ERA HASTA EL 10/06/2026 23:59:59',
    });
  });

  it('CCF sealed 19-03-2026: until 20-04-2026 23:59:59 (MH\'s example 1); the event date is the CCF\'s own date', async () => {
    clock.set(instantOfLocal('2026-03-19', '07:30:00'));
    const a = factory.build('03');
    const sealA = await transmit(a);
    const b = factory.build('03');
    const sealB = await transmit(b);
    const replA = factory.build('03');
    await transmit(replA);
    clock.set(instantOfLocal('2026-04-20', '18:00:00'));
    const wrongDate = invalidationEvent(issuer, a, sealA, { type: 1, replacement: replA.codigoGeneracion, at: clock.now(), fecEmi: '2026-04-20' });
    expect(await invalidate(wrongDate)).toMatchObject({ kind: 'rejected', code: '924', message: '[identificacion.fecEmi] FECHA DEL EVENTO NO PERMITIDA: DEBE SER 19/03/2026' });
    expect(await invalidate(invalidationEvent(issuer, a, sealA, { type: 1, replacement: replA.codigoGeneracion, at: clock.now() }))).toMatchObject({ kind: 'processed' });
    clock.set(instantOfLocal('2026-04-21', '00:00:01'));
    expect(await invalidate(invalidationEvent(issuer, b, sealB, { type: 2, at: clock.now() }))).toMatchObject({ kind: 'rejected', code: '923' });
  });

  it('replacement rules: types 1/3 need a sealed replacement, type 2 none, NC exempt', async () => {
    const fe = factory.build('01');
    const seal = await transmit(fe);
    const unsealed = newGenerationCode();
    expect(await invalidate(invalidationEvent(issuer, fe, seal, { type: 1, replacement: null, at: clock.now() }))).toMatchObject({ kind: 'rejected', code: '925', message: expect.stringContaining('ES REQUERIDO') });
    expect(await invalidate(invalidationEvent(issuer, fe, seal, { type: 3, replacement: unsealed, at: clock.now() }))).toMatchObject({ kind: 'rejected', code: '925', message: '[documento.codigoGeneracionR] NO EXISTE UN DOCUMENTO PROCESADO CON ESE VALOR' });
    expect(await invalidate(invalidationEvent(issuer, fe, seal, { type: 1, replacement: fe.codigoGeneracion, at: clock.now() }))).toMatchObject({ kind: 'rejected', code: '925' });
    const other = factory.build('01');
    await transmit(other);
    expect(await invalidate(invalidationEvent(issuer, fe, seal, { type: 2, replacement: other.codigoGeneracion, at: clock.now() }))).toMatchObject({ kind: 'rejected', code: '925', message: expect.stringContaining('DEBE SER NULO') });
    expect(await invalidate(invalidationEvent(issuer, fe, seal, { type: 3, replacement: other.codigoGeneracion, at: clock.now(), reason: '' }))).toMatchObject({ kind: 'rejected' });

    const nc = factory.build('05');
    const ncSeal = await transmit(nc);
    expect(await invalidate(invalidationEvent(issuer, nc, ncSeal, { type: 1, replacement: null, at: clock.now() }))).toMatchObject({ kind: 'processed' });
  });

  it('a CCF with an active NC cannot be invalidated until the NC is (927)', async () => {
    const ccf = factory.build('03');
    const ccfSeal = await transmit(ccf);
    const nc = factory.build('05', {
      body: { relatedDocuments: [{ type: '03', generationCode: ccf.codigoGeneracion, issuedOn: ccf.fecEmi }], items: [item({ relatedDocument: ccf.codigoGeneracion })] },
      context: { relatedDocuments: [{ type: '03', generationType: 2, number: ccf.codigoGeneracion, issuedOn: ccf.fecEmi }] },
    });
    const ncSeal = await transmit(nc);
    expect(await invalidate(invalidationEvent(issuer, ccf, ccfSeal, { type: 2, at: clock.now() }))).toMatchObject({ kind: 'rejected', code: '927', observations: [`05 ${nc.codigoGeneracion}`] });
    expect(await invalidate(invalidationEvent(issuer, nc, ncSeal, { type: 2, at: clock.now() }))).toMatchObject({ kind: 'processed' });
    expect(await invalidate(invalidationEvent(issuer, ccf, ccfSeal, { type: 2, at: clock.now() }))).toMatchObject({ kind: 'processed' });
  });

  it('the target must be a sealed DTE of the emitter, with its own seal and number', async () => {
    const fe = factory.build('01');
    expect(await invalidate(invalidationEvent(issuer, fe, 'A'.repeat(40), { type: 2, at: clock.now() }))).toMatchObject({ kind: 'rejected', code: '920' });
    const seal = await transmit(fe);
    expect(await invalidate(invalidationEvent(issuer, fe, `2026${'0'.repeat(36)}`, { type: 2, at: clock.now() }))).toMatchObject({ kind: 'rejected', code: '921', message: '[documento.selloRecibido] NO COINCIDE CON EL DOCUMENTO PROCESADO' });
    const v2 = invalidationEvent(issuer, fe, seal, { type: 2, at: clock.now() });
    expect(await mh.invalidate('00', issuer.creds, { version: 2, jws: sign(v2, issuer.privateKey) })).toMatchObject({ kind: 'rejected', code: '904' });
  });
});

describe('lote processing time', () => {
  it('consultadtelote is pending until loteProcessingMs has passed', async () => {
    const clock = new TestClock();
    const s = await startSimulator({ clock, loteProcessingMs: 60_000 });
    try {
      await enrol(s.sim, issuer);
      const mh = new HttpMhClient({ baseUrls: { '00': s.url, '01': s.url }, timeoutMs: 5000 });
      const sent = await mh.sendLote('00', issuer.creds, { version: 2, jwsList: [new DteFactory(issuer, clock).build('01').jws] });
      if (sent.kind !== 'accepted') throw new Error(JSON.stringify(sent));
      expect(await mh.queryLote('00', issuer.creds, sent.loteCode)).toEqual({ kind: 'pending' });
      clock.advance(60_000);
      expect(await mh.queryLote('00', issuer.creds, sent.loteCode)).toMatchObject({ kind: 'done', results: [{ reception: { kind: 'processed' } }] });
      expect(await mh.queryLote('00', issuer.creds, newGenerationCode())).toMatchObject({ kind: 'rejected', code: '999' });
    } finally {
      await s.dispose();
    }
  });
});
