import { csvTemplateRows, readCsvDocuments, rowErrorsOf } from '../../../src/domain/dte/document-csv';

const DEFAULTS = { emitterId: 'emi_1', establishment: 'M001', pointOfSale: 'P001' };
const H = ['id_externo', 'receptor_nombre', 'tipo_item', 'descripcion', 'cantidad', 'unidad', 'precio_unitario', 'tributo'];

describe('readCsvDocuments', () => {
  it('groups rows by id_externo in order of appearance, document values from the first row', () => {
    const r = readCsvDocuments([H, ['A', 'Juan', '1', 'Café', '2', '59', '5.65', 'Gravada'], ['B', 'Ana', '2', 'Envío', '1', '59', '3.00', 'exenta'], ['A', '', '1', 'Taza', '1', '59', '4.00', 'gravada']], '01', DEFAULTS);
    expect(r).toEqual({
      ok: true,
      unassigned: [],
      documents: [
        { externalId: 'A', rows: [2, 4], errors: [], body: { emitterId: 'emi_1', type: '01', establishment: 'M001', pointOfSale: 'P001', externalId: 'A', receiver: { name: 'Juan' }, items: [{ type: '1', description: 'Café', quantity: '2', unitCode: '59', unitPrice: '5.65', tax: 'gravada' }, { type: '1', description: 'Taza', quantity: '1', unitCode: '59', unitPrice: '4.00', tax: 'gravada' }] } },
        { externalId: 'B', rows: [3], errors: [], body: { emitterId: 'emi_1', type: '01', establishment: 'M001', pointOfSale: 'P001', externalId: 'B', receiver: { name: 'Ana' }, items: [{ type: '2', description: 'Envío', quantity: '1', unitCode: '59', unitPrice: '3.00', tax: 'exenta' }] } },
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
    expect(rowErrorsOf({ rows: [5, 7] }, [{ path, message: 'm' }])).toEqual([{ ...expected, message: 'm' }]);
  });
});

it('each template has the header and three example lines of two documents', () => {
  for (const type of ['01', '03'] as const) {
    const rows = csvTemplateRows(type);
    expect(rows).toHaveLength(4);
    const read = readCsvDocuments(rows, type, DEFAULTS);
    expect(read.ok && read.documents.map((d) => d.rows)).toEqual([[2, 3], [4]]);
  }
});
