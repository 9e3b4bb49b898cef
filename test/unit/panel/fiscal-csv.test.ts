import { csvColumn, parseCsv, recordsFromCsv, rowProblem } from '../../../panel/src/lib/fiscal-csv';

describe('panel CSV import of fiscal records', () => {
  it.each([
    ['commas', 'external_id,accounting_date,amounts.taxed_internal\nP-1,2026-03-12,100.00\n', [['external_id', 'accounting_date', 'amounts.taxed_internal'], ['P-1', '2026-03-12', '100.00']]],
    ['semicolons (spreadsheets in es-SV) and CRLF', 'external_id;accounting_date\r\nP-1;2026-03-12\r\n', [['external_id', 'accounting_date'], ['P-1', '2026-03-12']]],
    ['quoted separators, doubled quotes and a BOM', '\uFEFFexternal_id,counterpart.name\n"P-1","Proveedor ""Uno"", S.A."\n', [['external_id', 'counterpart.name'], ['P-1', 'Proveedor "Uno", S.A.']]],
    ['blank lines are skipped', 'a,b\n\n1,2\n,\n', [['a', 'b'], ['1', '2']]],
  ])('parses %s', (_label, text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });

  it('maps columns to the record body: camelCase top level, counterpart, amounts and attributes as written', () => {
    const csv = [
      'external_id,version,accounting_date,doc_class,doc_type,counterpart.nit,counterpart.country_code,amounts.taxed_internal,amounts.vat_credit,attributes.sector,exclude_from_books,columna_rara',
      'P-1,2,2026-03-12,4,03,06141234567890,,100.00,"13,00",2,sí,x',
      'P-2,,2026-03-13,1,03,,,50.00,,,,',
    ].join('\n');
    const r = recordsFromCsv(parseCsv(csv));
    expect(r.items).toEqual([
      { externalId: 'P-1', version: 2, accountingDate: '2026-03-12', docClass: '4', docType: '03', counterpart: { nit: '06141234567890' }, amounts: { taxed_internal: '100.00', vat_credit: '13.00' }, attributes: { sector: '2' }, excludeFromBooks: true },
      { externalId: 'P-2', version: 1, accountingDate: '2026-03-13', docClass: '1', docType: '03', amounts: { taxed_internal: '50.00' } },
    ]);
    expect(r.lines).toEqual([2, 3]);
    expect(r.unknownColumns).toEqual(['columna_rara']);
  });
});

describe('why an imported row was refused, by CSV column', () => {
  it.each([
    ['top level', 'accountingDate', 'accounting_date'],
    ['nested', 'amounts.taxedInternal', 'amounts.taxed_internal'],
    ['already a column', 'counterpart.nit', 'counterpart.nit'],
  ])('%s', (_label, field, column) => {
    expect(csvColumn(field)).toBe(column);
  });

  it.each([
    ['the general message repeats the field\'s: said once, by column', { message: 'Fecha inválida.', errors: [{ field: 'accountingDate', message: 'Fecha inválida.' }] }, 'accounting_date: Fecha inválida.'],
    ['a general message of its own is kept', { message: 'El registro tiene 2 errores.', errors: [{ field: 'docType', message: 'Tipo desconocido.' }, { field: 'amounts.vatCredit', message: 'Monto inválido.' }] }, 'El registro tiene 2 errores. doc_type: Tipo desconocido. amounts.vat_credit: Monto inválido.'],
    ['no field errors', { message: 'El período está cerrado.', errors: [] }, 'El período está cerrado.'],
  ])('%s', (_label, error, text) => {
    expect(rowProblem(error)).toBe(text);
  });
});
