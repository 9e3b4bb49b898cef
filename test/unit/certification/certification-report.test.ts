/** The battery's report as JSON: `counts` in the pinned key order, on stdout and in informe.json. */
import { reportJsonText, type BatteryReport } from '../../../src/cli/certification/certification-report';
import { COUNT_KEYS, type CountKey } from '../../../src/domain/certification/battery-plan';

const PINNED = ['01', '03', '04', '05', '06', '07', '08', '09', '11', '14', '15', 'invalidation', 'contingency', 'return', 'special_operation'];

/** The keys of the `counts` object in the order the text writes them (a parsed object would reorder them). */
function countKeysIn(text: string): string[] {
  const counts = /"counts":\s*\{([^}]*)\}/.exec(text)![1];
  return [...counts.matchAll(/"([^"]+)":/g)].map((m) => m[1]);
}

function report(n = 2): BatteryReport {
  return { counts: Object.fromEntries(COUNT_KEYS.map((k) => [k, n])) as Record<CountKey, number>, rejections: [], report_pdf: '/tmp/informe.pdf' };
}

describe('reportJsonText', () => {
  it('stdout: one line, counts in the pinned order (JSON.stringify would start with "11", "14", "15")', () => {
    expect(Object.keys(JSON.parse(JSON.stringify(report())).counts).slice(0, 3)).toEqual(['11', '14', '15']);
    expect(reportJsonText(report())).toBe(
      '{"counts":{"01":2,"03":2,"04":2,"05":2,"06":2,"07":2,"08":2,"09":2,"11":2,"14":2,"15":2,"invalidation":2,"contingency":2,"return":2,"special_operation":2},'
      + '"rejections":[],"report_pdf":"/tmp/informe.pdf"}',
    );
  });

  it('informe.json: indented like JSON.stringify(…, null, 2), the same values, counts in the pinned order', () => {
    const rejection = { item: '07-012', kind: 'document', type: '07', generation_code: null, code: '004', message: 'RECHAZADO', observations: ['a', 'b'] };
    const extra = { run_id: 'crt_1', sample_limit: null, items: [{ key: '01-001', mhResponse: { code: null, observations: [] }, skipped: undefined }], at: new Date('2026-03-10T16:00:00Z') };
    const r = { ...report(), rejections: [rejection] };
    const text = reportJsonText(r, extra, 2);
    const parsed = JSON.parse(text);
    expect(parsed).toEqual(JSON.parse(JSON.stringify({ ...r, ...extra })));
    expect(countKeysIn(text)).toEqual(PINNED);
    // Apart from the counts' order, byte for byte what JSON.stringify writes.
    const standard = JSON.stringify({ ...r, ...extra }, null, 2);
    expect(text.split('\n').sort()).toEqual(standard.split('\n').sort());
    expect(text.split('\n').slice(0, 3)).toEqual(['{', '  "counts": {', '    "01": 2,']);
  });
});
