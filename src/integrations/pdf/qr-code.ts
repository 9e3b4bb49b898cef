/** The QR code of the public query URL, drawn as vector squares (crisp at any zoom or print size). */
import QRCode from 'qrcode';
import { COLOR, type Doc, fillRect } from './pdf-layout';

/** Modules of white border around the symbol required by ISO/IEC 18004. */
export const QUIET_ZONE_MODULES = 4;

export type QrSymbol = ReturnType<typeof QRCode.create>;

/** The QR symbol of `text` (error correction M: survives a folded or stained print). */
export function createQr(text: string): QrSymbol {
  return QRCode.create(text, { errorCorrectionLevel: 'M' });
}

/** Side of a symbol drawn `size` points wide, with its quiet zone. */
export function qrOuterSize(qr: QrSymbol, size: number): number {
  return size + 2 * QUIET_ZONE_MODULES * (size / qr.modules.size);
}

/**
 * Draws the QR symbol of `text` with its side (without the quiet zone) `size` points, its top-left
 * corner at (x, y), on a white quiet zone of 4 modules around it. Returns the side including the
 * quiet zone.
 */
export function drawQrCode(doc: Doc, qr: QrSymbol, x: number, y: number, size: number): number {
  const n = qr.modules.size;
  const module = size / n;
  const quiet = QUIET_ZONE_MODULES * module;
  fillRect(doc, x - quiet, y - quiet, size + 2 * quiet, size + 2 * quiet, COLOR.white);
  doc.save().fillColor('#000000');
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      // A hair of overlap avoids white seams between adjacent modules in some viewers.
      doc.rect(x + start * module, y + row * module, (col - start) * module + 0.05, module + 0.05);
    }
  }
  doc.fill();
  doc.restore();
  return size + 2 * quiet;
}
