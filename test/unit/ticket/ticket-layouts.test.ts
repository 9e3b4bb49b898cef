/**
 * The ticket layouts of every DTE type: page width of the roll, every word inside the printable
 * width (pdftotext -bbox), the QR read back with zbarimg at 203 dpi; the ESC/POS bytes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDte, parseDocumentCreate } from '../../../src/domain/dte/index';
import type { ExtendedDteType } from '../../../src/domain/dte/dte.types';
import { publicQueryUrl } from '../../../src/domain/documents/public-query-url';
import { renderTicketEscpos } from '../../../src/integrations/ticket/render-ticket-escpos';
import { POINTS_PER_MM, renderTicketPdf } from '../../../src/integrations/ticket/render-ticket-pdf';
import { makeContext } from '../dte/dte-fixtures';
import { otherBody } from '../dte/other-types-fixtures';
import { buildJson, input, type Json } from '../pdf/pdf-fixtures';
import { renderPages } from '../pdf/pdf-inspect';

function otherJson(type: ExtendedDteType): Json {
  const parsed = parseDocumentCreate(otherBody(type));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const built = buildDte(parsed.value, makeContext(type));
  if (!built.ok) throw new Error(JSON.stringify(built.errors));
  return built.json as Json;
}

const TYPES: ReadonlyArray<[string, () => Json]> = [
  ['01', () => buildJson('01')], ['03', () => buildJson('03')], ['05', () => buildJson('05')], ['06', () => buildJson('06')],
  ...(['04', '07', '08', '09', '11', '14', '15'] as const).map((t): [string, () => Json] => [t, () => otherJson(t)]),
];

function words(pdf: Buffer): { pageWidth: number; boxes: { xMin: number; xMax: number; text: string }[] } {
  const dir = mkdtempSync(join(tmpdir(), 'dte-ticket-'));
  const file = join(dir, 't.pdf');
  writeFileSync(file, pdf);
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const pageWidth = Number(/<page width="([\d.]+)"/.exec(html)![1]);
  const boxes = [...html.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({ xMin: Number(m[1]), xMax: Number(m[2]), text: m[3] }));
  return { pageWidth, boxes };
}

describe.each([['80', 72], ['58', 48]] as const)('ticket %s mm', (paper, printable) => {
  test.each(TYPES)('type %s: roll width, every word inside the printable width, the QR decodes', async (type, make) => {
    const json = make();
    const pdf = await renderTicketPdf(input(json), paper);
    const { pageWidth, boxes } = words(pdf);
    expect(Math.abs(pageWidth - Number(paper) * POINTS_PER_MM)).toBeLessThan(0.5);
    const margin = ((Number(paper) - printable) / 2) * POINTS_PER_MM;
    expect(boxes.length).toBeGreaterThan(20);
    for (const b of boxes) expect({ b, inside: b.xMin >= margin - 0.5 && b.xMax <= pageWidth - margin + 0.5 }).toEqual({ b, inside: true });
    const text = boxes.map((b) => b.text).join(' ');
    expect(text).toContain(json.identificacion.numeroControl.slice(0, 10));
    const { files } = renderPages(pdf, 203);
    expect(files).toHaveLength(1);
    const url = publicQueryUrl(json.identificacion.ambiente, json.identificacion.codigoGeneracion, json.identificacion.fecEmi);
    const decoded = execFileSync('zbarimg', ['--raw', '-q', files[0]], { encoding: 'utf8' }).trim();
    expect(decoded).toBe(url);
  });
});

test('ESC/POS: initialize, the QR command carrying the public query URL, cut', () => {
  const json = buildJson('01');
  const bytes = renderTicketEscpos(input(json), '80');
  expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]));
  const url = publicQueryUrl(json.identificacion.ambiente, json.identificacion.codigoGeneracion, json.identificacion.fecEmi);
  // GS ( k … fn 80 (store the data): 1D 28 6B pL pH 31 50 30 <data>
  const store = Buffer.concat([Buffer.from([0x31, 0x50, 0x30]), Buffer.from(url, 'latin1')]);
  expect(bytes.indexOf(store)).toBeGreaterThan(0);
  expect(bytes.indexOf(Buffer.from([0x1d, 0x28, 0x6b]))).toBeGreaterThan(0);
  expect(bytes.indexOf(Buffer.from([0x1d, 0x56, 0x00]))).toBeGreaterThan(bytes.indexOf(store));
});
