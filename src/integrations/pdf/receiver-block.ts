/** Receiver block ("Consumidor final" when the FE has no receiver) and the related/associated documents. */
import { CatalogCode } from '../../domain/catalog/catalogs';
import { type Field, type Json, type PartyView, asObject, asObjects, asText, catalogName, fields } from './dte-view';
import { formatIsoDate } from './format';
import {
  BODY_BOTTOM, COLOR, CONTENT_WIDTH, type Doc, FONT, GAP, LEFT, type PageFlow, SECTION_TITLE_HEIGHT,
  drawFields, drawText, fieldsHeight, fillRect, sectionTitle, strokeRect, textHeight,
} from './pdf-layout';

const PAD = 7;
const COLUMN_GAP = 16;
const LABEL_WIDTH = 52;

function splitColumns(list: Field[]): [Field[], Field[]] {
  const right = new Set(['Dirección', 'Teléfono', 'Correo']);
  return [list.filter((f) => !right.has(f.label)), list.filter((f) => right.has(f.label))];
}

/** `title` names the party's role: RECEPTOR, or DONANTE on a CD (whose receiver is the donor). */
export function drawReceiver(doc: Doc, flow: PageFlow, receiver: PartyView | null, title = 'RECEPTOR'): void {
  const inner = CONTENT_WIDTH - 2 * PAD;
  const colW = (inner - COLUMN_GAP) / 2;
  const name = receiver === null ? 'Consumidor final' : (receiver.name ?? 'Consumidor final');
  const [left, right] = splitColumns(receiver?.fields ?? []);
  const trade = receiver?.tradeName ? `Nombre comercial: ${receiver.tradeName}` : '';
  const nameH = textHeight(doc, name, inner, { font: FONT.bold, size: 9.5 }) + (trade ? 1 + textHeight(doc, trade, inner, { size: 7.5 }) : 0);
  const bodyH = Math.max(fieldsHeight(doc, left, LABEL_WIDTH, colW), fieldsHeight(doc, right, LABEL_WIDTH, colW));
  const height = SECTION_TITLE_HEIGHT + PAD + nameH + (bodyH > 0 ? 4 + bodyH : 0) + PAD - 2;
  flow.ensure(height);

  const y = flow.y;
  sectionTitle(doc, title, LEFT, y, CONTENT_WIDTH);
  strokeRect(doc, LEFT, y, CONTENT_WIDTH, height);
  let cy = y + SECTION_TITLE_HEIGHT + PAD;
  cy += drawText(doc, name, LEFT + PAD, cy, inner, { font: FONT.bold, size: 9.5, color: COLOR.accent });
  if (trade) cy += 1 + drawText(doc, trade, LEFT + PAD, cy + 1, inner, { size: 7.5, color: COLOR.muted });
  cy += 4;
  drawFields(doc, left, LEFT + PAD, cy, LABEL_WIDTH, colW);
  drawFields(doc, right, LEFT + PAD + colW + COLUMN_GAP, cy, LABEL_WIDTH, colW);
  flow.y = y + height + GAP;
}

interface Column {
  readonly title: string;
  readonly width: number;
}

/** A small titled table of text cells (related documents, associated documents). */
function drawSmallTable(doc: Doc, flow: PageFlow, title: string, columns: Column[], rows: string[][]): void {
  const style = { size: 7.5 };
  const rowHeights = rows.map((r) => Math.max(...r.map((cell, i) => textHeight(doc, cell, columns[i].width - 8, style))) + 6);
  const headH = 13;
  const height = SECTION_TITLE_HEIGHT + headH + rowHeights.reduce((a, b) => a + b, 0) + 2;
  flow.ensure(Math.min(height, SECTION_TITLE_HEIGHT + headH + (rowHeights[0] ?? 0) + 2));
  let y = flow.y;
  sectionTitle(doc, title, LEFT, y, CONTENT_WIDTH);
  y += SECTION_TITLE_HEIGHT;
  const drawHead = (top: number) => {
    let x = LEFT;
    fillRect(doc, LEFT, top, CONTENT_WIDTH, headH, COLOR.zebra);
    for (const c of columns) {
      drawText(doc, c.title, x + 4, top + 3.5, c.width - 8, { font: FONT.bold, size: 7, color: COLOR.muted });
      x += c.width;
    }
  };
  drawHead(y);
  y += headH;
  rows.forEach((row, r) => {
    if (y + rowHeights[r] > BODY_BOTTOM) {
      flow.newPage();
      y = flow.y;
      drawHead(y);
      y += headH;
    }
    let x = LEFT;
    row.forEach((cell, i) => {
      drawText(doc, cell, x + 4, y + 3, columns[i].width - 8, style);
      x += columns[i].width;
    });
    y += rowHeights[r];
    doc.save().lineWidth(0.4).strokeColor(COLOR.border).moveTo(LEFT, y).lineTo(LEFT + CONTENT_WIDTH, y).stroke().restore();
  });
  flow.y = y + GAP;
}

/** Documents adjusted by an NC/ND (`documentoRelacionado`). */
export function drawRelatedDocuments(doc: Doc, flow: PageFlow, related: unknown): void {
  const list = asObjects(related);
  if (list.length === 0) return;
  const rows = list.map((d) => [
    catalogName(CatalogCode.documentType, d.tipoDocumento) ?? asText(d.tipoDocumento) ?? '',
    catalogName('CAT-007', d.tipoGeneracion) ?? asText(d.tipoGeneracion) ?? '',
    asText(d.numeroDocumento) ?? '',
    formatIsoDate(asText(d.fechaEmision) ?? ''),
  ]);
  drawSmallTable(doc, flow, 'DOCUMENTOS RELACIONADOS', [
    { title: 'Tipo de documento', width: 170 },
    { title: 'Tipo de generación', width: 90 },
    { title: 'Número de documento / código de generación', width: 200 },
    { title: 'Fecha de emisión', width: CONTENT_WIDTH - 460 },
  ], rows);
}

/** `otrosDocumentos` (FE/CCF) and `ventaTercero`. */
export function drawOtherDocuments(doc: Doc, flow: PageFlow, dte: Json): void {
  const others = asObjects(dte.otrosDocumentos);
  if (others.length > 0) {
    const rows = others.map((o) => {
      const medico = asObject(o.medico);
      const doctor = medico ? fields([['Médico', asText(medico.nombre)], ['NIT', asText(medico.nit)], ['Documento', asText(medico.docIdentificacion)]]) : [];
      return [
        catalogName('CAT-021', o.codDocAsociado) ?? asText(o.codDocAsociado) ?? '',
        asText(o.descDocumento) ?? '',
        [asText(o.detalleDocumento), ...doctor.map((f) => `${f.label}: ${f.value}`)].filter(Boolean).join(' · '),
      ];
    });
    drawSmallTable(doc, flow, 'DOCUMENTOS ASOCIADOS', [
      { title: 'Documento asociado', width: 150 },
      { title: 'Identificación', width: 150 },
      { title: 'Detalle', width: CONTENT_WIDTH - 300 },
    ], rows);
  }
  const third = asObject(dte.ventaTercero);
  if (third) {
    drawSmallTable(doc, flow, 'VENTA POR CUENTA DE TERCEROS', [
      { title: 'Nombre', width: 360 },
      { title: 'NIT', width: CONTENT_WIDTH - 360 },
    ], [[asText(third.nombre) ?? '', asText(third.nit) ?? '']]);
  }
}
