import { generateReport, type LedgerDocument } from '../../../src/domain/fiscal/index';
import { compact, genCode, ledgerDoc, sealOf } from './fiscal-fixtures';

function anulados(documents: LedgerDocument[], params: unknown = {}, period = '2026-03') {
  const r = generateReport('f07_anulados', { period, documents, records: [] }, params);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.report;
}

const DOCS = [
  ledgerDoc({ type: '03', n: 60, at: '2026-03-02T16:00:00Z', status: 'voided', voidedAt: '2026-03-03T16:00:00Z' }),
  ledgerDoc({ type: '01', n: 61, at: '2026-02-25T16:00:00Z', status: 'voided', voidedAt: '2026-03-04T16:00:00Z' }),
  ledgerDoc({ type: '05', n: 62, at: '2026-03-28T16:00:00Z', status: 'voided', voidedAt: '2026-04-01T05:00:00Z' }),
  ledgerDoc({ type: '06', n: 63, at: '2026-03-05T16:00:00Z', status: 'voided', voidedAt: '2026-03-06T16:00:00Z', tags: { excludeFromBooks: true } }),
  ledgerDoc({ type: '03', n: 64, at: '2026-03-05T16:00:00Z' }),
];

describe('F-07 anulados annex', () => {
  it('10 columns, no annex number: control number compact, class 4, zeros, tipo, D, seal, 36-char code', () => {
    const r = anulados(DOCS);
    expect(r.rows).toEqual([
      ['DTE01M001P001000000000000061', '4', '0', '0', '01', 'D', sealOf(61), '0', '0', genCode(61)],
      ['DTE03M001P001000000000000060', '4', '0', '0', '03', 'D', sealOf(60), '0', '0', genCode(60)],
      // voided 2026-04-01T05:00Z = 2026-03-31 23:00 in El Salvador
      ['DTE05M001P001000000000000062', '4', '0', '0', '05', 'D', sealOf(62), '0', '0', genCode(62)],
    ]);
    expect(r.columns.length).toBe(10);
    expect(r.totals).toEqual({});
  });

  const params: [string, unknown, string, string[]][] = [
    ['hyphenated control number, compact code', { resolution: 'hyphenated', generation: 'compact' }, '2026-03', ['DTE-01-M001P001-000000000000061', compact(genCode(61))]],
    ['issue-date basis: the FE of February is in February', { voids: 'issue_date' }, '2026-02', ['DTE01M001P001000000000000061', genCode(61)]],
  ];
  it.each(params)('%s', (_label, p, period, [a, j]) => {
    const r = anulados(DOCS, p, period);
    expect([r.rows[0][0], r.rows[0][9]]).toEqual([a, j]);
  });

  it('a voided document without seal is flagged', () => {
    const r = anulados([ledgerDoc({ type: '03', n: 65, at: '2026-03-02T16:00:00Z', status: 'voided', seal: null, voidedAt: '2026-03-03T16:00:00Z' })]);
    expect(r.warnings.map((w) => [w.code, w.documentId])).toEqual([['missing_seal', 'doc_65']]);
    expect(r.rows[0][6]).toBe('');
  });
});
