/**
 * Append-only JSON-lines journal with group commit: `append` resolves once its lines are written
 * and fsync'ed (one write + one fsync for every entry queued meanwhile), so an answer is only sent
 * after what it reports is durable. Replayed in order at start; a torn last line (crash during a
 * write) is dropped and cut off the file.
 */
import { mkdir, open, readFile, truncate, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { JournalEntry } from './journal-entry.types';

export const JOURNAL_FILE = 'mh-simulator.journal.jsonl';

interface Pending {
  text: string;
  resolve: () => void;
  reject: (err: Error) => void;
}

export class Journal {
  private queue: Pending[] = [];
  private flushing = false;
  private closed = false;

  private constructor(private readonly fh: FileHandle) {}

  /** Opens (creating) the journal in `dataDir` and returns it with the entries already recorded. */
  static async open(dataDir: string): Promise<{ journal: Journal; entries: JournalEntry[] }> {
    await mkdir(dataDir, { recursive: true });
    const path = join(dataDir, JOURNAL_FILE);
    const entries = await readEntries(path);
    const fh = await open(path, 'a', 0o600);
    await syncDirectory(dataDir);
    return { journal: new Journal(fh), entries };
  }

  append(entries: readonly JournalEntry[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('El diario del simulador está cerrado'));
    if (entries.length === 0) return Promise.resolve();
    const text = entries.map((e) => `${JSON.stringify(e)}\n`).join('');
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ text, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.fh.write(batch.map((p) => p.text).join(''));
        await this.fh.datasync();
        for (const p of batch) p.resolve();
      } catch (err) {
        for (const p of batch) p.reject(err as Error);
      }
    }
    this.flushing = false;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    while (this.flushing) await new Promise((r) => setImmediate(r));
    await this.fh.close();
  }
}

async function readEntries(path: string): Promise<JournalEntry[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const complete = text.lastIndexOf('\n') + 1;
  if (complete < text.length) await truncate(path, Buffer.byteLength(text.slice(0, complete), 'utf8'));
  const entries: JournalEntry[] = [];
  text.slice(0, complete).split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      entries.push(JSON.parse(line) as JournalEntry);
    } catch {
      throw new Error(`Diario del simulador dañado: línea ${i + 1} de ${path} no es JSON`);
    }
  });
  return entries;
}

async function syncDirectory(dir: string): Promise<void> {
  try {
    const d = await open(dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  } catch {
    // Some filesystems do not allow fsync on a directory; the file itself is synced on every write.
  }
}
