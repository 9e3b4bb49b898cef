/**
 * The battery's report: `counts` in the pinned key order on stdout and in informe.json, and the
 * first report of a finished run already saying when it finished («Terminada»).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finishAndReport } from '../../../src/cli/certification/certification.command';
import { reportJsonText, type BatteryReport } from '../../../src/cli/certification/certification-report';
import { COUNT_KEYS, type CountKey } from '../../../src/domain/certification/battery-plan';
import type { CertificationItem, CertificationRun } from '../../../src/services/certification/certification-runs.service';
import { findPdftotext, pdftotextLines } from '../pdf/pdf-inspect';

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

const pdftotext = findPdftotext();
if (!pdftotext) console.warn('SKIPPED: pdftotext (poppler-utils) is not installed, the report PDF cannot be read back. Install it with `apt-get install -y poppler-utils`.');
const describeWithPoppler = pdftotext ? describe : describe.skip;

describeWithPoppler('finishAndReport', () => {
  const run: CertificationRun = {
    id: 'crt_prueba', accountId: 'acc_1', emitterId: 'emt_1', environment: '00', status: 'running', sampleLimit: 1, reportPdf: null,
    createdAt: new Date('2026-03-10T15:00:00Z'), completedAt: null,
  };
  const header = { emitterName: 'Fundación Demo', nit: '06142803901121', nrc: '1234567', mode: 'servicio en el proceso', generatedAt: new Date('2026-03-10T17:00:00Z') };
  const item = (key: CountKey): CertificationItem => ({
    key: `${key}-001`, kind: key.length === 2 ? 'document' : (key as CertificationItem['kind']), documentType: key.length === 2 ? key : null,
    status: 'processed', resourceId: `r-${key}`, generationCode: null, seal: null, mhResponse: null,
  });

  function fakeRuns(items: CertificationItem[]) {
    const completed: string[] = [];
    return {
      completed,
      runs: {
        items: async () => items,
        complete: async (id: string, pdf: string) => {
          completed.push(pdf);
          return { ...run, id, status: 'completed' as const, reportPdf: pdf, completedAt: new Date('2026-03-10T16:30:00Z') };
        },
      },
    };
  }

  it('a run that reached its targets is completed before its report is written: the first PDF says «Terminada»', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dte-cert-report-'));
    const { runs, completed } = fakeRuns(COUNT_KEYS.map(item));
    const r = await finishAndReport(runs, run, dir, header);
    expect(completed).toEqual([r.report_pdf]);
    const text = pdftotextLines(readFileSync(r.report_pdf)).join('\n');
    expect(text).toContain('Iniciada: 10/03/2026 09:00:00 (hora de El Salvador) — Terminada: 10/03/2026 10:30:00 (hora de El Salvador)');
    expect(countKeysIn(readFileSync(join(dir, 'informe.json'), 'utf8'))).toEqual(PINNED);
  });

  it('a run short of a target is not completed and its report has no «Terminada»', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dte-cert-report-'));
    const { runs, completed } = fakeRuns(COUNT_KEYS.filter((k) => k !== 'return').map(item));
    const r = await finishAndReport(runs, run, dir, header);
    expect(completed).toEqual([]);
    const text = pdftotextLines(readFileSync(r.report_pdf)).join('\n');
    expect(text).toContain('Iniciada: 10/03/2026 09:00:00 (hora de El Salvador)');
    expect(text).not.toContain('Terminada');
  });
});
