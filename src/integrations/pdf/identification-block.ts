/** Identification block: generation code, control number, seal, model, transmission, dates; with the QR of the public query. */
import type { Field } from './dte-view';
import { COLOR, CONTENT_WIDTH, type Doc, FONT, LEFT, RIGHT, SECTION_TITLE_HEIGHT, drawFields, drawText, fieldsHeight, sectionTitle, strokeRect, textHeight } from './pdf-layout';
import { createQr, drawQrCode, qrOuterSize } from './qr-code';

export interface IdentificationData {
  readonly fields: Field[];
  readonly queryUrl: string;
}

/** Side of the QR symbol without its quiet zone: 96 pt ≈ 3.4 cm. */
export const QR_SIZE = 96;
const URL_WIDTH = 112;
const LABEL_WIDTH = 96;
const PAD = 7;

/**
 * Fields on the left; on the right the QR (with its quiet zone) and, beside it, the public query
 * URL in small text.
 */
export function drawIdentification(doc: Doc, data: IdentificationData, y: number): number {
  const qr = createQr(data.queryUrl);
  const qrOuter = qrOuterSize(qr, QR_SIZE);
  const qrAreaWidth = URL_WIDTH + qrOuter + 8;
  const qrAreaX = RIGHT - qrAreaWidth;
  const fieldsWidth = qrAreaX - LEFT - 2 * PAD;
  const top = y + SECTION_TITLE_HEIGHT;

  const captionStyle = { size: 6.5, color: COLOR.muted };
  const urlStyle = { size: 5.6, color: COLOR.accent, multiline: true };
  // Break the URL before its parameters and before the generation code (pdfkit would cut it anywhere).
  const urlText = data.queryUrl.replace(/([?&])/g, '\n$1').replace('&codGen=', '&codGen=\n');
  const caption = 'Verifique este documento en el portal del Ministerio de Hacienda escaneando el código QR o en:';
  const textH = textHeight(doc, caption, URL_WIDTH, captionStyle) + 4 + textHeight(doc, urlText, URL_WIDTH, urlStyle);
  const qrAreaH = 4 + Math.max(qrOuter, textH) + 4;
  const fieldsH = PAD + fieldsHeight(doc, data.fields, LABEL_WIDTH, fieldsWidth, FONT.bold) + PAD - 2;
  const height = SECTION_TITLE_HEIGHT + Math.max(qrAreaH, fieldsH);

  sectionTitle(doc, 'IDENTIFICACIÓN DEL DOCUMENTO', LEFT, y, CONTENT_WIDTH);
  drawText(doc, 'CONSULTA PÚBLICA', qrAreaX + 8, y + 3.5, qrAreaWidth - 16, { font: FONT.bold, size: 7.5, color: COLOR.accent });
  strokeRect(doc, LEFT, y, CONTENT_WIDTH, height, COLOR.border, 3);
  doc.save().lineWidth(0.6).strokeColor(COLOR.border).moveTo(qrAreaX, top).lineTo(qrAreaX, y + height).stroke().restore();

  drawFields(doc, data.fields, LEFT + PAD, top + PAD, LABEL_WIDTH, fieldsWidth, FONT.bold);

  const textTop = top + (height - SECTION_TITLE_HEIGHT - textH) / 2;
  const captionH = drawText(doc, caption, qrAreaX + 8, textTop, URL_WIDTH, captionStyle);
  drawText(doc, urlText, qrAreaX + 8, textTop + captionH + 4, URL_WIDTH, urlStyle);
  const quiet = (qrOuter - QR_SIZE) / 2;
  drawQrCode(doc, qr, RIGHT - qrOuter + quiet, top + (height - SECTION_TITLE_HEIGHT - qrOuter) / 2 + quiet, QR_SIZE);
  return y + height + 8;
}
