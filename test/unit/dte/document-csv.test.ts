import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocumentCreateBody } from '../../../src/domain/dte/document-create.schema';
import { CSV_DTE_TYPES, csvColumns, csvTemplateFilename, csvTemplateRows, readCsvDocuments, rowErrorsOf } from '../../../src/domain/dte/document-csv';
import { exampleCellsOutsideColumns } from '../../../src/domain/dte/document-csv-templates';
import { FIELD_PLACEMENT } from '../../../src/domain/dte/extended/field-placement';

const DEFAULTS = { emitterId: 'emi_1', establishment: 'M001', pointOfSale: 'P001' };
const H = ['id_externo', 'receptor_nombre', 'tipo_item', 'descripcion', 'cantidad', 'unidad', 'precio_unitario', 'tributo'];

describe('readCsvDocuments', () => {
  it('groups rows by id_externo in order of appearance, document values from the first row', () => {
    const r = readCsvDocuments([H, ['A', 'Juan', '1', 'Café', '2', '59', '5.65', 'Gravada'], ['B', 'Ana', '2', 'Envío', '1', '59', '3.00', 'exenta'], ['A', '', '1', 'Taza', '1', '59', '4.00', 'gravada']], '01', DEFAULTS);
    expect(r).toEqual({
      ok: true,
      unassigned: [],
      documents: [
        { externalId: 'A', rows: [2, 4], errors: [], type: '01', body: { emitterId: 'emi_1', type: '01', establishment: 'M001', pointOfSale: 'P001', externalId: 'A', receiver: { name: 'Juan' }, items: [{ type: '1', description: 'Café', quantity: '2', unitCode: '59', unitPrice: '5.65', tax: 'gravada' }, { type: '1', description: 'Taza', quantity: '1', unitCode: '59', unitPrice: '4.00', tax: 'gravada' }] } },
        { externalId: 'B', rows: [3], errors: [], type: '01', body: { emitterId: 'emi_1', type: '01', establishment: 'M001', pointOfSale: 'P001', externalId: 'B', receiver: { name: 'Ana' }, items: [{ type: '2', description: 'Envío', quantity: '1', unitCode: '59', unitPrice: '3.00', tax: 'exenta' }] } },
      ],
    });
  });

  it.each([
    ['an unknown header', [['id_externo', 'precio'], ['A', '1']], /Columna desconocida «precio»/],
    ['a missing required column', [['id_externo', 'descripcion']], /Falta la columna obligatoria «tipo_item»/],
    ['an empty file', [], /El archivo está vacío/],
  ])('refuses the file for %s', (_label, rows, message) => {
    const r = readCsvDocuments(rows as string[][], '01', DEFAULTS);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.map((e) => e.message).join(' ')).toMatch(message);
  });

  it('a row without id_externo and a changed document value are marked on their rows', () => {
    const r = readCsvDocuments([H, ['A', 'Juan', '1', 'Café', '2', '59', '5.65', 'gravada'], ['A', 'Pedro', '1', 'Taza', '1', '59', '4.00', 'gravada'], ['', '', '1', 'x', '1', '59', '1', 'gravada']], '01', DEFAULTS);
    expect(r.ok && r.unassigned).toEqual([{ row: 4, column: 'id_externo', message: expect.stringMatching(/^Falta «id_externo»/) }]);
    expect(r.ok && r.documents[0].errors).toEqual([{ row: 3, column: 'receptor_nombre', message: expect.stringMatching(/no coincide con la fila 2/) }]);
  });
});

describe('rowErrorsOf', () => {
  it.each([
    ['a line field on its line row', 'items[1].unitPrice', { row: 7, column: 'precio_unitario' }],
    ['a receiver field on the first row', 'receiver.nrc', { row: 5, column: 'receptor_nrc' }],
    ['a nested address field', 'receiver.address.department', { row: 5, column: 'receptor_departamento' }],
    ['the document as a whole', null, { row: 5, column: null }],
  ])('%s', (_label, path, expected) => {
    expect(rowErrorsOf({ rows: [5, 7], type: '01' }, [{ path, message: 'm' }])).toEqual([{ ...expected, message: 'm' }]);
  });
});

describe('templates of every type', () => {
  it('there is one per type, each with its own file name', () => {
    expect(CSV_DTE_TYPES).toEqual(['01', '03', '04', '05', '06', '07', '08', '09', '11', '14', '15']);
    expect(new Set(CSV_DTE_TYPES.map(csvTemplateFilename)).size).toBe(11);
    expect(CSV_DTE_TYPES.map(csvTemplateFilename).slice(0, 4)).toEqual(['plantilla-emision-fe.csv', 'plantilla-emision-ccf.csv', 'plantilla-emision-nr.csv', 'plantilla-emision-nc.csv']);
  });

  it.each(CSV_DTE_TYPES.map((t) => [t]))('type %s: the examples use only the columns of the type, and read into two documents whose bodies the schema takes', (type) => {
    expect(exampleCellsOutsideColumns(type)).toEqual([]);
    const rows = csvTemplateRows(type);
    const read = readCsvDocuments(rows, type, DEFAULTS);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.unassigned).toEqual([]);
    expect(read.documents.map((d) => d.rows)).toEqual(type === '09' ? [[2], [3]] : [[2, 3], [4]]);
    for (const d of read.documents) {
      expect(d.errors).toEqual([]);
      const parsed = parseDocumentCreateBody(d.body);
      expect(parsed.ok ? [] : parsed.errors).toEqual([]);
    }
  });

  it('docs/bulk-issuance.md names every column of every type and every template', () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'bulk-issuance.md'), 'utf8');
    for (const type of CSV_DTE_TYPES) {
      expect(doc).toContain(`\`${csvTemplateFilename(type)}\``);
      for (const c of csvColumns(type)) expect(doc).toContain(`\`${c.header}\``);
    }
  });

  it.each(CSV_DTE_TYPES.map((t) => [t]))('type %s: every column fills a field the type has a place for', (type) => {
    const placement = FIELD_PLACEMENT[type];
    for (const c of csvColumns(type)) expect(c.help.length).toBeGreaterThan(5);
    const body = readCsvDocuments(csvTemplateRows(type), type, DEFAULTS);
    const tops = new Set(body.ok ? body.documents.flatMap((d) => Object.keys(d.body)) : []);
    for (const k of tops) expect(placement.top).toContain(k);
  });
});

describe('per-type lines', () => {
  it('NC: each line names its related document; the document lists each related document once, in order', () => {
    const H2 = ['id_externo', 'receptor_nombre', 'doc_relacionado_tipo', 'doc_relacionado_codigo', 'doc_relacionado_fecha', 'tipo_item', 'descripcion', 'cantidad', 'unidad', 'precio_unitario', 'tributo'];
    const uuid = '7e1b1f4c-2b1d-4c3a-9f0e-1a2b3c4d5e6f';
    const r = readCsvDocuments([H2, ['N', 'Roble', '03', uuid, '2026-11-02', '1', 'A', '1', '59', '10.00', 'gravada'], ['N', '', '03', 'CCF-9', '2026-11-03', '1', 'B', '1', '59', '5.00', 'gravada'], ['N', '', '03', uuid.toUpperCase(), '2026-11-02', '2', 'C', '1', '59', '1.00', 'gravada']], '05', DEFAULTS);
    if (!r.ok) throw new Error('not read');
    const [doc] = r.documents;
    expect(doc.body.relatedDocuments).toEqual([{ type: '03', generationCode: uuid, issuedOn: '2026-11-02' }, { type: '03', generationCode: 'CCF-9', issuedOn: '2026-11-03' }]);
    expect((doc.body.items as { relatedDocument: string }[]).map((i) => i.relatedDocument)).toEqual([uuid, 'CCF-9', uuid.toUpperCase()]);
    expect(doc.relatedRows).toEqual([2, 3]);
    expect(rowErrorsOf(doc, [{ path: 'relatedDocuments[1].issuedOn', message: 'm' }, { path: 'items[2].relatedDocument', message: 'n' }])).toEqual([
      { row: 3, column: 'doc_relacionado_fecha', message: 'm' },
      { row: 4, column: 'doc_relacionado_codigo', message: 'n' },
    ]);
  });

  it('CR: each row is a withheld document; CL: a settled one; errors land on their row and column', () => {
    const cr = readCsvDocuments([['id_externo', 'doc_relacionado_tipo', 'doc_relacionado_codigo', 'doc_relacionado_fecha', 'monto_sujeto', 'codigo_retencion'], ['R', '03', '1547', '2026-11-05', '820.50', '22'], ['R', '03', '1548', '2026-11-06', '10.00', '22']], '07', DEFAULTS);
    if (!cr.ok) throw new Error('not read');
    expect(cr.documents[0].body.withholdings).toEqual([
      { relatedDocument: { type: '03', generationCode: '1547', issuedOn: '2026-11-05' }, taxableAmount: '820.50', code: '22' },
      { relatedDocument: { type: '03', generationCode: '1548', issuedOn: '2026-11-06' }, taxableAmount: '10.00', code: '22' },
    ]);
    expect(cr.documents[0].body.items).toBeUndefined();
    expect(rowErrorsOf(cr.documents[0], [{ path: 'withholdings[1].code', message: 'm' }, { path: 'withholdings[0].relatedDocument.issuedOn', message: 'n' }])).toEqual([
      { row: 3, column: 'codigo_retencion', message: 'm' },
      { row: 2, column: 'doc_relacionado_fecha', message: 'n' },
    ]);
    const cl = readCsvDocuments([['id_externo', 'doc_relacionado_tipo', 'doc_relacionado_codigo', 'doc_relacionado_fecha', 'gravada', 'notas_linea'], ['L', '01', '0150', '2026-11-06', '200.00', 'semana 1']], '08', DEFAULTS);
    expect(cl.ok && cl.documents[0].body.settledDocuments).toEqual([{ relatedDocument: { type: '01', generationCode: '0150', issuedOn: '2026-11-06' }, gravada: '200.00', notes: 'semana 1' }]);
  });

  it('DCL: one row per document, the settlement from its columns (document count as a number); a second row of the same document is marked', () => {
    const H3 = ['id_externo', 'periodo_inicio', 'periodo_fin', 'cantidad_documentos', 'monto_operaciones', 'comision', 'responsable_nombre', 'responsable_documento'];
    const r = readCsvDocuments([H3, ['D', '2026-11-01', '2026-11-07', '42', '100.00', '2.00', 'Ana', '01234567-8'], ['D', '2026-11-01', '2026-11-07', '42', '100.00', '2.00', 'Ana', '01234567-8']], '09', DEFAULTS);
    if (!r.ok) throw new Error('not read');
    expect(r.documents[0].body).toEqual({ ...DEFAULTS, type: '09', externalId: 'D', settlement: { periodStart: '2026-11-01', periodEnd: '2026-11-07', documentCount: 42, operationsAmount: '100.00', commission: '2.00', responsible: { name: 'Ana', documentNumber: '01234567-8' } } });
    expect(r.documents[0].errors).toEqual([{ row: 3, column: 'id_externo', message: expect.stringMatching(/es una sola fila/) }]);
  });

  it('CD: the associated document from its columns; a column of another type is unknown here', () => {
    const r = readCsvDocuments([['id_externo', 'doc_asociado_codigo', 'doc_asociado_identificacion', 'tipo_donacion', 'descripcion', 'cantidad', 'unidad', 'precio_unitario'], ['C', '1', 'Res. 12', '1', 'Efectivo', '1', '99', '10.00']], '15', DEFAULTS);
    expect(r.ok && r.documents[0].body).toMatchObject({ associatedDocuments: [{ code: '1', identification: 'Res. 12' }], items: [{ donationType: '1', description: 'Efectivo' }] });
    const wrong = readCsvDocuments([['id_externo', 'tributo', 'tipo_donacion', 'descripcion', 'cantidad', 'unidad', 'precio_unitario']], '15', DEFAULTS);
    expect(!wrong.ok && wrong.errors).toEqual([{ row: 1, column: 'tributo', message: expect.stringMatching(/^Columna desconocida «tributo» para este tipo/) }]);
  });
});
