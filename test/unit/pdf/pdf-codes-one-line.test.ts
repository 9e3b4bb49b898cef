/**
 * The reception seal, the generation code and the control number are each printed on one line, so a
 * person can read and copy them whole and `pdftotext` finds them: checked with the widest characters
 * each can hold (Helvetica-Bold's W and M for the seal, D for the code, M and 9 for the number).
 * Needs poppler's pdftotext; skipped, saying why, when it is missing (`apt-get install -y poppler-utils`).
 */
import { execFileSync } from 'node:child_process';
import { renderDocumentPdf } from '../../../src/integrations/pdf/render-document-pdf';
import { ccfJson, feJson, input, ncJson, type Json } from './pdf-fixtures';
import { findPdftotext, pdftotextLines as textLines } from './pdf-inspect';

const pdftotext = findPdftotext();
if (!pdftotext) {
  console.warn('SKIPPED: pdftotext (poppler-utils) is not installed, the printed codes cannot be read back. Install it with `apt-get install -y poppler-utils`.');
}
const describeWithPoppler = pdftotext ? describe : describe.skip;

const WIDEST_SEAL = 'WM'.repeat(20);
const WIDEST_CODE = 'DDDDDDDD-DDDD-DDDD-DDDD-DDDDDDDDDDDD';
const WIDEST_CONTROL = (type: string) => `DTE-${type}-M999P999-999999999999999`;

function widest(json: Json): Json {
  return { ...json, identificacion: { ...json.identificacion, codigoGeneracion: WIDEST_CODE, numeroControl: WIDEST_CONTROL(json.identificacion.tipoDte) } };
}

describeWithPoppler('codes printed on one line', () => {
  it.each([
    ['FE', () => feJson()],
    ['CCF', () => ccfJson()],
    ['NC', () => ncJson()],
  ])('%s: the widest seal, generation code and control number are each whole on one line', async (_label, make) => {
    const json = widest(make());
    const lines = textLines(await renderDocumentPdf(input(json, { seal: WIDEST_SEAL })));
    for (const value of [WIDEST_SEAL, WIDEST_CODE, json.identificacion.numeroControl]) {
      expect({ value, found: lines.some((l) => l.includes(value)) }).toEqual({ value, found: true });
    }
  });

  it('every later page repeats the widest generation code and control number on one line', async () => {
    const json = widest(ccfJson(120));
    const pdf = await renderDocumentPdf(input(json, { seal: WIDEST_SEAL }));
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' }))?.[1]);
    expect(pages).toBeGreaterThan(1);
    for (let page = 2; page <= pages; page++) {
      const lines = textLines(pdf, page);
      expect({ page, code: lines.some((l) => l.includes(WIDEST_CODE)), control: lines.some((l) => l.includes(json.identificacion.numeroControl)) })
        .toEqual({ page, code: true, control: true });
    }
  });

  it('a real seal and an unsealed document ("Pendiente de sello") too', async () => {
    const json = feJson();
    const sealed = textLines(await renderDocumentPdf(input(json)));
    expect(sealed.some((l) => l.includes('2026E68208639D4549FB9FA06E7CB6D57D2A3BED'))).toBe(true);
    const pending = textLines(await renderDocumentPdf(input(json, { seal: null, processedAt: null, status: 'sending' })));
    expect(pending.some((l) => l.includes('Pendiente de sello'))).toBe(true);
    expect(pending.some((l) => l.includes(json.identificacion.codigoGeneracion))).toBe(true);
  });
});
