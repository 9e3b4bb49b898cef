/**
 * The graphic representation of FE / CCF / NC / ND built by the project's engine: a valid PDF,
 * its text (pdfjs-dist), pagination of long documents, watermarks, notices and determinism.
 */
import { formatMoney } from '../../../src/integrations/pdf/format';
import { BODY_BOTTOM, LEFT, PAGE_HEIGHT, RIGHT } from '../../../src/integrations/pdf/pdf-layout';
import { publicQueryUrl, renderDocumentPdf } from '../../../src/integrations/pdf/render-document-pdf';
import { TEST_WATERMARK } from '../../../src/integrations/pdf/watermark';
import { buildJson, ccfJson, feJson, inProduction, input, items, logoPng, ncJson, RELATED_CCF, SEAL, type Json } from './pdf-fixtures';
import { collapse, extractText, type PdfText } from './pdf-inspect';

const VOIDED_AT = new Date('2026-03-12T20:10:00Z');

function expectPdf(pdf: Buffer): void {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
}

/** What every representation must show, checked against the JSON it was made from. */
function expectEssentials(text: string, json: Json, seal: string | null = SEAL): void {
  expect(text).toContain(json.identificacion.numeroControl);
  expect(text).toContain(json.identificacion.codigoGeneracion);
  if (seal) expect(text).toContain(seal);
  expect(text).toContain(json.emisor.nit);
  expect(text).toContain(json.emisor.nombre);
  expect(text).toContain(formatMoney(json.resumen.totalPagar));
  expect(text).toContain(json.resumen.totalLetras);
}

/** No text outside the margins, and nothing but the footer under the body (nothing cut off or overlapping it). */
function expectInsideMargins({ pageItems }: PdfText): void {
  for (const items of pageItems) {
    expect(items.length).toBeGreaterThan(20);
    for (const it of items.filter((i) => !i.rotated)) {
      expect({ it, left: it.x >= LEFT - 0.5, right: it.x + it.width <= RIGHT + 0.5 }).toEqual({ it, left: true, right: true });
      const isFooter = it.y < PAGE_HEIGHT - BODY_BOTTOM - 4;
      if (isFooter) expect({ it, footer: /^(Representación gráfica|Página \d+ de \d+)/.test(it.str) }).toEqual({ it, footer: true });
    }
  }
}

describe('renderDocumentPdf', () => {
  test('FE (consumidor final, ambiente 00): one page with every essential, items and the test watermark', async () => {
    const json = feJson();
    const pdf = await renderDocumentPdf(input(json));
    expectPdf(pdf);
    const { pages, pageTexts } = await extractText(pdf);
    expect(pages).toBe(1);
    const text = pageTexts[0];
    expect(text).toContain('FACTURA');
    expect(text).toContain('DOCUMENTO TRIBUTARIO ELECTRÓNICO');
    expectEssentials(text, json);
    expect(text).toContain('Consumidor final');
    for (const item of json.cuerpoDocumento) expect(text).toContain(collapse(item.descripcion));
    expect(text).toContain('Programación Informática');
    expect(text).toContain('Municipio San Salvador Centro');
    expect(text).toContain('Establecimiento M001');
    expect(text).toContain('Punto de venta P001');
    expect(text).toContain('10/03/2026 10:45:30');
    expect(text).toContain('10/03/2026 10:45:33');
    expect(text).toContain('Billetes y monedas');
    expect(text).toContain(json.resumen.observaciones);
    expect(text).toContain(TEST_WATERMARK);
    expect(text).toContain('Página 1 de 1');
    expectInsideMargins(await extractText(pdf));
  });

  test('CCF in production: receiver, IVA 13 %, withholding, credit terms, appendix; no test watermark', async () => {
    const json = inProduction(ccfJson());
    const text = (await extractText(await renderDocumentPdf(input(json)))).pageTexts.join(' ');
    expect(text).toContain('COMPROBANTE DE CRÉDITO FISCAL');
    expectEssentials(text, json);
    expect(text).toContain(json.receptor.nombre);
    expect(text).toContain(json.receptor.nit);
    expect(text).toContain(json.receptor.nrc);
    expect(text).toContain('Venta al por mayor de otros productos');
    expect(text).toContain('Distrito Santa Tecla');
    expect(text).toContain('IVA 13 %');
    expect(text).toContain(formatMoney(json.resumen.tributos[0].valor));
    expect(text).toContain('IVA retenido');
    expect(text).toContain(formatMoney(json.resumen.ivaRete));
    expect(text).toContain('A crédito');
    expect(text).toContain('Plazo: 30 días');
    expect(text).toContain('Orden de compra');
    expect(text).toContain('OC-2026-0042');
    expect(text).not.toContain('DOCUMENTO DE PRUEBA');
    for (const item of json.cuerpoDocumento) expect(text).toContain(collapse(item.descripcion));
  });

  test('NC shows the related CCF; ND renders as well', async () => {
    const nc = ncJson();
    const ncText = (await extractText(await renderDocumentPdf(input(nc)))).pageTexts.join(' ');
    expect(ncText).toContain('NOTA DE CRÉDITO');
    expect(ncText).toContain('DOCUMENTOS RELACIONADOS');
    expect(ncText).toContain('Comprobante de crédito fiscal');
    expect(ncText).toContain(RELATED_CCF);
    expect(ncText).toContain('01/02/2026');
    expectEssentials(ncText, nc);

    const nd = buildJson('06', { items: items(2, RELATED_CCF) });
    const ndText = (await extractText(await renderDocumentPdf(input(nd)))).pageTexts.join(' ');
    expect(ndText).toContain('NOTA DE DÉBITO');
    expectEssentials(ndText, nd);
  });

  test('a 120-line CCF continues over pages with the table header repeated and "Página n de m"', async () => {
    const json = ccfJson(120);
    const pdf = await renderDocumentPdf(input(json));
    expectPdf(pdf);
    const extracted = await extractText(pdf);
    const { pages, pageTexts } = extracted;
    expect(pages).toBeGreaterThan(1);
    expectInsideMargins(extracted);
    pageTexts.forEach((text, i) => {
      expect(text).toContain(`Página ${i + 1} de ${pages}`);
      expect(text).toContain(TEST_WATERMARK);
      if (i > 0) expect(text).toContain('(continuación)');
    });
    // Every page that holds items repeats the column header.
    const withItems = pageTexts.filter((t) => /\(línea \d+\)/.test(t));
    expect(withItems.length).toBeGreaterThan(1);
    for (const t of withItems) expect(t).toContain('Descripción Precio unitario Descuento Ventas no sujetas Ventas exentas Ventas gravadas');
    // Each item appears exactly once, in order, and page 1 holds the first ones.
    const all = pageTexts.join(' ');
    let from = 0;
    for (const item of json.cuerpoDocumento) {
      const at = all.indexOf(collapse(item.descripcion), from);
      expect(at).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
    expect(pageTexts[0]).toContain(collapse(json.cuerpoDocumento[0].descripcion));
    expectEssentials(all, json);
    expect(pageTexts[pages - 1]).toContain('TOTAL A PAGAR');
  });

  test('long notes continue over pages inside their box', async () => {
    const json = buildJson('03', { items: items(3) });
    const lines = Array.from({ length: 120 }, (_, i) => `Nota ${i + 1}: condiciones de entrega y garantía.`);
    json.resumen.observaciones = lines.join('\n');
    const extracted = await extractText(await renderDocumentPdf(input(json)));
    expect(extracted.pages).toBeGreaterThan(1);
    expectInsideMargins(extracted);
    const all = extracted.pageTexts.join(' ');
    for (const line of lines) expect(all).toContain(line);
    expect(all).toContain('OBSERVACIONES (continuación)');
  });

  test('voided document: ANULADO watermark with the date, on every page', async () => {
    const json = inProduction(ccfJson(60));
    const { pageTexts } = await extractText(await renderDocumentPdf(input(json, { status: 'voided', voidedAt: VOIDED_AT })));
    expect(pageTexts.length).toBeGreaterThan(1);
    for (const text of pageTexts) {
      expect(text).toContain('ANULADO');
      expect(text).toContain('12/03/2026 14:10:00');
    }
    expect(pageTexts[0]).toContain('DOCUMENTO ANULADO EL 12/03/2026 14:10:00');
  });

  test.each([
    ['signed', 'DOCUMENTO SIN SELLO DE RECEPCIÓN'],
    ['sending', 'DOCUMENTO SIN SELLO DE RECEPCIÓN'],
    ['contingency', 'DOCUMENTO EMITIDO EN CONTINGENCIA'],
  ] as const)('not yet sealed (%s): "Pendiente de sello" and a visible notice', async (status, notice) => {
    const json = inProduction(feJson(3));
    const text = (await extractText(await renderDocumentPdf(input(json, { status, seal: null, processedAt: null })))).pageTexts[0];
    expect(text).toContain('Pendiente de sello');
    expect(text).toContain(notice);
    expectEssentials(text, json, null);
  });

  test('a sealed production document carries no notice banner', async () => {
    const text = (await extractText(await renderDocumentPdf(input(inProduction(feJson(2)))))).pageTexts[0];
    expect(text).not.toContain('SIN SELLO');
    expect(text).not.toContain('ANULADO');
    expect(text).not.toContain('Pendiente');
  });

  test('logo: a PNG is embedded; unreadable bytes are ignored', async () => {
    const json = feJson(2);
    const withLogo = await renderDocumentPdf(input(json, { logo: logoPng() }));
    expect(withLogo.toString('latin1')).toContain('/Subtype /Image');
    const broken = await renderDocumentPdf(input(json, { logo: Buffer.from('not an image') }));
    expectPdf(broken);
    expect(broken.toString('latin1')).not.toContain('/Subtype /Image');
  });

  test('text outside the standard fonts is replaced, never corrupts the PDF', async () => {
    const json = buildJson('01', { items: [{ type: '1', description: 'Jalapeño Ωmega Őrség ✓ café', quantity: '1', unitCode: '59', unitPrice: '1.00', tax: 'gravada' }] });
    const text = (await extractText(await renderDocumentPdf(input(json)))).pageTexts[0];
    expect(text).toContain('Jalapeño ?mega Orség ? café');
  });

  test('same input → identical bytes; PDF dates come from the document', async () => {
    const json = ccfJson();
    const a = await renderDocumentPdf(input(json, { logo: logoPng() }));
    await new Promise((r) => setTimeout(r, 1100));
    const b = await renderDocumentPdf(input(json, { logo: logoPng() }));
    expect(a.equals(b)).toBe(true);
    expect(a.toString('latin1')).toContain('(D:20260310164530Z)');
  });

  test('a JSON without identification is refused', async () => {
    await expect(renderDocumentPdf(input({ emisor: {} }))).rejects.toThrow('identificacion');
  });
});

describe('publicQueryUrl', () => {
  test('builds the MH public query URL', () => {
    expect(publicQueryUrl('01', 'A1B2C3D4-1111-4222-8333-444455556666', '2026-03-10')).toBe(
      'https://admin.factura.gob.sv/consultaPublica?ambiente=01&codGen=A1B2C3D4-1111-4222-8333-444455556666&fechaEmi=2026-03-10',
    );
  });

  test('refuses values MH could not resolve', () => {
    expect(() => publicQueryUrl('02' as '00', 'A1B2C3D4-1111-4222-8333-444455556666', '2026-03-10')).toThrow(RangeError);
    expect(() => publicQueryUrl('00', 'a1b2c3d4-1111-4222-8333-444455556666', '2026-03-10')).toThrow(RangeError);
    expect(() => publicQueryUrl('00', 'A1B2C3D4-1111-4222-8333-444455556666', '10/03/2026')).toThrow(RangeError);
  });
});
