/**
 * The graphic representation of NR, CR, CL, DCL, FEX, FSE and CD: each type's title, its own
 * columns and totals (exact to the cent, from the JSON it was made from), nothing outside the margins.
 */
import { buildDte, parseDocumentCreate } from '../../../src/domain/dte/index';
import type { ExtendedDteType } from '../../../src/domain/dte/dte.types';
import { formatMoney } from '../../../src/integrations/pdf/format';
import { BODY_BOTTOM, LEFT, PAGE_HEIGHT, RIGHT } from '../../../src/integrations/pdf/pdf-layout';
import { renderDocumentPdf } from '../../../src/integrations/pdf/render-document-pdf';
import { makeContext } from '../dte/dte-fixtures';
import { otherBody } from '../dte/other-types-fixtures';
import { input, type Json } from './pdf-fixtures';
import { extractText, findPdftotext, pdftotextLines, type PdfText } from './pdf-inspect';
import { ccfJson } from './pdf-fixtures';

function otherJson(type: ExtendedDteType): Json {
  const parsed = parseDocumentCreate(otherBody(type));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const built = buildDte(parsed.value, makeContext(type));
  if (!built.ok) throw new Error(JSON.stringify(built.errors));
  return built.json as Json;
}

function expectInsideMargins({ pageItems }: PdfText): void {
  for (const items of pageItems) {
    for (const it of items.filter((i) => !i.rotated)) {
      expect({ it, left: it.x >= LEFT - 0.5, right: it.x + it.width <= RIGHT + 0.5 }).toEqual({ it, left: true, right: true });
      if (it.y < PAGE_HEIGHT - BODY_BOTTOM - 4) expect({ it, footer: /^(Representación gráfica|Página \d+ de \d+)/.test(it.str) }).toEqual({ it, footer: true });
    }
  }
}

/** Per type: its title, the texts its JSON must show, and the amount shown as the document's total. */
const CASES: ReadonlyArray<{ type: ExtendedDteType; title: string; texts: (j: Json) => string[]; total: (j: Json) => number }> = [
  { type: '04', title: 'NOTA DE REMISIÓN', texts: (j) => [j.cuerpoDocumento[0].descripcion, 'A título de', 'Traslado'], total: (j) => j.resumen.montoTotalOperacion },
  { type: '07', title: 'COMPROBANTE DE RETENCIÓN', texts: (j) => ['IVA retenido', 'TOTAL IVA RETENIDO', formatMoney(j.resumen.totalSujetoRetencion)], total: (j) => j.resumen.totalIVAretenido },
  { type: '08', title: 'COMPROBANTE DE LIQUIDACIÓN', texts: () => ['Documento liquidado', 'IVA percibido', 'TOTAL A LIQUIDAR'], total: (j) => j.resumen.montoTotalOperacion },
  { type: '09', title: 'DOCUMENTO CONTABLE DE LIQUIDACIÓN', texts: (j) => [j.cuerpoDocumento.codLiquidacion, 'Período de liquidación', '01/03/2026 al 07/03/2026', 'LÍQUIDO A PAGAR'], total: (j) => j.cuerpoDocumento.liquidoApagar },
  { type: '11', title: 'FACTURA DE EXPORTACIÓN', texts: (j) => [j.cuerpoDocumento[0].descripcion, 'Flete', 'Seguro', formatMoney(j.resumen.flete)], total: (j) => j.resumen.totalPagar },
  { type: '14', title: 'FACTURA DE SUJETO EXCLUIDO', texts: (j) => [j.receptor.nombre, j.cuerpoDocumento[1].descripcion, 'Retención de renta'], total: (j) => j.resumen.totalPagar },
  { type: '15', title: 'COMPROBANTE DE DONACIÓN', texts: (j) => [j.emisor.numDocumento, j.cuerpoDocumento[0].descripcion, 'TOTAL DONADO'], total: (j) => j.resumen.valorTotal },
];

describe('renderDocumentPdf for the other DTE types', () => {
  test.each(CASES)('$type: $title with its columns and totals', async ({ type, title, texts, total }) => {
    const json = otherJson(type);
    const pdf = await renderDocumentPdf(input(json));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const extracted = await extractText(pdf);
    const text = extracted.pageTexts.join('\n');
    expect(text).toContain(title);
    expect(text).toContain(json.identificacion.numeroControl);
    expect(text).toContain(json.identificacion.codigoGeneracion);
    for (const t of texts(json)) expect(text).toContain(String(t));
    expect(text).toContain(formatMoney(total(json)));
    expectInsideMargins(extracted);
  });
});

const pdftotext = findPdftotext();
if (!pdftotext) console.warn('SKIPPED: pdftotext (poppler-utils) is not installed, the parties\' labels cannot be read back. Install it with `apt-get install -y poppler-utils`.');
const describeWithPoppler = pdftotext ? describe : describe.skip;

describeWithPoppler('the parties\' labels, read back with pdftotext', () => {
  it.each([
    // A CD is issued by the donee to the donor: «DONATARIO» above the issuer, «DONANTE» over the receiver, no «RECEPTOR».
    ['CD', () => otherJson('15'), ['DONATARIO', 'DONANTE'], ['RECEPTOR']],
    ['CCF', () => ccfJson(), ['RECEPTOR'], ['DONANTE', 'DONATARIO']],
    // An FSE is issued by the buyer to the excluded subject who sold.
    ['FSE', () => otherJson('14'), ['EMISOR (COMPRADOR)', 'SUJETO EXCLUIDO (VENDEDOR)'], ['RECEPTOR', 'DONANTE']],
    ['CR', () => otherJson('07'), ['RECEPTOR'], ['DONANTE', 'DONATARIO']],
  ] as const)('%s', async (_label, make, present, absent) => {
    const json = make();
    const lines = pdftotextLines(await renderDocumentPdf(input(json))).map((l) => l.trim()).filter((l) => l !== '');
    for (const label of present) expect({ label, found: lines.includes(label) }).toEqual({ label, found: true });
    for (const label of absent) expect({ label, found: lines.some((l) => l.includes(label)) }).toEqual({ label, found: false });
    // The donee's name right under its label; the donor's printed too.
    if (json.identificacion.tipoDte === '15') {
      expect(lines.indexOf(json.emisor.nombre)).toBe(lines.indexOf('DONATARIO') + 1);
      expect(lines).toContain(json.receptor.nombre);
    }
  });
});
