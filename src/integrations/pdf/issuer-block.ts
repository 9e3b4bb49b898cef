/** Page-1 header: issuer (logo, name, identification, activity, address, contact) and the document title box. */
import { type PartyView, pairFields } from './dte-view';
import { COLOR, CONTENT_WIDTH, type Doc, FONT, LEFT, RIGHT, drawFields, drawFitted, drawText, fillRect, hLine, strokeRect, textHeight } from './pdf-layout';

export interface HeaderData {
  readonly issuer: PartyView;
  /** The issuer's role printed above its name when the type gives it one (DONATARIO on a CD). */
  readonly issuerRole?: string | null;
  readonly title: string;
  readonly establishmentCode: string;
  readonly pointOfSaleCode: string;
  readonly logo: Buffer | null;
}

const TITLE_BOX_WIDTH = 200;
const LOGO_BOX = { width: 84, height: 60 };
const LABEL_WIDTH = 50;

/** Draws the logo fitted in its box; false when the bytes are not a PNG/JPEG pdfkit can read. */
function drawLogo(doc: Doc, logo: Buffer, x: number, y: number): boolean {
  try {
    doc.image(logo, x, y, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
    return true;
  } catch {
    return false;
  }
}

function drawTitleBox(doc: Doc, data: HeaderData, x: number, y: number): number {
  const w = TITLE_BOX_WIDTH;
  const inner = w - 16;
  const kicker = 'DOCUMENTO TRIBUTARIO ELECTRÓNICO';
  const titleSize = data.title.length > 20 ? 12 : 15;
  const titleH = textHeight(doc, data.title, inner, { font: FONT.bold, size: titleSize, lineGap: 1 });
  const codes = `Establecimiento ${data.establishmentCode}   ·   Punto de venta ${data.pointOfSaleCode}`;
  const h = 10 + 9 + 5 + titleH + 7 + 16;
  fillRect(doc, x, y, w, h, COLOR.accent, 4);
  let cy = y + 10;
  drawText(doc, kicker, x + 8, cy, inner, { font: FONT.bold, size: 7, color: '#c7d4e4', align: 'center' });
  cy += 9 + 5;
  cy += drawText(doc, data.title, x + 8, cy, inner, { font: FONT.bold, size: titleSize, color: COLOR.white, align: 'center', lineGap: 1 });
  cy += 5;
  fillRect(doc, x + 1, cy, w - 2, h - (cy - y) - 1, COLOR.accentLight, 0);
  drawText(doc, codes, x + 8, cy + 5, inner, { size: 7, color: COLOR.accent, align: 'center' });
  return h;
}

/** Draws the header at `y`; returns the y below it. */
export function drawHeader(doc: Doc, data: HeaderData, y: number): number {
  const titleX = RIGHT - TITLE_BOX_WIDTH;
  let x = LEFT;
  let logoH = 0;
  if (data.logo && drawLogo(doc, data.logo, LEFT, y)) {
    x = LEFT + LOGO_BOX.width + 10;
    logoH = LOGO_BOX.height;
  }
  const width = titleX - 14 - x;
  let cy = y;
  if (data.issuerRole) cy += 1 + drawText(doc, data.issuerRole, x, cy, width, { font: FONT.bold, size: 7, color: COLOR.muted });
  cy += drawText(doc, data.issuer.name ?? '', x, cy, width, { font: FONT.bold, size: 12, color: COLOR.accent });
  if (data.issuer.tradeName) cy += 1 + drawText(doc, data.issuer.tradeName, x, cy + 1, width, { size: 8.5, color: COLOR.muted });
  cy += 5;
  cy += drawFields(doc, pairFields(data.issuer.fields, [['NIT', 'NRC'], ['Teléfono', 'Correo']]), x, cy, LABEL_WIDTH, width);

  const titleH = drawTitleBox(doc, data, titleX, y);
  const bottom = Math.max(cy, y + titleH, y + logoH) + 6;
  hLine(doc, LEFT, RIGHT, bottom, COLOR.accent, 1);
  return bottom + 8;
}

/** Compact header of pages 2…n: document title, control number and generation code. */
export function drawContinuationHeader(doc: Doc, title: string, controlNumber: string, generationCode: string, y: number): number {
  const h = 26;
  strokeRect(doc, LEFT, y, CONTENT_WIDTH, h, COLOR.border, 3);
  drawText(doc, `${title} (continuación)`, LEFT + 8, y + 5, 240, { font: FONT.bold, size: 9, color: COLOR.accent });
  drawText(doc, 'DOCUMENTO TRIBUTARIO ELECTRÓNICO', LEFT + 8, y + 16, 240, { size: 6.5, color: COLOR.muted });
  // One line each, whatever their characters (shrunk rather than wrapped).
  drawFitted(doc, `Número de control: ${controlNumber}`, LEFT + 250, y + 5, CONTENT_WIDTH - 258, { size: 7.5, minSize: 6, align: 'right' });
  drawFitted(doc, `Código de generación: ${generationCode}`, LEFT + 250, y + 15, CONTENT_WIDTH - 258, { size: 7.5, minSize: 6, align: 'right' });
  return y + h + 8;
}
