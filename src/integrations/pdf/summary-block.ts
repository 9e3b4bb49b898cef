/**
 * Summary (`resumen`): totals with tribute names and withholdings, total to pay, amount in words,
 * payment condition and methods; then the notes (`observaciones`) and the appendix. Every amount
 * is shown as the JSON has it.
 */
import { CatalogCode } from '../../domain/catalog/catalogs';
import { type Json, asNumber, asObjects, asText, catalogName, tributeName } from './dte-view';
import { formatMoney } from './format';
import { otherTypeSummaryLines } from './other-types-summary';
import {
  COLOR, CONTENT_WIDTH, type Doc, FONT, GAP, LEFT, type PageFlow, RIGHT, SECTION_TITLE_HEIGHT, type TextStyle,
  drawFields, drawFitted, drawText, fieldsHeight, fillRect, hLine, sectionTitle, strokeRect, textHeight,
} from './pdf-layout';

export type LineKind = 'normal' | 'strong' | 'total' | 'info';
export interface Line {
  readonly label: string;
  readonly value: string;
  readonly kind: LineKind;
}

const TOTALS_WIDTH = 236;
const LINE_HEIGHT = 12;
const TOTAL_HEIGHT = 20;
const PAD = 7;

const nonZero = (v: unknown) => (asNumber(v) ?? 0) !== 0;

/** The totals column, in reading order of the operation (labels only; values are the JSON's). */
export function summaryLines(type: string, resumen: Json): Line[] {
  const other = otherTypeSummaryLines(type, resumen);
  if (other) return other;
  const lines: Line[] = [];
  const add = (label: string, field: string, kind: LineKind = 'normal', onlyIfNonZero = false) => {
    if (!(field in resumen) || asNumber(resumen[field]) === null) return;
    if (onlyIfNonZero && !nonZero(resumen[field])) return;
    lines.push({ label, value: formatMoney(resumen[field]), kind });
  };
  const tributes = () => {
    for (const t of asObjects(resumen.tributos)) {
      lines.push({ label: `(+) ${tributeName(t.codigo, t.descripcion)}`, value: formatMoney(t.valor), kind: 'normal' });
    }
  };
  add('Suma de operaciones', 'subTotalVentas');
  add('(–) Descuento global a ventas no sujetas', 'descuNoSuj', 'normal', true);
  add('(–) Descuento global a ventas exentas', 'descuExenta', 'normal', true);
  add('(–) Descuento global a ventas gravadas', 'descuGravada', 'normal', true);
  if ('subTotal' in resumen) {
    add('Subtotal', 'subTotal', 'strong');
    tributes();
  } else {
    tributes();
  }
  add('Monto total de la operación', 'montoTotalOperacion', 'strong');
  add('(+) IVA percibido', 'ivaPerci', 'normal', true);
  add('(–) IVA retenido', 'ivaRete', 'normal', true);
  add('(–) Retención de renta', 'reteRenta', 'normal', true);
  add('(±) Cargos/abonos no gravados', 'totalNoGravado', 'normal', true);
  add('Saldo a favor', 'saldoFavor', 'normal', true);
  add('TOTAL A PAGAR', 'totalPagar', 'total');
  if (nonZero(resumen.porcentajeDescuento)) lines.push({ label: 'Porcentaje de descuento global', value: `${asText(resumen.porcentajeDescuento)} %`, kind: 'info' });
  add('Descuentos aplicados (por ítem y globales)', 'totalDescu', 'info', true);
  if (type === '01') add('IVA incluido en el total', 'totalIva', 'info', true);
  return lines;
}

const lineHeight = (l: Line) => (l.kind === 'total' ? TOTAL_HEIGHT + 3 : LINE_HEIGHT);

function drawTotals(doc: Doc, lines: Line[], x: number, y: number): number {
  let cy = y;
  for (const l of lines) {
    if (l.kind === 'total') {
      cy += 2;
      fillRect(doc, x, cy, TOTALS_WIDTH, TOTAL_HEIGHT, COLOR.accent, 3);
      drawText(doc, l.label, x + 8, cy + 6, 110, { font: FONT.bold, size: 9, color: COLOR.white });
      drawFitted(doc, l.value, x + 110, cy + 5, TOTALS_WIDTH - 118, { font: FONT.bold, size: 11, color: COLOR.white, align: 'right' });
      cy += TOTAL_HEIGHT + 1;
      continue;
    }
    const info = l.kind === 'info';
    const font = l.kind === 'strong' ? FONT.bold : info ? FONT.italic : FONT.regular;
    const size = info ? 7 : 7.8;
    const color = info ? COLOR.muted : COLOR.text;
    if (l.kind === 'strong') hLine(doc, x, x + TOTALS_WIDTH, cy, COLOR.border, 0.5);
    drawFitted(doc, l.label, x + 4, cy + 2.5, TOTALS_WIDTH - 84, { font, size, color });
    drawFitted(doc, l.value, x + TOTALS_WIDTH - 84, cy + 2.5, 80, { font, size, color, align: 'right' });
    cy += LINE_HEIGHT;
  }
  return cy - y;
}

export interface Payment {
  readonly method: string;
  readonly detail: string;
  readonly amount: string;
}

export function payments(resumen: Json): Payment[] {
  return asObjects(resumen.pagos).map((p) => {
    const term = asText(p.plazo);
    const period = asText(p.periodo);
    const termText = term ? `Plazo: ${period ?? ''} ${(catalogName(CatalogCode.paymentTerm, term) ?? term).toLocaleLowerCase('es')}`.replace(/\s+/g, ' ') : null;
    const reference = asText(p.referencia);
    return {
      method: catalogName(CatalogCode.paymentMethod, p.codigo) ?? asText(p.codigo) ?? '',
      detail: [reference ? `Ref.: ${reference}` : null, termText].filter(Boolean).join(' · '),
      amount: formatMoney(p.montoPago),
    };
  });
}

/** Left column: amount in words, condition, payment methods, electronic payment number. */
function leftColumn(doc: Doc, dte: Json, resumen: Json, x: number, y: number, width: number, draw: boolean): number {
  const inner = width - 2 * PAD;
  let cy = y;
  const words = asText(resumen.totalLetras);
  const condition = catalogName(CatalogCode.operationCondition, resumen.condicionOperacion) ?? asText(resumen.condicionOperacion);
  const list = payments(resumen);

  const wordsH = words ? textHeight(doc, words, inner, { font: FONT.bold, size: 8.5 }) : 0;
  const boxH = SECTION_TITLE_HEIGHT + PAD + wordsH + PAD - 2;
  if (words) {
    if (draw) {
      sectionTitle(doc, 'VALOR EN LETRAS', x, cy, width);
      strokeRect(doc, x, cy, width, boxH);
      drawText(doc, words, x + PAD, cy + SECTION_TITLE_HEIGHT + PAD, inner, { font: FONT.bold, size: 8.5 });
    }
    cy += boxH + 6;
  }
  const extra = [
    ...(condition ? [{ label: 'Condición de la operación', value: condition }] : []),
    ...(asText(resumen.numPagoElectronico) ? [{ label: 'N.º de pago electrónico', value: asText(resumen.numPagoElectronico)! }] : []),
    ...(asText(resumen.codigoRetencionMH) ? [{ label: 'Código de retención MH', value: asText(resumen.codigoRetencionMH)! }] : []),
  ];
  if (draw) drawFields(doc, extra, x, cy, 112, width, FONT.bold);
  cy += fieldsHeight(doc, extra, 112, width, FONT.bold);
  if (list.length > 0) {
    cy += subheading(doc, 'Formas de pago', x, cy, width, draw);
    for (const p of list) {
      const label = p.detail ? `${p.method} (${p.detail})` : p.method;
      const h = textHeight(doc, label, width - 80, { size: 7.8 });
      if (draw) {
        drawText(doc, label, x, cy, width - 80, { size: 7.8 });
        drawFitted(doc, p.amount, x + width - 76, cy, 76, { size: 7.8, align: 'right' });
      }
      cy += h + 2.5;
    }
  }
  const notes = shortNotes(resumen);
  if (notes) {
    cy += subheading(doc, 'Observaciones', x, cy, width, draw);
    const style = { size: 7.8, multiline: true, lineGap: 1 };
    cy += draw ? drawText(doc, notes, x, cy, width, style) : textHeight(doc, notes, width, style);
  }
  const appendix = shortAppendix(dte);
  if (appendix) {
    cy += subheading(doc, 'Información adicional', x, cy, width, draw);
    if (draw) drawFields(doc, appendix, x, cy, 112, width);
    cy += fieldsHeight(doc, appendix, 112, width);
  }
  return cy - y;
}

/** A small gray heading with a hairline, inside the summary's left column; returns its height. */
function subheading(doc: Doc, title: string, x: number, y: number, width: number, draw: boolean): number {
  if (draw) {
    drawText(doc, title, x, y + 4, width, { size: 7, color: COLOR.muted });
    hLine(doc, x, x + width, y + 14, COLOR.border, 0.4);
  }
  return 17;
}

export function appendixFields(dte: Json) {
  return asObjects(dte.apendice).map((a) => ({ label: asText(a.etiqueta) ?? asText(a.campo) ?? '', value: asText(a.valor) ?? '' }));
}

/** An appendix of a few entries sits in the summary's left column; a longer one gets its own box. */
const SHORT_APPENDIX_MAX = 4;
function shortAppendix(dte: Json) {
  const list = appendixFields(dte);
  return list.length > 0 && list.length <= SHORT_APPENDIX_MAX ? list : null;
}

/** Notes short enough to sit in the summary's left column; longer ones get their own box. */
const SHORT_NOTES_MAX = 600;
function shortNotes(resumen: Json): string | null {
  const notes = asText(resumen.observaciones);
  return notes !== null && notes.length <= SHORT_NOTES_MAX ? notes : null;
}

export function drawSummary(doc: Doc, flow: PageFlow, dte: Json, type: string, resumen: Json): void {
  const lines = summaryLines(type, resumen);
  const totalsH = lines.reduce((h, l) => h + lineHeight(l), 0);
  const leftWidth = CONTENT_WIDTH - TOTALS_WIDTH - 16;
  const leftH = leftColumn(doc, dte, resumen, LEFT, 0, leftWidth, false);
  flow.ensure(Math.max(totalsH, leftH));
  leftColumn(doc, dte, resumen, LEFT, flow.y, leftWidth, true);
  drawTotals(doc, lines, RIGHT - TOTALS_WIDTH, flow.y);
  flow.y += Math.max(totalsH, leftH) + GAP + 2;
}

/** The longest prefix of `text`, cut between words, that fits `height` at `width`. */
function fittingPrefix(doc: Doc, text: string, width: number, height: number, style: TextStyle): string {
  const tokens = text.split(/(?<=\s)/);
  let lo = 1;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textHeight(doc, tokens.slice(0, mid).join(''), width, style) <= height) lo = mid;
    else hi = mid - 1;
  }
  return tokens.slice(0, lo).join('');
}

/** A titled full-width box of text (long observaciones), continued over pages when needed. */
function drawTextBox(doc: Doc, flow: PageFlow, title: string, text: string): void {
  const inner = CONTENT_WIDTH - 2 * PAD;
  const style: TextStyle = { size: 7.8, multiline: true, lineGap: 1 };
  const chrome = SECTION_TITLE_HEIGHT + 2 * PAD - 2;
  let rest = text;
  let part = 0;
  while (rest.length > 0) {
    if (flow.remaining < chrome + 40) flow.newPage();
    const fits = textHeight(doc, rest, inner, style) <= flow.remaining - chrome;
    const chunk = fits ? rest : fittingPrefix(doc, rest, inner, flow.remaining - chrome, style);
    const height = chrome + textHeight(doc, chunk, inner, style);
    sectionTitle(doc, part === 0 ? title : `${title} (continuación)`, LEFT, flow.y, CONTENT_WIDTH);
    strokeRect(doc, LEFT, flow.y, CONTENT_WIDTH, height);
    drawText(doc, chunk, LEFT + PAD, flow.y + SECTION_TITLE_HEIGHT + PAD, inner, style);
    flow.y += height + GAP;
    rest = rest.slice(chunk.length).trimStart();
    part++;
    if (rest.length > 0) flow.newPage();
  }
}

/** Observations and appendix (`resumen.observaciones`, `apendice`). */
export function drawNotes(doc: Doc, flow: PageFlow, dte: Json, resumen: Json): void {
  const notes = asText(resumen.observaciones);
  if (notes && shortNotes(resumen) === null) drawTextBox(doc, flow, 'OBSERVACIONES', notes);
  const appendix = appendixFields(dte);
  if (appendix.length > 0 && shortAppendix(dte) === null) {
    const inner = CONTENT_WIDTH - 2 * PAD;
    const height = SECTION_TITLE_HEIGHT + PAD + fieldsHeight(doc, appendix, 150, inner) + PAD - 2;
    flow.ensure(height);
    sectionTitle(doc, 'INFORMACIÓN ADICIONAL', LEFT, flow.y, CONTENT_WIDTH);
    strokeRect(doc, LEFT, flow.y, CONTENT_WIDTH, height);
    drawFields(doc, appendix, LEFT + PAD, flow.y + SECTION_TITLE_HEIGHT + PAD, 150, inner);
    flow.y += height + GAP;
  }
}
