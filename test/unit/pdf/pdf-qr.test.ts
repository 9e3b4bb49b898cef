/**
 * The QR of the printed page decodes to the MH public query URL: pages rendered to PNG with
 * poppler's pdftoppm (150 dpi), decoded with jsQR. Skipped, saying why, when pdftoppm is missing
 * (Debian/Ubuntu: `apt-get install -y poppler-utils`).
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { publicQueryUrl, renderDocumentPdf, type PdfDocumentInput } from '../../../src/integrations/pdf/render-document-pdf';
import { ccfJson, feJson, inProduction, input, logoPng, ncJson, type Json } from './pdf-fixtures';
import { findPdftoppm, renderPages } from './pdf-inspect';

const pdftoppm = findPdftoppm();
if (!pdftoppm) {
  console.warn('SKIPPED: pdftoppm (poppler-utils) is not installed, the QR of the rendered pages cannot be checked. Install it with `apt-get install -y poppler-utils`.');
}
const describeWithPoppler = pdftoppm ? describe : describe.skip;

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'pdf');
const MAX_FIXTURE_BYTES = 300 * 1024;
/** Where sample pages too large for the repository are kept for a human to look at. */
const SAMPLES = join(tmpdir(), 'dte-pdf-samples');

/** Keeps a sample page: in test/fixtures/pdf when small, otherwise in the temporary samples folder. */
function keepSample(file: string, name: string): void {
  const small = statSync(file).size < MAX_FIXTURE_BYTES;
  const dir = small ? FIXTURES : SAMPLES;
  mkdirSync(dir, { recursive: true });
  copyFileSync(file, join(dir, name));
}

function decodeQr(file: string): string | null {
  const png = PNG.sync.read(readFileSync(file));
  const pixels = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length);
  return jsQR(pixels, png.width, png.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

function expectedUrl(json: Json): string {
  const id = json.identificacion;
  return publicQueryUrl(id.ambiente, id.codigoGeneracion, id.fecEmi);
}

describeWithPoppler('QR code of the rendered page', () => {
  const cases: [string, PdfDocumentInput, string | null][] = [
    ['FE, ambiente 00, with logo', input(feJson(), { logo: logoPng() }), 'fe-page-1.png'],
    ['CCF, production', input(inProduction(ccfJson()), { logo: logoPng() }), 'ccf-page-1.png'],
    ['NC, voided (ANULADO over the QR)', input(ncJson(), { status: 'voided', voidedAt: new Date('2026-03-12T20:10:00Z') }), null],
    ['CCF 120 lines, contingency', input(ccfJson(120), { status: 'contingency', seal: null, processedAt: null }), null],
  ];

  test.each(cases)('%s: decodes exactly to publicQueryUrl(ambiente, codigoGeneracion, fecEmi)', async (_name, doc, fixture) => {
    const pdf = await renderDocumentPdf(doc);
    const { dir, files } = renderPages(pdf, 150);
    try {
      expect(files.length).toBeGreaterThanOrEqual(1);
      expect(decodeQr(files[0])).toBe(expectedUrl(doc.dte));
      if (fixture) keepSample(files[0], fixture);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
