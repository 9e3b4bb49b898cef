/**
 * The invalidation of a return (18) or special-operations event (17), ADR 0063: MH's deadline for
 * events (MF-2.0: the 10th business day of the month after the event's seal, MH's own examples;
 * MF-1.2: the day after), the event's date (exactly its own fecEmi), and the event built with
 * `numeroControl` null and no replacement, valid against MH's invalidacion-schema-v3 (read from ../shared).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileOfficialSchema, createOfficialAjv } from '../../../src/domain/dte/schemas/decimal-multiple-of';
import { buildInvalidationEvent, type InvalidationEventInput } from '../../../src/domain/events/invalidation-event.builder';
import { createBusinessCalendar } from '../../../src/domain/mh-rules/business-calendar';
import { instantOfLocal } from '../../../src/domain/mh-rules/el-salvador-time';
import { allowedEventDates, invalidationDeadline, isWithinDeadline } from '../../../src/domain/mh-rules/invalidation-deadline';

type Json = Record<string, any>;
const OFFICIAL = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../shared/mh/schemas/2026/invalidacion-schema-v3.json'), 'utf8').replace(/^\uFEFF/, ''));
const validate = compileOfficialSchema(createOfficialAjv(), OFFICIAL);
const calendar = createBusinessCalendar();

describe('deadline of an event’s invalidation (MH-2026-RULES §1.1: "Evento de Retorno, Evento de Operaciones Especiales")', () => {
  const rows: [string, string, string, string][] = [
    ['return sealed 19-03-2026 07:30 (MF-2.0 Ej. 1)', '18', '2026-03-19 07:30:00', '2026-04-20'],
    ['return sealed 25-04-2026 00:30 (MF-2.0 Ej. 2)', '18', '2026-04-25 00:30:00', '2026-05-15'],
    ['special operations sealed 15-04-2026', '17', '2026-04-15 12:00:00', '2026-05-15'],
    ['special operations sealed 31-10-2025', '17', '2025-10-31 12:00:00', '2025-11-14'],
  ];
  it.each(rows)('%s (tipoDte %s, sealed %s) → last day %s', (_label, tipoDte, sealed, expected) => {
    const [date, time] = sealed.split(' ');
    const d = invalidationDeadline({ tipoDte, sealedAt: instantOfLocal(date, time), regime: 'MF-2.0', calendar });
    expect({ rule: d.rule, lastDay: d.lastDay }).toEqual({ rule: 'tenth_business_day', lastDay: expected });
    expect(isWithinDeadline(d, instantOfLocal(expected, '23:59:59'))).toBe(true);
    expect(isWithinDeadline(d, new Date(instantOfLocal(expected, '23:59:59').getTime() + 1_000))).toBe(false);
  });

  it('MF-1.2: the day after the seal', () => {
    const d = invalidationDeadline({ tipoDte: '18', sealedAt: instantOfLocal('2026-03-19', '07:30:00'), regime: 'MF-1.2', calendar });
    expect({ rule: d.rule, lastDay: d.lastDay }).toEqual({ rule: 'next_day', lastDay: '2026-03-20' });
  });

  it.each([['18'], ['17']])('the event date of tipoDte %s is exactly the event’s own fecEmi (MF-2.0)', (tipoDte) => {
    expect(allowedEventDates(tipoDte, '2026-03-29', 'MF-2.0')).toEqual({ from: '2026-03-29', to: '2026-03-29' });
  });
});

describe('the invalidation event of an event (invalidacion-schema-v3)', () => {
  const input = (tipoDte: '17' | '18', reasonType: 1 | 2 | 3): InvalidationEventInput => ({
    environment: '00',
    generationCode: 'A1B2C3D4-1111-4222-8333-444455556666',
    eventDate: '2026-03-29',
    at: instantOfLocal('2026-04-02', '10:15:30'),
    emitter: { nit: '06140101011011', name: 'Distribuidora El Roble, S.A. de C.V.', phone: '22223333', email: 'facturas@elroble.sv', establishmentCode: 'M001', pointOfSaleCode: 'P001' },
    target: {
      type: tipoDte, generationCode: 'E1B2C3D4-1111-4222-8333-444455556666', seal: '2026A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8', controlNumber: null, issueDate: '2026-03-29',
      receiver: { documentType: null, documentNumber: null, name: null, phone: null, email: null },
    },
    replacementGenerationCode: null,
    reasonType,
    reason: reasonType === 3 ? 'Cantidades informadas por error' : null,
    responsible: { name: 'Ana López', documentType: '13', documentNumber: '01234567-8' },
    requester: { name: 'Luis Pérez', documentType: '13', documentNumber: '07654321-0' },
  });

  it.each([
    ['return, type 2', '18', 2],
    ['return, type 3 with its reason', '18', 3],
    ['special operations, type 1', '17', 1],
  ] as const)('%s: numeroControl null, no replacement, the event’s date; valid against the official schema', (_label, tipoDte, reasonType) => {
    const json = buildInvalidationEvent(input(tipoDte, reasonType)) as Json;
    expect(json.identificacion).toEqual({ version: 3, ambiente: '00', codigoGeneracion: 'A1B2C3D4-1111-4222-8333-444455556666', fecEmi: '2026-03-29', horEmi: '10:15:30', fusion: null });
    expect(json.documento).toEqual({
      tipoDte, codigoGeneracion: 'E1B2C3D4-1111-4222-8333-444455556666', selloRecibido: '2026A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8', numeroControl: null,
      fecEmi: '2026-03-29', codigoGeneracionR: null, tipoDocumento: null, numDocumento: null, nombre: null, telefono: null, correo: null,
    });
    expect(json.motivo).toMatchObject({ tipoAnulacion: reasonType, motivoAnulacion: reasonType === 3 ? 'Cantidades informadas por error' : null, nombreSolicita: 'Luis Pérez' });
    expect(validate(json) ? [] : validate.errors).toEqual([]);
  });
});
