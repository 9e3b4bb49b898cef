import { Readable, Writable } from 'node:stream';
import type { Archiver } from 'archiver';
import JSZip from 'jszip';
import { archiver } from '../../../src/integrations/shared/lazy-library';
import { createZip } from '../../../src/integrations/zip/streaming-zip';

const DATE = new Date('2026-11-30T18:00:00Z');

/** Writes `entries` into `zip` (stored, deflated and streamed ones) and returns the bytes and how many writes reached the sink. */
async function build(zip: Archiver, entries: number): Promise<{ bytes: Buffer; writes: number }> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve);
    zip.on('error', reject);
  });
  zip.pipe(sink);
  for (let i = 0; i < entries; i++) {
    zip.append(`{"n":${i},"texto":"Factura ${i} — señor Muñoz"}\n`, { name: `dte/01/${String(i).padStart(5, '0')}.json`, date: DATE });
    zip.append(Buffer.from(`%PDF-1.7 documento ${i}`), { name: `pdf/${i}.pdf`, date: DATE, store: true });
  }
  zip.append(Readable.from(['Tipo,Número\r\n', '01,DTE-01\r\n']), { name: 'indice.csv', date: DATE });
  await zip.finalize();
  await finished;
  return { bytes: Buffer.concat(chunks), writes: chunks.length };
}

describe('createZip', () => {
  it.each([1, 40, 700])('writes the same bytes as archiver with %i documents, a few writes per entry instead of dozens', async (n) => {
    const plain = await build(archiver()('zip', { zlib: { level: 6 } }), n);
    const gathered = await build(createZip({ zlib: { level: 6 } }), n);
    expect(gathered.bytes.equals(plain.bytes)).toBe(true);
    const entries = 2 * n + 1;
    expect(plain.writes).toBeGreaterThan(30 * entries);
    expect(gathered.writes).toBeLessThanOrEqual(4 * entries + 4);
  });

  it('writes the same ZIP64 records as archiver (a month of more than 65,535 entries takes them)', async () => {
    const plain = await build(archiver()('zip', { zlib: { level: 6 }, forceZip64: true }), 30);
    const gathered = await build(createZip({ zlib: { level: 6 }, forceZip64: true }), 30);
    expect(gathered.bytes.equals(plain.bytes)).toBe(true);
    // The end of central directory is preceded by the ZIP64 end record and its locator.
    expect(gathered.bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    expect(gathered.bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x07]))).toBe(true);
    const zip = await JSZip.loadAsync(gathered.bytes, { checkCRC32: true });
    expect(await zip.file('dte/01/00029.json')!.async('string')).toBe('{"n":29,"texto":"Factura 29 — señor Muñoz"}\n');
  });

  it('gives a ZIP that reads back entry by entry, CRCs checked', async () => {
    const { bytes } = await build(createZip({ zlib: { level: 6 } }), 25);
    const zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
    expect(Object.keys(zip.files)).toHaveLength(51);
    expect(await zip.file('dte/01/00007.json')!.async('string')).toBe('{"n":7,"texto":"Factura 7 — señor Muñoz"}\n');
    expect(await zip.file('pdf/24.pdf')!.async('string')).toBe('%PDF-1.7 documento 24');
    expect(await zip.file('indice.csv')!.async('string')).toBe('Tipo,Número\r\n01,DTE-01\r\n');
  });
});
