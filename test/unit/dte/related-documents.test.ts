import { buildDte } from '../../../src/domain/dte/builders/build-dte';
import type { BuildContext } from '../../../src/domain/dte/builders/build-context';
import { isGenerationCode } from '../../../src/domain/dte/document-create-fields';
import { parseDocumentCreate } from '../../../src/domain/dte/document-create.schema';
import type { DteType } from '../../../src/domain/dte/dte.types';
import { schemaKindForDteType, validateOfficialJson } from '../../../src/domain/dte/schemas/official-schema-validator';
import { RELATED_CCF, body, item, makeContext, type Body } from './dte-fixtures';

type Json = Record<string, any>;

/** As the issuing service resolves them: a generation code is electronic (2), anything else paper (1). */
function contextFor(type: DteType, parsed: { relatedDocuments?: { type: string; generationCode: string; issuedOn: string }[] }, issuedAt: string): BuildContext {
  return makeContext(type, {
    issuedAt: new Date(issuedAt),
    relatedDocuments: (parsed.relatedDocuments ?? []).map((d) => ({ type: d.type, generationType: isGenerationCode(d.generationCode) ? 2 : 1, number: d.generationCode, issuedOn: d.issuedOn })),
  });
}

function buildNote(type: '05' | '06', related: Body[], lineRefs: string[], issuedAt = '2026-03-10T16:45:30Z') {
  const parsed = parseDocumentCreate(body(type, { relatedDocuments: related, items: lineRefs.map((r) => item({ relatedDocument: r })) }));
  if (!parsed.ok) return { ok: false as const, errors: parsed.errors, stage: 'parse' };
  return { ...buildDte(parsed.value, contextFor(type, parsed.value, issuedAt)), stage: 'build' };
}

describe('NC/ND relating a paper document', () => {
  it.each([
    ['a paper CCF by its number', '190', { tipoDocumento: '03', tipoGeneracion: 1, numeroDocumento: '190', fechaEmision: '2026-02-01' }],
    ['a paper CCF number with series letters, kept as given', '21SD000C-0001542', { tipoDocumento: '03', tipoGeneracion: 1, numeroDocumento: '21SD000C-0001542', fechaEmision: '2026-02-01' }],
    ['a paper number of 36 characters that is not a UUID', 'N'.repeat(36), { tipoDocumento: '03', tipoGeneracion: 1, numeroDocumento: 'N'.repeat(36), fechaEmision: '2026-02-01' }],
    ['an electronic CCF by its generation code (lowercase normalised)', RELATED_CCF.toLowerCase(), { tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: RELATED_CCF, fechaEmision: '2026-02-01' }],
  ])('%s', (_label, number, expected) => {
    for (const type of ['05', '06'] as const) {
      const r = buildNote(type, [{ type: '03', generationCode: number, issuedOn: '2026-02-01' }], [number]);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      const json = r.json as Json;
      expect(json.documentoRelacionado).toEqual([expected]);
      expect(json.cuerpoDocumento[0].numeroDocumento).toBe(expected.numeroDocumento);
      expect(validateOfficialJson(schemaKindForDteType(type), json)).toEqual({ valid: true, errors: [] });
    }
  });

  it('one paper and one electronic CCF in the same note, each line pointing at its own', () => {
    const r = buildNote('05', [{ type: '03', generationCode: '190', issuedOn: '2026-02-01' }, { type: '03', generationCode: RELATED_CCF, issuedOn: '2026-02-03' }], ['190', RELATED_CCF]);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const json = r.json as Json;
    expect(json.documentoRelacionado.map((d: Json) => [d.tipoGeneracion, d.numeroDocumento])).toEqual([[1, '190'], [2, RELATED_CCF]]);
    expect(json.cuerpoDocumento.map((l: Json) => l.numeroDocumento)).toEqual(['190', RELATED_CCF]);
  });

  it.each([
    ['an empty number', [{ type: '03', generationCode: '  ', issuedOn: '2026-02-01' }], ['190'], [{ path: 'relatedDocuments[0].generationCode', code: 'out_of_range',
      message: 'Indique el código de generación del documento electrónico o el número del documento en papel.' }]],
    ['a number longer than 36 characters', [{ type: '03', generationCode: '1'.repeat(37), issuedOn: '2026-02-01' }], ['190'], [{ path: 'relatedDocuments[0].generationCode', code: 'out_of_range',
      message: 'Un código de generación tiene 36 caracteres; el número de un documento en papel, hasta 36.' }]],
    ['a line pointing at another paper number', [{ type: '03', generationCode: '190', issuedOn: '2026-02-01' }], ['191'], [{ path: 'items[0].relatedDocument', code: 'invalid_reference',
      message: 'La línea apunta a un documento que no está en relatedDocuments.' }]],
  ])('refuses %s', (_label, related, refs, expected) => {
    const r = buildNote('05', related, refs);
    if (r.ok) throw new Error('se esperaba un rechazo');
    expect(r.errors).toEqual(expected);
  });
});

describe('NC/ND related-document dates (MH: within 3 months, never after the note)', () => {
  // The note's El Salvador date is the one that counts: 2026-03-01T05:59:59Z is still 2026-02-28 there.
  it.each([
    ['the same day', '2026-02-01', '2026-02-01T15:00:00Z', null],
    ['exactly 3 months later (inclusive)', '2025-12-10', '2026-03-10T16:45:30Z', null],
    ['3 months from a 30 November: clamped to 28 February, inclusive', '2025-11-30', '2026-02-28T23:00:00Z', null],
    ['3 months from a 30 November: 1 March is one day late', '2025-11-30', '2026-03-01T12:00:00Z',
      'La nota de crédito (2026-03-01) está fuera del plazo del MH: ajusta un documento dentro de los 3 meses siguientes a su emisión, y el del 2025-11-30 admitía notas hasta el 2026-02-28.'],
    ['one day past 3 months', '2025-12-09', '2026-03-10T16:45:30Z',
      'La nota de crédito (2026-03-10) está fuera del plazo del MH: ajusta un documento dentro de los 3 meses siguientes a su emisión, y el del 2025-12-09 admitía notas hasta el 2026-03-09.'],
    ['a related document dated after the note', '2026-03-11', '2026-03-10T16:45:30Z',
      'El documento relacionado es del 2026-03-11, posterior a la nota (2026-03-10): una nota solo ajusta documentos ya emitidos.'],
    ['after the note in El Salvador time though not in UTC', '2026-03-01', '2026-03-01T05:59:59Z',
      'El documento relacionado es del 2026-03-01, posterior a la nota (2026-02-28): una nota solo ajusta documentos ya emitidos.'],
  ])('%s', (_label, issuedOn, noteAt, message) => {
    const r = buildNote('05', [{ type: '03', generationCode: '190', issuedOn }], ['190'], noteAt);
    if (message === null) {
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      expect((r.json as Json).documentoRelacionado[0].fechaEmision).toBe(issuedOn);
      return;
    }
    expect(r).toEqual({ ok: false, stage: 'build', errors: [{ path: 'relatedDocuments[0].issuedOn', code: 'out_of_range', message }] });
  });

  it('names each offending related document by its index; an ND says so', () => {
    const r = buildNote('06', [{ type: '03', generationCode: '190', issuedOn: '2026-03-01' }, { type: '03', generationCode: '191', issuedOn: '2025-10-01' }], ['190', '191']);
    if (r.ok) throw new Error('se esperaba un rechazo');
    expect(r.errors).toEqual([{
      path: 'relatedDocuments[1].issuedOn',
      code: 'out_of_range',
      message: 'La nota de débito (2026-03-10) está fuera del plazo del MH: ajusta un documento dentro de los 3 meses siguientes a su emisión, y el del 2025-10-01 admitía notas hasta el 2026-01-01.',
    }]);
  });

  it('an FE or CCF relating a remission note is not held to the notes\' window', () => {
    const parsed = parseDocumentCreate(body('03', { relatedDocuments: [{ type: '04', generationCode: RELATED_CCF, issuedOn: '2025-01-01' }] }));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const r = buildDte(parsed.value, contextFor('03', parsed.value, '2026-03-10T16:45:30Z'));
    expect(r.ok).toBe(true);
  });
});
