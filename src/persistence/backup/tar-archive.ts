/**
 * A minimal POSIX ustar reader and writer for the embedded database's backups: regular files and
 * directories only, gzip around it by the caller. Streaming in both directions, so a backup never
 * holds the whole database in memory. Readable with `tar -xzf`.
 */
import { trimTrailing } from '../../domain/shared/linear-text';

const BLOCK = 512;

export interface TarEntry {
  /** Relative path with `/` separators; directories end without a slash. */
  name: string;
  type: 'file' | 'directory';
  mode: number;
  size: number;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** Splits a path into ustar's prefix (≤ 155) and name (≤ 100) fields. */
function splitName(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= 100) return { prefix: '', name: path };
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { prefix, name };
  }
  throw new Error(`ruta demasiado larga para el archivo de copia: ${path}`);
}

/** The 512-byte header of one entry. */
export function tarHeader(entry: TarEntry): Buffer {
  const h = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(entry.type === 'directory' ? `${entry.name}/` : entry.name);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(entry.mode & 0o7777, 8), 100, 8, 'ascii');
  h.write(octal(0, 8), 108, 8, 'ascii');
  h.write(octal(0, 8), 116, 8, 'ascii');
  h.write(octal(entry.type === 'file' ? entry.size : 0, 12), 124, 12, 'ascii');
  h.write(octal(0, 12), 136, 12, 'ascii');
  h.write('        ', 148, 8, 'ascii');
  h.write(entry.type === 'file' ? '0' : '5', 156, 1, 'ascii');
  h.write('ustar\u000000', 257, 8, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return h;
}

/** Zero bytes that pad a file's content to a whole block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** The end-of-archive marker (two zero blocks). */
export const TAR_END = Buffer.alloc(BLOCK * 2);

function field(h: Buffer, start: number, len: number): string {
  const raw = h.subarray(start, start + len);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? len : end).toString('utf8');
}

/** Parses a header block; null for a zero block (end of archive). Throws on a damaged header. */
export function parseTarHeader(h: Buffer): TarEntry | null {
  if (h.every((b) => b === 0)) return null;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i];
  const recorded = parseInt(field(h, 148, 8).trim(), 8);
  if (recorded !== sum) throw new Error('el archivo de copia está dañado (suma de control de una cabecera tar)');
  const prefix = field(h, 345, 155);
  const name = (prefix ? `${prefix}/` : '') + field(h, 0, 100);
  const flag = String.fromCharCode(h[156]);
  const type = flag === '5' ? 'directory' : flag === '0' || flag === '\0' ? 'file' : null;
  if (!type) throw new Error(`el archivo de copia contiene una entrada que no es archivo ni carpeta: ${name}`);
  return { name: trimTrailing(name, '/'), type, mode: parseInt(field(h, 100, 8).trim() || '0', 8), size: type === 'file' ? parseInt(field(h, 124, 12).trim() || '0', 8) : 0 };
}

/**
 * Reads a tar stream: calls `onEntry` for each entry with its content (files), in order. The content
 * of one file is handed over in chunks through `onData`.
 */
export async function readTar(
  chunks: AsyncIterable<Buffer>,
  handlers: { onEntry(entry: TarEntry): Promise<void> | void; onData(chunk: Buffer): Promise<void> | void; onEnd(entry: TarEntry): Promise<void> | void },
): Promise<void> {
  let buf: Buffer = Buffer.alloc(0);
  let current: TarEntry | null = null;
  let remaining = 0;
  let padding = 0;
  let ended = false;
  for await (const chunk of chunks) {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      if (ended) break;
      if (current) {
        if (remaining > 0) {
          if (buf.length === 0) break;
          const take = Math.min(remaining, buf.length);
          await handlers.onData(buf.subarray(0, take));
          buf = buf.subarray(take);
          remaining -= take;
          if (remaining > 0) break;
        }
        if (buf.length < padding) break;
        buf = buf.subarray(padding);
        await handlers.onEnd(current);
        current = null;
        continue;
      }
      if (buf.length < BLOCK) break;
      const entry = parseTarHeader(buf.subarray(0, BLOCK));
      buf = buf.subarray(BLOCK);
      if (!entry) {
        ended = true;
        break;
      }
      await handlers.onEntry(entry);
      current = entry;
      remaining = entry.size;
      padding = tarPadding(entry.size).length;
    }
  }
  if (!ended || current) throw new Error('el archivo de copia está incompleto (termina antes del fin del archivo tar)');
}
