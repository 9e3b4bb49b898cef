/**
 * Marks that keep a printed copy from being mistaken for a valid tax document: the diagonal
 * watermarks (test environment, voided) on every page, and the notice banners of page 1
 * (test environment, voided, not yet sealed by MH, rejected).
 */
import type { StoredDocumentStatus } from '../../domain/documents/document-status';
import { formatSvDateTime } from './format';
import { COLOR, CONTENT_WIDTH, type Doc, FONT, GAP, LEFT, PAGE_HEIGHT, PAGE_WIDTH, type PageFlow, drawText, fillRect, textHeight, textWidth } from './pdf-layout';

export const TEST_WATERMARK = 'DOCUMENTO DE PRUEBA — SIN VALIDEZ TRIBUTARIA';
export const VOID_WATERMARK = 'ANULADO';

/** The PDF renders stored documents only. */
export type DocumentStatus = StoredDocumentStatus;

export interface Watermark {
  readonly text: string;
  readonly detail: string | null;
  readonly color: string;
  readonly size: number;
  readonly opacity: number;
}

export interface Notice {
  readonly text: string;
  readonly tone: 'warning' | 'danger';
}

/** Watermarks of a document: ANULADO (with its date) and/or the test-environment one. */
export function watermarksFor(environment: string, status: DocumentStatus, voidedAt: Date | null): Watermark[] {
  const marks: Watermark[] = [];
  if (status === 'voided') {
    marks.push({ text: VOID_WATERMARK, detail: voidedAt ? `el ${formatSvDateTime(voidedAt)}` : null, color: COLOR.danger, size: 110, opacity: 0.16 });
  }
  if (environment !== '01') marks.push({ text: TEST_WATERMARK, detail: null, color: '#4b5563', size: 27, opacity: 0.14 });
  return marks;
}

/** Banners for page 1, most important first. */
export function noticesFor(environment: string, status: DocumentStatus, seal: string | null, voidedAt: Date | null): Notice[] {
  const notices: Notice[] = [];
  if (status === 'voided') {
    notices.push({ tone: 'danger', text: `DOCUMENTO ANULADO${voidedAt ? ` EL ${formatSvDateTime(voidedAt)}` : ''} — INVALIDADO ANTE EL MINISTERIO DE HACIENDA` });
  } else if (status === 'rejected') {
    notices.push({ tone: 'danger', text: 'DOCUMENTO RECHAZADO POR EL MINISTERIO DE HACIENDA — SIN VALIDEZ TRIBUTARIA' });
  } else if (status === 'contingency') {
    notices.push({ tone: 'warning', text: 'DOCUMENTO EMITIDO EN CONTINGENCIA — PENDIENTE DE TRANSMISIÓN Y DEL SELLO DE RECEPCIÓN DEL MINISTERIO DE HACIENDA' });
  } else if (seal === null) {
    const why = status === 'error' ? 'NO PROCESADO POR EL MINISTERIO DE HACIENDA' : 'PENDIENTE DE PROCESAMIENTO POR EL MINISTERIO DE HACIENDA';
    notices.push({ tone: 'warning', text: `DOCUMENTO SIN SELLO DE RECEPCIÓN — ${why}` });
  }
  if (environment !== '01') notices.push({ tone: 'danger', text: `${TEST_WATERMARK} (AMBIENTE DE PRUEBAS DEL MINISTERIO DE HACIENDA)` });
  return notices;
}

/** Draws the banners at the flow's position. */
export function drawNotices(doc: Doc, flow: PageFlow, notices: readonly Notice[]): void {
  for (const n of notices) {
    const style = { font: FONT.bold, size: 7.8, align: 'center' as const, color: n.tone === 'danger' ? COLOR.danger : COLOR.warning };
    const h = textHeight(doc, n.text, CONTENT_WIDTH - 16, style) + 8;
    fillRect(doc, LEFT, flow.y, CONTENT_WIDTH, h, n.tone === 'danger' ? COLOR.dangerFill : COLOR.warningFill, 3);
    fillRect(doc, LEFT, flow.y, 3, h, style.color, 0);
    drawText(doc, n.text, LEFT + 8, flow.y + 4.5, CONTENT_WIDTH - 16, style);
    flow.y += h + 4;
  }
  if (notices.length > 0) flow.y += GAP - 4;
}

/** Draws the watermarks diagonally across the current page, translucent, over the content. */
export function drawWatermarks(doc: Doc, marks: readonly Watermark[]): void {
  const cx = PAGE_WIDTH / 2;
  const cy = PAGE_HEIGHT / 2;
  const angle = -Math.atan(PAGE_HEIGHT / PAGE_WIDTH) * (180 / Math.PI) * 0.8;
  marks.forEach((m, i) => {
    // Stack several marks along the perpendicular of the diagonal.
    const offset = marks.length === 1 ? 0 : (i - (marks.length - 1) / 2) * 190;
    doc.save();
    doc.rotate(angle, { origin: [cx, cy] });
    doc.fillOpacity(m.opacity).fillColor(m.color);
    // textWidth sets the font and size the text is then drawn with.
    const w = textWidth(doc, m.text, { font: FONT.bold, size: m.size });
    doc.text(m.text, cx - w / 2, cy + offset - m.size * 0.35, { lineBreak: false });
    if (m.detail) {
      const dw = textWidth(doc, m.detail, { font: FONT.bold, size: m.size * 0.22 });
      doc.text(m.detail, cx - dw / 2, cy + offset + m.size * 0.62, { lineBreak: false });
    }
    doc.restore();
  });
}
