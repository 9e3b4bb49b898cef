/**
 * The simulator receives NR, CR, CL, DCL, FEX, FSE and CD (official 2026 schemas, MH's recomputation
 * within ±0.01, contingency only where the type allows it, invalidation deadlines) and the 2026 return
 * and special-operations events (related documents, return window and value, reporting deadline).
 */
import { buildReturnEvent } from '../../../src/domain/events/return-event.builder';
import { buildSpecialOperationEvent } from '../../../src/domain/events/special-operation-event.builder';
import { DteFactory, TestClock, createTestIssuer, enrol, http, invalidationEvent, login, newGenerationCode, sign, startSimulator, type RunningSimulator, type SignedDte } from './mh-test-kit';

const issuer = createTestIssuer();
const DAY = 86_400_000;

function envelope(d: { version: number; tipoDte: string; jws: string; codigoGeneracion: string }) {
  return { ambiente: '00', idEnvio: 1, version: d.version, tipoDte: d.tipoDte, documento: d.jws, codigoGeneracion: d.codigoGeneracion };
}

describe('MH simulator — the other DTE types and the 2026 events', () => {
  const clock = new TestClock(new Date('2026-03-10T16:00:00Z'));
  const factory = new DteFactory(issuer, clock);
  let s: RunningSimulator;
  let token: string;
  const send = (body: unknown) => http(s.url, 'POST', '/fesv/recepciondte', body, { Authorization: token });
  const invalidate = (ev: unknown) => http(s.url, 'POST', '/fesv/anulardte', { ambiente: '00', idEnvio: 1, version: 3, documento: sign(ev, issuer.privateKey) }, { Authorization: token });
  async function sealed(d: SignedDte): Promise<string> {
    const res = await send(envelope(d));
    expect({ estado: res.json.estado, codigoMsg: res.json.codigoMsg, observaciones: res.json.observaciones }).toEqual({ estado: 'PROCESADO', codigoMsg: '001', observaciones: [] });
    return res.json.selloRecibido as string;
  }

  beforeAll(async () => {
    s = await startSimulator({ clock, tokenTtlMs: 3650 * DAY });
    await enrol(s.sim, issuer);
    token = await login(s.url, issuer);
  });
  afterAll(() => s.dispose());

  it.each(['04', '07', '08', '09', '11', '14', '15'] as const)('tipo %s built by the engine is sealed', async (type) => {
    await sealed(factory.build(type));
  });

  it.each([
    ['NR tributo 20', '04', (j: any) => { j.resumen.tributos[0].valor += 0.02; }, 'resumen.tributos[0].valor'],
    ['CR line withheld', '07', (j: any) => { j.cuerpoDocumento[0].ivaRetenido = 16; }, 'cuerpoDocumento[0].ivaRetenido'],
    ['CL total', '08', (j: any) => { j.resumen.total = 700; }, 'resumen.total'],
    ['DCL perception', '09', (j: any) => { j.cuerpoDocumento.ivaPercibido = 230; }, 'cuerpoDocumento.ivaPercibido'],
    ['FEX freight left out', '11', (j: any) => { j.resumen.montoTotalOperacion = 25270; j.resumen.totalPagar = 25270; }, 'resumen.montoTotalOperacion'],
    ['FSE income tax', '14', (j: any) => { j.resumen.totalPagar = 280; }, 'resumen.totalPagar'],
    ['CD donated value', '15', (j: any) => { j.cuerpoDocumento[1].valor = 1200; }, 'cuerpoDocumento[1].valor'],
  ] as const)('%s off by more than 0.01 → 020 naming the field', async (_label, type, mutate, field) => {
    const res = await send(envelope(factory.build(type, { mutate })));
    expect({ status: res.status, codigoMsg: res.json.codigoMsg, descripcionMsg: res.json.descripcionMsg }).toEqual({ status: 400, codigoMsg: '020', descripcionMsg: `[${field}] CALCULO INCORRECTO` });
  });

  it('a one-cent difference is within MH\'s tolerance', async () => {
    await sealed(factory.build('11', { mutate: (j) => { j.resumen.totalPagar = 25740.01; } }));
  });

  it.each(['08', '09'] as const)('tipo %s in contingency fails the official schema (096)', async (type) => {
    const res = await send(envelope(factory.build(type, { mutate: (j) => { j.identificacion.tipoModelo = 2; } })));
    expect(res.json.codigoMsg).toBe('096');
  });

  it('a CD in deferred model is refused: it is never issued in contingency (915)', async () => {
    const res = await send(envelope(factory.build('15', { mutate: (j) => { j.identificacion.tipoModelo = 2; } })));
    expect({ codigoMsg: res.json.codigoMsg, descripcionMsg: res.json.descripcionMsg }).toEqual({
      codigoMsg: '915', descripcionMsg: '[identificacion.tipoModelo] ESTE TIPO DE DOCUMENTO NO SE EMITE EN CONTINGENCIA: SOLO MODELO DE FACTURACION PREVIO (1)',
    });
  });

  describe('invalidation of the new types', () => {
    it.each([
      ['NR', '04', 2, 'tenth business day of next month', new Date('2026-04-14T05:59:59Z'), true],
      ['CD', '15', 2, 'tenth business day of next month (20-04-2026, MH calendar)', new Date('2026-04-21T06:00:00Z'), false],
      ['FSE', '14', 2, 'three months', new Date('2026-06-10T05:59:59Z'), true],
      ['FEX', '11', 2, 'three months', new Date('2026-06-11T06:00:00Z'), false],
    ] as const)('%s (%s) type %s, %s: in time %s', async (_label, type, reason, _rule, at, accepted) => {
      clock.set('2026-03-10T16:00:00Z');
      const d = factory.build(type);
      const seal = await sealed(d);
      clock.set(at);
      const res = await invalidate(invalidationEvent(issuer, d, seal, { type: reason, at }));
      expect(res.json.codigoMsg).toBe(accepted ? '001' : '923');
      clock.set('2026-03-10T16:00:00Z');
    });
  });

  describe('Evento de Retorno (18)', () => {
    function returnOf(original: SignedDte, lines: { numItem: number; quantity: string }[], returned = new Map<number, string>()) {
      const built = buildReturnEvent({
        environment: '00', generationCode: newGenerationCode(), at: clock.now(),
        emitter: { nit: issuer.nit, name: 'Empresa Demo, S.A. de C.V.', establishmentCode: 'M001', pointOfSaleCode: 'P001' },
        original: { type: original.tipoDte as '01', generationCode: original.codigoGeneracion, issueDate: original.fecEmi, json: original.json, rentaRate: '10' },
        lines, returned,
      });
      if (!built.ok) throw new Error(JSON.stringify(built.errors));
      return { json: built.json, jws: sign(built.json, issuer.privateKey), tipoDte: '18', version: 1, codigoGeneracion: String((built.json.identificacion as any).codigoGeneracion) };
    }

    it.each(['01', '11', '14'] as const)('a return against a sealed %s is processed', async (type) => {
      clock.set('2026-03-10T16:00:00Z');
      const fe = factory.build(type, { body: type === '01' ? { items: [{ type: '1', description: 'Botellas', quantity: '10', unitCode: '59', unitPrice: '2.26', tax: 'gravada', discount: '1.13' }] } : {} });
      await sealed(fe);
      clock.advance(DAY);
      const ev = returnOf(fe, [{ numItem: 1, quantity: '2' }]);
      const res = await send(envelope(ev));
      expect({ estado: res.json.estado, observaciones: res.json.observaciones }).toEqual({ estado: 'PROCESADO', observaciones: [] });
    });

    it('more than the document\'s value → 951; after 3 months → 952; FE with an active return cannot be invalidated (928)', async () => {
      clock.set('2026-03-10T16:00:00Z');
      const fe = factory.build('01', { body: { items: [{ type: '1', description: 'Botellas', quantity: '10', unitCode: '59', unitPrice: '2.00', tax: 'gravada' }] } });
      const seal = await sealed(fe);
      expect((await send(envelope(returnOf(fe, [{ numItem: 1, quantity: '6' }])))).json.estado).toBe('PROCESADO');
      // The engine's balance is the service's guard; MH's own cap is the document's value.
      const tooMuch = await send(envelope(returnOf(fe, [{ numItem: 1, quantity: '5' }])));
      expect({ codigoMsg: tooMuch.json.codigoMsg, observaciones: tooMuch.json.observaciones }).toEqual({ codigoMsg: '951', observaciones: [`${fe.codigoGeneracion}: valor 20.00, retornado 22.00`] });
      const inv = await invalidate(invalidationEvent(issuer, fe, seal, { type: 2, at: clock.now() }));
      expect(inv.json.codigoMsg).toBe('928');
      clock.set('2026-06-11T06:00:00Z');
      const late = await send(envelope(returnOf(fe, [{ numItem: 1, quantity: '1' }])));
      expect(late.json).toMatchObject({ codigoMsg: '952', descripcionMsg: 'PLAZO PARA EL RETORNO VENCIDO: ERA HASTA EL 10/06/2026 23:59:59' });
      clock.set('2026-03-10T16:00:00Z');
    });

    it('a return is invalidated like a DTE (no replacement, no control number, its own date): what it took can be returned again, and the FE invalidated once no return stands', async () => {
      clock.set('2026-03-10T16:00:00Z');
      const fe = factory.build('01', { body: { items: [{ type: '1', description: 'Botellas', quantity: '10', unitCode: '59', unitPrice: '2.00', tax: 'gravada' }] } });
      const feSeal = await sealed(fe);
      clock.advance(DAY);
      const asTarget = (ev: ReturnType<typeof returnOf>): SignedDte => ({ ...ev, tipoDte: '18' as never, numeroControl: null as never, fecEmi: String((ev.json.identificacion as any).fecEmi) });
      const first = returnOf(fe, [{ numItem: 1, quantity: '6' }]);
      const firstSeal = await sealed(first as never);
      // A replacement is refused for an event; a type-1 invalidation without one is accepted.
      const withReplacement = await invalidate(invalidationEvent(issuer, asTarget(first), firstSeal, { type: 1, replacement: fe.codigoGeneracion, at: clock.now() }));
      expect(withReplacement.json.codigoMsg).not.toBe('001');
      const voided = await invalidate(invalidationEvent(issuer, asTarget(first), firstSeal, { type: 1, at: clock.now() }));
      expect({ estado: voided.json.estado, codigoMsg: voided.json.codigoMsg }).toEqual({ estado: 'PROCESADO', codigoMsg: '001' });
      // The whole value is returnable again (10 × 2.00), not only the 8.00 left before.
      const again = returnOf(fe, [{ numItem: 1, quantity: '10' }]);
      const againSeal = await sealed(again as never);
      expect((await invalidate(invalidationEvent(issuer, fe, feSeal, { type: 2, at: clock.now() }))).json.codigoMsg).toBe('928');
      expect((await invalidate(invalidationEvent(issuer, asTarget(again), againSeal, { type: 2, at: clock.now() }))).json.codigoMsg).toBe('001');
      expect((await invalidate(invalidationEvent(issuer, fe, feSeal, { type: 2, at: clock.now() }))).json.codigoMsg).toBe('001');
      clock.set('2026-03-10T16:00:00Z');
    });

    it('a return against a document the emitter never sealed → 950', async () => {
      const fe = factory.build('01');
      const res = await send(envelope(returnOf(fe, [{ numItem: 1, quantity: '1' }])));
      expect(res.json.codigoMsg).toBe('950');
    });
  });

  describe('Evento de Operaciones Especiales (17)', () => {
    function specialOps(lines: Parameters<typeof buildSpecialOperationEvent>[0]['lines']) {
      const built = buildSpecialOperationEvent({ environment: '00', generationCode: newGenerationCode(), at: clock.now(), emitter: { nit: issuer.nit, name: 'Empresa Demo' }, lines });
      if (!built.ok) throw new Error(JSON.stringify(built.errors));
      return { jws: sign(built.json, issuer.privateKey), tipoDte: '17', version: 1, codigoGeneracion: String((built.json.identificacion as any).codigoGeneracion) };
    }
    const fvs = { documentType: '02', rangeFrom: '0001', rangeTo: '0150', issuedOn: '2026-02-27', quantity: 150, description: 'Facturas de venta simplificada de febrero', gravada: '1500.00' };

    it('the previous month reported by its 10th business day is processed; a later event may adjust it', async () => {
      clock.set('2026-03-10T16:00:00Z');
      const first = specialOps([fvs]);
      expect((await send(envelope(first))).json.estado).toBe('PROCESADO');
      const adjust = specialOps([{ documentType: '97', documentNumber: 'CCI-000123', issuedOn: '2026-02-28', quantity: 1, description: 'Comprobante de control interno', exenta: '20.00', referenceEvent: first.codigoGeneracion }]);
      expect((await send(envelope(adjust))).json.estado).toBe('PROCESADO');
    });

    it('after the 10th business day → 960; an unknown referenced event → 961', async () => {
      clock.set('2026-03-16T06:00:00Z');
      const late = await send(envelope(specialOps([fvs])));
      expect(late.json).toMatchObject({ codigoMsg: '960', descripcionMsg: '[cuerpoDocumento[0].fechaEmision] PLAZO PARA INFORMAR LAS OPERACIONES VENCIDO: ERA HASTA EL 13/03/2026 23:59:59' });
      clock.set('2026-03-10T16:00:00Z');
      const orphan = await send(envelope(specialOps([{ ...fvs, referenceEvent: newGenerationCode() }])));
      expect(orphan.json.codigoMsg).toBe('961');
    });
  });
});
