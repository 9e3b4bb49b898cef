/**
 * Graphic representation ("Representación gráfica") of a DTE as a letter-size PDF in Spanish:
 * header with the issuer, identification with the QR of MH's public query, receiver, related
 * documents, items (over as many pages as needed), summary, notes; watermarks for the test
 * environment and voided documents, banners for documents without an MH seal. Only displays
 * what the signed JSON says. Same input → same bytes (the PDF dates come from the document).
 */
import { pdfkit } from '../shared/lazy-library';
import { CatalogCode } from '../../domain/catalog/catalogs';
import { type Field, type Json, asObject, asText, catalogName, documentTypeTitle, fields, issuerView, receiverView } from './dte-view';
import { formatIsoDate, formatSvDateTime, issueInstant, safeText } from './format';
import { drawIdentification } from './identification-block';
import { drawContinuationHeader, drawHeader } from './issuer-block';
import { drawItemsTable } from './items-table';
import { COLOR, CONTENT_WIDTH, type Doc, FONT, FOOTER_Y, LEFT, MARGIN, PageFlow, drawText, hLine } from './pdf-layout';
import { publicQueryUrl } from '../../domain/documents/public-query-url';
import { drawOtherDocuments, drawReceiver, drawRelatedDocuments } from './receiver-block';
import { drawNotes, drawSummary } from './summary-block';
import { drawSettlementPeriod } from './settlement-block';
import { useStandardFont } from './shared-standard-fonts';
import { type DocumentStatus, drawNotices, drawWatermarks, noticesFor, watermarksFor } from './watermark';

export { publicQueryUrl } from '../../domain/documents/public-query-url';
export type { DocumentStatus } from './watermark';

export interface PdfDocumentInput {
  /** The official MH JSON exactly as signed. */
  dte: Record<string, unknown>;
  /** `selloRecibido` (40 chars) or null when not yet sealed. */
  seal: string | null;
  /** MH processing time. */
  processedAt: Date | null;
  status: DocumentStatus;
  voidedAt?: Date | null;
  /** MH establishment and point-of-sale codes, e.g. M001 / P001. */
  establishmentCode: string;
  pointOfSaleCode: string;
  /** PNG or JPEG logo of the issuer. */
  logo?: Buffer | null;
}

export interface Identity {
  readonly type: string;
  readonly title: string;
  readonly environment: '00' | '01';
  readonly controlNumber: string;
  readonly generationCode: string;
  readonly issueDate: string;
  readonly issueTime: string;
}

export function identity(dte: Json): Identity {
  const id = asObject(dte.identificacion);
  if (!id) throw new Error('El DTE no tiene la sección identificacion.');
  const environment = asText(id.ambiente);
  const type = asText(id.tipoDte) ?? '';
  const generationCode = asText(id.codigoGeneracion) ?? '';
  const issueDate = asText(id.fecEmi) ?? '';
  if (environment !== '00' && environment !== '01') throw new Error(`El DTE tiene un ambiente inválido: ${String(environment)}`);
  return {
    type,
    title: documentTypeTitle(type),
    environment,
    controlNumber: asText(id.numeroControl) ?? '',
    generationCode,
    issueDate,
    issueTime: asText(id.horEmi) ?? '',
  };
}

export function identificationFields(dte: Json, idy: Identity, input: PdfDocumentInput): Field[] {
  const id = asObject(dte.identificacion) ?? {};
  const contingency = catalogName(CatalogCode.contingencyType, id.tipoContingencia);
  const reason = asText(id.motivoContin);
  const codes: Field[] = [
    { label: 'Código de generación', value: idy.generationCode, code: true },
    { label: 'Número de control', value: idy.controlNumber, code: true },
    input.seal ? { label: 'Sello de recepción', value: input.seal, code: true } : { label: 'Sello de recepción', value: 'Pendiente de sello' },
  ];
  return [...codes.filter((f) => f.value !== ''), ...fields([
    ['Fecha y hora de emisión', `${formatIsoDate(idy.issueDate)} ${idy.issueTime}`.trim()],
    ['Procesamiento en MH', input.processedAt ? formatSvDateTime(input.processedAt) : 'Pendiente'],
    ['Modelo de facturación', catalogName('CAT-003', id.tipoModelo) ?? asText(id.tipoModelo)],
    ['Tipo de transmisión', catalogName('CAT-004', id.tipoOperacion) ?? asText(id.tipoOperacion)],
    ['Tipo de contingencia', contingency ?? asText(id.tipoContingencia)],
    ['Motivo de contingencia', reason],
    ['Moneda · versión', `${asText(id.tipoMoneda) ?? 'USD'} · JSON v${asText(id.version) ?? ''}`],
  ])];
}

const PRICE_NOTES: Readonly<Record<string, string>> = {
  '01': 'Precios con IVA incluido · Montos en dólares (USD)',
  '07': 'IVA retenido sobre cada documento relacionado · Montos en dólares (USD)',
  '08': 'Ventas netas sin IVA por documento liquidado · Montos en dólares (USD)',
  '11': 'Exportación gravada a tasa 0 % · Montos en dólares (USD)',
  '14': 'Compra a sujeto excluido, sin IVA · Montos en dólares (USD)',
  '15': 'Valores donados · Montos en dólares (USD)',
};

/**
 * The parties' roles where «EMISOR»/«RECEPTOR» would mislead: an FSE is issued by the buyer to the
 * excluded subject who sold (fe-fse-v2's receiver); a CD by the donee (who receives the donation) to
 * the donor (fe-cd-v2's "Receptor/Donante").
 */
export const PARTY_ROLES: Readonly<Record<string, { issuer: string; receiver: string }>> = {
  '14': { issuer: 'EMISOR (COMPRADOR)', receiver: 'SUJETO EXCLUIDO (VENDEDOR)' },
  '15': { issuer: 'DONATARIO', receiver: 'DONANTE' },
};

export function priceNote(type: string): string {
  return PRICE_NOTES[type] ?? 'Precios sin IVA (detallado en el resumen) · Montos en dólares (USD)';
}

function drawFooter(doc: Doc, idy: Identity, page: number, pages: number): void {
  hLine(doc, LEFT, LEFT + CONTENT_WIDTH, FOOTER_Y - 4, COLOR.border, 0.5);
  const left = `Representación gráfica de un Documento Tributario Electrónico · ${idy.controlNumber}`;
  drawText(doc, left, LEFT, FOOTER_Y, CONTENT_WIDTH - 90, { size: 6.5, color: COLOR.muted });
  drawText(doc, `Página ${page} de ${pages}`, LEFT + CONTENT_WIDTH - 90, FOOTER_Y, 90, { font: FONT.bold, size: 7, color: COLOR.muted, align: 'right' });
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (c: Uint8Array) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Renders the PDF; throws when the JSON lacks the identification needed for the QR. */
export async function renderDocumentPdf(input: PdfDocumentInput): Promise<Buffer> {
  const dte = input.dte;
  const idy = identity(dte);
  const queryUrl = publicQueryUrl(idy.environment, idy.generationCode, idy.issueDate);
  const issuer = issuerView(asObject(dte.emisor));
  // A DCL has no resumen: its single cuerpoDocumento carries the settlement's amounts and words.
  const resumen = (idy.type === '09' ? asObject(dte.cuerpoDocumento) : asObject(dte.resumen)) ?? {};
  const issued = issueInstant(idy.issueDate, idy.issueTime) ?? new Date(0);

  const doc: Doc = new (pdfkit())({
    size: 'LETTER',
    margin: 0,
    // The default font is set just below from the process's shared metrics (useStandardFont).
    font: null as unknown as string,
    bufferPages: true,
    pdfVersion: '1.4',
    lang: 'es-SV',
    displayTitle: true,
    info: {
      Title: safeText(`${idy.title} ${idy.controlNumber}`),
      Author: safeText(issuer.name ?? ''),
      Subject: `Documento Tributario Electrónico ${idy.generationCode}`,
      Keywords: `DTE, ${idy.controlNumber}, ${idy.generationCode}`,
      Creator: 'dte-service',
      Producer: 'dte-service (PDFKit)',
      CreationDate: issued,
      ModDate: issued,
    },
  });
  useStandardFont(doc, FONT.regular); // PDFKit's default font, first as before (same resource ids)
  const done = collect(doc);

  const flow = new PageFlow(doc, MARGIN, (d) => drawContinuationHeader(d, idy.title, idy.controlNumber, idy.generationCode, MARGIN));
  const roles = PARTY_ROLES[idy.type];
  flow.y = drawHeader(doc, {
    issuer, issuerRole: roles?.issuer ?? null, title: idy.title, establishmentCode: input.establishmentCode, pointOfSaleCode: input.pointOfSaleCode, logo: input.logo ?? null,
  }, MARGIN);
  drawNotices(doc, flow, noticesFor(idy.environment, input.status, input.seal, input.voidedAt ?? null));
  flow.y = drawIdentification(doc, { fields: identificationFields(dte, idy, input), queryUrl }, flow.y);
  drawReceiver(doc, flow, receiverView(asObject(dte.receptor)), roles?.receiver);
  drawRelatedDocuments(doc, flow, dte.documentoRelacionado);
  drawOtherDocuments(doc, flow, dte);
  drawItemsTable(doc, flow, idy.type, dte.cuerpoDocumento, resumen, priceNote(idy.type));
  drawSettlementPeriod(doc, flow, dte);
  drawSummary(doc, flow, dte, idy.type, resumen);
  drawNotes(doc, flow, dte, resumen);

  const marks = watermarksFor(idy.environment, input.status, input.voidedAt ?? null);
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    drawFooter(doc, idy, i - range.start + 1, range.count);
    drawWatermarks(doc, marks);
  }
  doc.end();
  return done;
}
