/** Text → bytes in UTF-8 (optionally with BOM) or Windows-1252 (what Excel writes on Spanish Windows). */

/** Windows-1252 bytes 0x80–0x9F that are not ISO-8859-1 control characters. */
const CP1252_EXTRA: Readonly<Record<number, number>> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02c6: 0x88,
  0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93,
  0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98, 0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b,
  0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};

/** Encodes to Windows-1252; a character it cannot hold becomes `?`. Text is NFC-normalised first. */
export function encodeWindows1252(text: string): Buffer {
  const s = text.normalize('NFC');
  const out = Buffer.allocUnsafe(s.length);
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80 || (cp >= 0xa0 && cp <= 0xff)) out[n++] = cp;
    else out[n++] = CP1252_EXTRA[cp] ?? 0x3f;
  }
  return out.subarray(0, n);
}

export function encodeText(text: string, encoding: 'utf-8' | 'utf-8-bom' | 'windows-1252'): Buffer {
  if (encoding === 'windows-1252') return encodeWindows1252(text);
  const body = Buffer.from(text.normalize('NFC'), 'utf8');
  return encoding === 'utf-8-bom' ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}
