import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { mkdtemp, open, type FileHandle } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Client } from 'pg';
import { embeddedOwner, embeddedPaths, openEmbeddedDatabase } from '../database';
import { readTarGz, writeTarGz, type TarEntry, type TarSource } from './backup-tar';
import { DOCUMENT_TOTAL_SQL } from '../documents/document-queries';

/** First entry of every backup: what it is and what it holds. */
export const MANIFEST = 'dte-backup.json';
const FORMAT = 'dte-embedded-backup';

/** Top-level entries of DATA_DIR that are not data: the live socket and pid, earlier replaced copies, a restore in progress. */
function skipped(name: string): boolean {
  return name === 'run' || name === MANIFEST || name.includes('.reemplazado-') || name.startsWith('.restaurando-');
}

export class BackupRefused extends Error {}

function refuseWhileServed(dataDir: string, what: string): void {
  const owner = embeddedOwner(dataDir);
  if (owner !== null) {
    throw new BackupRefused(
      `El proceso ${owner} tiene abierta la base embebida de ${dataDir}: la ${what} necesita el servicio detenido. ` +
        'Deténgalo (SIGTERM o Ctrl+C; espere a que termine) y repita. Con PostgreSQL (DATABASE_URL) use pg_dump, que copia con el servicio en marcha.',
    );
  }
}

function listFiles(root: string, dir = root, out: { path: string; entry: TarEntry }[] = []): { path: string; entry: TarEntry }[] {
  for (const name of readdirSync(dir).sort()) {
    if (dir === root && skipped(name)) continue;
    const path = join(dir, name);
    const st = lstatSync(path);
    const rel = relative(root, path).split(sep).join('/');
    if (st.isDirectory()) {
      out.push({ path, entry: { name: rel, type: 'directory', mode: st.mode, size: 0, mtime: st.mtime } });
      listFiles(root, path, out);
    } else if (st.isFile()) out.push({ path, entry: { name: rel, type: 'file', mode: st.mode, size: st.size, mtime: st.mtime } });
  }
  return out;
}

export interface BackupResult {
  out: string;
  files: number;
  bytes: number;
  documents: number;
}

/**
 * Copies DATA_DIR (the embedded database, the generated master key, the in-process simulator's
 * journal, the local outbox) into one .tar.gz. The database is opened here first — which replays
 * its WAL after a hard stop and proves it opens — and checkpointed, so the copied files are a
 * consistent database; it stays open (and the directory owned) while the files are copied.
 */
export async function backupEmbeddedData(dataDir: string, outFile: string, now: Date): Promise<BackupResult> {
  const out = resolve(outFile);
  if (!existsSync(join(embeddedPaths(dataDir).pgData, 'PG_VERSION'))) throw new BackupRefused(`No hay base embebida en ${dataDir} (falta pgdata); revise DATA_DIR.`);
  if (out === dataDir || out.startsWith(`${dataDir}${sep}`)) throw new BackupRefused(`La copia no puede escribirse dentro de DATA_DIR (${dataDir}); elija otra carpeta.`);
  if (existsSync(out)) throw new BackupRefused(`${out} ya existe; elija otro nombre (una copia nunca sobrescribe otra).`);
  if (!existsSync(dirname(out))) throw new BackupRefused(`La carpeta ${dirname(out)} no existe.`);
  refuseWhileServed(dataDir, 'copia');
  const db = await openEmbeddedDatabase({ dataDir, maxConnections: 2 });
  const partial = `${out}.parcial`;
  try {
    const client = new Client(db.pool);
    await client.connect();
    let documents = 0;
    try {
      await client.query('CHECKPOINT');
      const t = await client.query<{ n: number }>(DOCUMENT_TOTAL_SQL);
      documents = t.rows[0].n;
    } finally {
      await client.end();
    }
    const files = listFiles(dataDir);
    const manifest = Buffer.from(`${JSON.stringify({ format: FORMAT, version: 1, created_at: now.toISOString(), documents, files: files.length })}\n`);
    const sources: TarSource[] = [{ entry: { name: MANIFEST, type: 'file', mode: 0o600, size: manifest.length, mtime: now }, content: manifest }, ...files];
    await writeTarGz(partial, sources);
    renameSync(partial, out);
    return { out, files: files.filter((f) => f.entry.type === 'file').length, bytes: lstatSync(out).size, documents };
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    await db.close();
  }
}

export interface RestoreResult {
  dataDir: string;
  files: number;
  documents: number;
  createdAt: string;
  /** Where the replaced entries were moved (with --replace), relative to DATA_DIR. */
  replaced: string[];
}

function safeName(name: string): string {
  const parts = name.split('/');
  if (!name || name.startsWith('/') || parts.some((p) => p === '..' || p === '' || p === '.') || (skipped(parts[0]) && name !== MANIFEST)) {
    throw new BackupRefused(`El archivo de copia contiene una ruta no admitida: ${JSON.stringify(name)}; no se restauró nada.`);
  }
  return name;
}

/**
 * Restores a backup into DATA_DIR: the archive is unpacked into a staging folder inside DATA_DIR
 * first (nothing in place changes if it is damaged), then moved in. An existing database or master
 * key is only replaced with `replace`, and is then kept beside as `<name>.reemplazado-<fecha>`.
 */
export async function restoreEmbeddedData(dataDir: string, inFile: string, opts: { replace: boolean; now: Date }): Promise<RestoreResult> {
  const input = resolve(inFile);
  if (!existsSync(input) || !lstatSync(input).isFile()) throw new BackupRefused(`No existe el archivo de copia ${input}.`);
  refuseWhileServed(dataDir, 'restauración');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(join(dataDir, '.restaurando-'));
  let manifest: { format?: string; documents?: number; created_at?: string } | null = null;
  let files = 0;
  try {
    let handle: FileHandle | null = null;
    let manifestText = '';
    const first = { seen: false };
    await readTarGz(input, {
      onEntry: async (e) => {
        const name = safeName(e.name);
        if (!first.seen) {
          first.seen = true;
          if (name !== MANIFEST) throw new BackupRefused(`${input} no es una copia de este servicio (falta ${MANIFEST}); no se restauró nada.`);
          return;
        }
        if (name === MANIFEST) throw new BackupRefused(`${input} contiene dos manifiestos; no se restauró nada.`);
        const path = join(staging, ...name.split('/'));
        if (e.type === 'directory') mkdirSync(path, { recursive: true, mode: 0o700 });
        else {
          mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
          handle = await open(path, 'wx', e.mode & 0o777 || 0o600);
          files++;
        }
      },
      onData: async (chunk) => {
        if (handle) await handle.write(chunk);
        else manifestText += chunk.toString('utf8');
      },
      onEnd: async () => {
        if (handle) await handle.close();
        handle = null;
        if (manifest === null && manifestText) {
          try {
            manifest = JSON.parse(manifestText);
          } catch {
            manifest = {};
          }
          if (manifest!.format !== FORMAT) throw new BackupRefused(`${input} no es una copia de este servicio (manifiesto desconocido); no se restauró nada.`);
        }
      },
    }).catch((err) => {
      if (err instanceof BackupRefused) throw err;
      throw new BackupRefused(`${input} no se pudo leer como copia (${err instanceof Error ? err.message : String(err)}); no se restauró nada.`);
    });
    if (!existsSync(join(staging, 'pgdata', 'PG_VERSION'))) throw new BackupRefused(`${input} no contiene una base embebida (pgdata); no se restauró nada.`);

    const incoming = readdirSync(staging);
    const blocking: string[] = [];
    for (const n of incoming) {
      const here = join(dataDir, n);
      if (!existsSync(here)) continue;
      if (isEmptyDir(here)) rmSync(here, { recursive: true });
      else if (n === 'master.key' && sameFile(here, join(staging, n))) rmSync(join(staging, n));
      else blocking.push(n);
    }
    if (blocking.length && !opts.replace) {
      throw new BackupRefused(
        `${dataDir} ya tiene ${blocking.join(', ')}; no se restauró nada. Para sustituirlos repita con --replace (los actuales se conservan como <nombre>.reemplazado-<fecha>), o restaure en otro DATA_DIR.`,
      );
    }
    const stamp = opts.now.toISOString().replace(/[:.]/g, '-');
    const replaced: string[] = [];
    for (const n of blocking) {
      const aside = `${n}.reemplazado-${stamp}`;
      renameSync(join(dataDir, n), join(dataDir, aside));
      replaced.push(aside);
    }
    for (const n of readdirSync(staging)) renameSync(join(staging, n), join(dataDir, n));
    // Leftovers of a process killed earlier; nobody owns the directory (checked above).
    const run = embeddedPaths(dataDir);
    rmSync(run.owner, { force: true });
    rmSync(run.socket, { force: true });
    const m = manifest as { documents?: number; created_at?: string } | null;
    return { dataDir, files, documents: Number(m?.documents ?? 0), createdAt: String(m?.created_at ?? ''), replaced };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function isEmptyDir(path: string): boolean {
  return lstatSync(path).isDirectory() && readdirSync(path).length === 0;
}

function sameFile(a: string, b: string): boolean {
  return readFileSync(a).equals(readFileSync(b));
}
