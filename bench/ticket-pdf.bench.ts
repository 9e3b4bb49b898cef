/**
 * Rendering one document's 80 mm ticket PDF on one core: a 10-line FE after a
 * warm-up of WARM_UP renders (font metrics, JIT: a till prints many tickets a day, so the figure is
 * the process's steady state). Target: at most 10 ms per document (median of the runs).
 */
import { renderTicketPdf } from '../src/integrations/ticket/render-ticket-pdf';
import { feJson, input } from '../test/unit/pdf/pdf-fixtures';

const WARM_UP = 10;
const RUNS = 50;
const TARGET_MS = 10;

export default async function ticketPdfBench(): Promise<Record<string, unknown>> {
  const doc = input(feJson(10));
  for (let i = 0; i < WARM_UP; i++) await renderTicketPdf(doc, '80');
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    bytes = (await renderTicketPdf(doc, '80')).length;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)];
  return {
    lines: 10,
    warm_up: WARM_UP,
    runs: RUNS,
    pdf_bytes: bytes,
    min_ms: Number(times[0].toFixed(1)),
    median_ms: Number(median.toFixed(1)),
    max_ms: Number(times[RUNS - 1].toFixed(1)),
    target_ms: TARGET_MS,
    met: median <= TARGET_MS,
  };
}
