/**
 * The tar of the embedded backups, through `tar-stream` (ADR 0081): a gzip'd archive written from
 * and read into files on disk, one entry at a time, so a backup never holds the database in memory.
 * Regular files and folders only; anything else in an archive (links, devices) is refused.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract as tarExtract, pack as tarPack, type Pack } from 'tar-stream';
import { trimTrailing } from '../../domain/shared/linear-text';

/** The writable side of one entry (a streamx stream). */
type EntrySink = ReturnType<Pack['entry']>;

export interface TarEntry {
  /** Relative path with `/` separators; directories end without a slash. */
  name: string;
  type: 'file' | 'directory';
  mode: number;
  size: number;
  mtime?: Date;
}

/** What goes into an archive: a file on disk (`path`), a folder, or a few bytes of its own (`content`). */
export type TarSource = { entry: TarEntry; path?: string; content?: Buffer };

async function writeAll(w: EntrySink, chunk: Buffer): Promise<void> {
  if (!w.write(chunk)) await new Promise<void>((resolve) => w.once('drain', () => resolve()));
}

/** Adds one entry; resolves when the archive has taken all of it. A file whose size changed fails. */
async function addEntry(pack: Pack, s: TarSource): Promise<void> {
  const { entry } = s;
  const header = { name: entry.name, type: entry.type, mode: entry.mode & 0o7777, size: entry.type === 'file' ? entry.size : 0, mtime: entry.mtime ?? new Date(0) };
  await new Promise<void>((resolve, reject) => {
    const sink = pack.entry(header, (err) => (err ? reject(err) : resolve()));
    sink.on('error', reject);
    void (async () => {
      if (entry.type === 'file' && s.content) await writeAll(sink, s.content);
      else if (entry.type === 'file' && s.path && entry.size > 0) {
        let copied = 0;
        for await (const chunk of createReadStream(s.path, { start: 0, end: entry.size - 1 })) {
          copied += (chunk as Buffer).length;
          await writeAll(sink, chunk as Buffer);
        }
        if (copied !== entry.size) throw new Error(`${s.path} cambió durante la copia`);
      }
      sink.end(undefined);
    })().catch((err) => {
      sink.destroy(err);
      reject(err);
    });
  });
}

/** Writes `sources` in order as a .tar.gz at `file` (created with `mode`). */
export async function writeTarGz(file: string, sources: Iterable<TarSource>, mode = 0o600): Promise<void> {
  const pack = tarPack();
  const written = pipeline(pack, createGzip(), createWriteStream(file, { mode }));
  try {
    for (const s of sources) await addEntry(pack, s);
    pack.finalize();
  } catch (err) {
    pack.destroy(err as Error);
    await written.catch(() => undefined);
    throw err;
  }
  await written;
}

/**
 * Reads a .tar.gz: `onEntry` for each entry in order, then its content in chunks (`onData`), then
 * `onEnd`. A damaged or truncated archive, or an entry that is not a file or folder, throws.
 */
export async function readTarGz(
  file: string,
  handlers: { onEntry(entry: TarEntry): Promise<void> | void; onData(chunk: Buffer): Promise<void> | void; onEnd(entry: TarEntry): Promise<void> | void },
): Promise<void> {
  const extract = tarExtract();
  const read = pipeline(createReadStream(file), createGunzip(), extract);
  let failure: unknown = null;
  read.catch((err) => (failure ??= err));
  try {
    for await (const e of extract) {
      const h = e.header;
      const name = trimTrailing(h.name, '/');
      if (h.type !== 'file' && h.type !== 'directory') throw new Error(`el archivo de copia contiene una entrada que no es archivo ni carpeta: ${name}`);
      const entry: TarEntry = { name, type: h.type, mode: h.mode ?? 0, size: h.type === 'file' ? (h.size ?? 0) : 0 };
      await handlers.onEntry(entry);
      for await (const chunk of e) await handlers.onData(chunk as Buffer);
      await handlers.onEnd(entry);
    }
  } catch (err) {
    // The reader's own failure (gzip, tar) when it came first; else the entry's refusal.
    const cause = failure ?? err;
    extract.destroy();
    await read.catch(() => undefined);
    throw damaged(cause);
  }
  await read.catch((err) => {
    throw damaged(err);
  });
}

/** An error of gzip or of the tar reader, in the operator's words (ours pass as they are). */
function damaged(err: unknown): unknown {
  const e = err as { code?: string; message?: string };
  if (typeof e?.code === 'string' && e.code.startsWith('Z_')) return new Error(`el archivo de copia está dañado o incompleto (gzip: ${e.message})`);
  if (e instanceof Error && /tar header|end of data|size mismatch/i.test(e.message)) return new Error(`el archivo de copia está dañado o incompleto (tar: ${e.message})`);
  return err;
}
