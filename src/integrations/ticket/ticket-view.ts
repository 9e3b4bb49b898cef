/**
 * What a ticket shows, as a list of blocks both the ticket PDF and the ESC/POS stream draw: the
 * same reading of the signed JSON as the letter PDF (dte-view, the identification fields, the
 * items' cells, the summary lines, the notices), laid out in one narrow column. Nothing computed.
 */
import { CatalogCode } from '../../domain/catalog/catalogs';
import { publicQueryUrl } from '../../domain/documents/public-query-url';
import { type Field, type Json, asObject, asObjects, asText, catalogName, issuerView, receiverView } from '../pdf/dte-view';
import { formatIsoDate } from '../pdf/format';
import { layoutFor } from '../pdf/item-table-layouts';
import { PARTY_ROLES, type PdfDocumentInput, identificationFields, identity, priceNote } from '../pdf/render-document-pdf';
import { settlementFields } from '../pdf/settlement-block';
import { appendixFields, payments, summaryLines } from '../pdf/summary-block';
import { noticesFor } from '../pdf/watermark';

export type TicketBlock =
  /** A paragraph, wrapped at word boundaries (a word longer than the line is cut between characters). */
  | { readonly kind: 'text'; readonly text: string; readonly bold?: boolean; readonly small?: boolean; readonly large?: boolean; readonly align?: 'left' | 'center' | 'right' }
  /** Label at the left, value at the right; the label wraps, the value keeps its line. */
  | { readonly kind: 'pair'; readonly label: string; readonly value: string; readonly bold?: boolean; readonly large?: boolean; readonly small?: boolean }
  /** A code read and copied whole (generation code, control number, seal): its label, then the code in a fixed-width font, cut into full lines. */
  | { readonly kind: 'code'; readonly label: string; readonly value: string }
  /** A section heading. */
  | { readonly kind: 'heading'; readonly text: string }
  /** A mark that keeps the print from being taken for a valid document (contingency, voided, test). */
  | { readonly kind: 'notice'; readonly text: string }
  | { readonly kind: 'rule' }
  | { readonly kind: 'qr'; readonly url: string };

export interface TicketView {
  readonly title: string;
  readonly controlNumber: string;
  readonly generationCode: string;
  readonly issuerName: string;
  readonly issued: { readonly date: string; readonly time: string };
  readonly queryUrl: string;
  readonly blocks: readonly TicketBlock[];
}

const field = (f: Field): TicketBlock => (f.code ? { kind: 'code', label: f.label, value: f.value } : { kind: 'text', text: `${f.label}: ${f.value}` });

function fieldBlocks(list: readonly Field[]): TicketBlock[] {
  return list.flatMap((f) => [field(f), ...(f.pair ? [field(f.pair)] : [])]);
}

/** Item columns shown as «Title: value» under the description (all but the number, description, quantity, unit and price). */
const OWN_LINE = new Set(['num', 'desc', 'qty', 'unit', 'price']);

function itemBlocks(type: string, body: unknown): TicketBlock[] {
  const items = asObjects(body);
  if (items.length === 0) return [];
  const layout = layoutFor(type);
  const blocks: TicketBlock[] = [{ kind: 'heading', text: 'DETALLE' }, { kind: 'text', text: priceNote(type), small: true }];
  items.forEach((item, i) => {
    if (i > 0) blocks.push({ kind: 'rule' });
    const cells = layout.cells(item);
    const description = layout.description(item);
    blocks.push({ kind: 'text', text: [cells.num ? `${cells.num}.` : null, description].filter(Boolean).join(' '), bold: true });
    const notes = layout.notes(item);
    if (notes) blocks.push({ kind: 'text', text: notes, small: true });
    if (cells.qty) blocks.push({ kind: 'text', text: `${cells.qty} ${cells.unit ?? ''} × ${cells.price ?? ''}`.replace(/\s+/g, ' ').trim() });
    else if (cells.price) blocks.push({ kind: 'pair', label: layout.columns.find((c) => c.key === 'price')?.title ?? 'Precio', value: cells.price });
    for (const column of layout.columns) {
      const value = cells[column.key];
      if (OWN_LINE.has(column.key) || !value) continue;
      if (column.wrap) blocks.push({ kind: 'text', text: `${column.title}: ${value.replace(/\n/g, ' · ')}` });
      else blocks.push({ kind: 'pair', label: column.title, value });
    }
  });
  return blocks;
}

function relatedBlocks(dte: Json): TicketBlock[] {
  const list = asObjects(dte.documentoRelacionado);
  if (list.length === 0) return [];
  return [{ kind: 'heading', text: 'DOCUMENTOS RELACIONADOS' }, ...list.flatMap((d): TicketBlock[] => [
    { kind: 'text', text: `${catalogName(CatalogCode.documentType, d.tipoDocumento) ?? asText(d.tipoDocumento) ?? ''} · ${catalogName('CAT-007', d.tipoGeneracion) ?? asText(d.tipoGeneracion) ?? ''}` },
    { kind: 'code', label: 'Número / código de generación', value: asText(d.numeroDocumento) ?? '' },
    { kind: 'text', text: `Fecha de emisión: ${formatIsoDate(asText(d.fechaEmision) ?? '')}` },
  ])];
}

function otherDocumentBlocks(dte: Json): TicketBlock[] {
  const blocks: TicketBlock[] = [];
  const others = asObjects(dte.otrosDocumentos);
  if (others.length > 0) {
    blocks.push({ kind: 'heading', text: 'DOCUMENTOS ASOCIADOS' });
    for (const o of others) {
      const medico = asObject(o.medico);
      blocks.push({ kind: 'text', text: [catalogName('CAT-021', o.codDocAsociado) ?? asText(o.codDocAsociado), asText(o.descDocumento), asText(o.detalleDocumento), medico ? `Médico: ${asText(medico.nombre) ?? ''}` : null].filter(Boolean).join(' · ') });
    }
  }
  const third = asObject(dte.ventaTercero);
  if (third) blocks.push({ kind: 'heading', text: 'VENTA POR CUENTA DE TERCEROS' }, { kind: 'text', text: `${asText(third.nombre) ?? ''} · NIT ${asText(third.nit) ?? ''}` });
  return blocks;
}

function summaryBlocks(dte: Json, type: string, resumen: Json): TicketBlock[] {
  const blocks: TicketBlock[] = [{ kind: 'rule' }];
  for (const l of summaryLines(type, resumen)) {
    blocks.push({ kind: 'pair', label: l.label, value: l.value, bold: l.kind === 'strong' || l.kind === 'total', large: l.kind === 'total', small: l.kind === 'info' });
  }
  const words = asText(resumen.totalLetras);
  if (words) blocks.push({ kind: 'heading', text: 'VALOR EN LETRAS' }, { kind: 'text', text: words, bold: true });
  const condition = catalogName(CatalogCode.operationCondition, resumen.condicionOperacion) ?? asText(resumen.condicionOperacion);
  if (condition) blocks.push({ kind: 'text', text: `Condición de la operación: ${condition}` });
  const list = payments(resumen);
  if (list.length > 0) {
    blocks.push({ kind: 'heading', text: 'FORMAS DE PAGO' });
    for (const p of list) blocks.push({ kind: 'pair', label: p.detail ? `${p.method} (${p.detail})` : p.method, value: p.amount });
  }
  const electronic = asText(resumen.numPagoElectronico);
  if (electronic) blocks.push({ kind: 'text', text: `N.º de pago electrónico: ${electronic}` });
  const retention = asText(resumen.codigoRetencionMH);
  if (retention) blocks.push({ kind: 'text', text: `Código de retención MH: ${retention}` });
  const notes = asText(resumen.observaciones);
  if (notes) blocks.push({ kind: 'heading', text: 'OBSERVACIONES' }, { kind: 'text', text: notes });
  const appendix = appendixFields(dte);
  if (appendix.length > 0) blocks.push({ kind: 'heading', text: 'INFORMACIÓN ADICIONAL' }, ...appendix.map((a): TicketBlock => ({ kind: 'text', text: `${a.label}: ${a.value}` })));
  return blocks;
}

/** The ticket's blocks in reading order; throws when the JSON lacks the identification needed for the QR. */
export function ticketView(input: PdfDocumentInput): TicketView {
  const dte = input.dte as Json;
  const idy = identity(dte);
  const queryUrl = publicQueryUrl(idy.environment, idy.generationCode, idy.issueDate);
  const issuer = issuerView(asObject(dte.emisor));
  const roles = PARTY_ROLES[idy.type];
  const resumen = (idy.type === '09' ? asObject(dte.cuerpoDocumento) : asObject(dte.resumen)) ?? {};
  const blocks: TicketBlock[] = [];

  for (const n of noticesFor(idy.environment, input.status, input.seal, input.voidedAt ?? null)) blocks.push({ kind: 'notice', text: n.text });
  if (roles) blocks.push({ kind: 'text', text: roles.issuer, small: true, align: 'center' });
  if (issuer.name) blocks.push({ kind: 'text', text: issuer.name, bold: true, large: true, align: 'center' });
  if (issuer.tradeName) blocks.push({ kind: 'text', text: issuer.tradeName, bold: true, align: 'center' });
  for (const f of issuer.fields) blocks.push({ kind: 'text', text: `${f.label}: ${f.value}`, align: 'center' });
  blocks.push({ kind: 'text', text: `Establecimiento ${input.establishmentCode} · Punto de venta ${input.pointOfSaleCode}`, align: 'center' });
  blocks.push({ kind: 'rule' });
  blocks.push({ kind: 'text', text: 'DOCUMENTO TRIBUTARIO ELECTRÓNICO', small: true, align: 'center' });
  blocks.push({ kind: 'text', text: idy.title, bold: true, large: true, align: 'center' });
  blocks.push(...fieldBlocks(identificationFields(dte, idy, input)));

  const receiver = receiverView(asObject(dte.receptor));
  blocks.push({ kind: 'heading', text: roles?.receiver ?? 'RECEPTOR' });
  if (receiver) {
    if (receiver.name) blocks.push({ kind: 'text', text: receiver.name, bold: true });
    if (receiver.tradeName && receiver.tradeName !== receiver.name) blocks.push({ kind: 'text', text: receiver.tradeName });
    blocks.push(...fieldBlocks(receiver.fields));
  } else {
    blocks.push({ kind: 'text', text: 'Consumidor final', bold: true });
  }
  blocks.push(...relatedBlocks(dte), ...otherDocumentBlocks(dte));
  if (idy.type === '09') blocks.push({ kind: 'heading', text: 'LIQUIDACIÓN' }, ...fieldBlocks(settlementFields(dte)));
  else blocks.push(...itemBlocks(idy.type, dte.cuerpoDocumento));
  blocks.push(...summaryBlocks(dte, idy.type, resumen));

  blocks.push({ kind: 'rule' });
  blocks.push({ kind: 'text', text: 'Consulte este documento en el Ministerio de Hacienda:', small: true, align: 'center' });
  blocks.push({ kind: 'qr', url: queryUrl });
  blocks.push({ kind: 'text', text: queryUrl, small: true, align: 'center' });
  blocks.push({ kind: 'text', text: 'Representación gráfica de un Documento Tributario Electrónico', small: true, align: 'center' });
  return {
    title: idy.title, controlNumber: idy.controlNumber, generationCode: idy.generationCode, issuerName: issuer.name ?? '',
    issued: { date: idy.issueDate, time: idy.issueTime }, queryUrl, blocks,
  };
}
