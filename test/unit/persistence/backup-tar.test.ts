/**
 * The embedded backups' tar (tar-stream, streamed to and from disk): what it writes reads back and
 * opens with the system tar, what the system tar writes it reads, and it refuses links, damaged and
 * truncated archives.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTarGz, writeTarGz, type TarSource } from '../../../src/persistence/backup/backup-tar';

const dir = mkdtempSync(join(tmpdir(), 'dte-tar-'));
const longName = `pgdata/${'carpeta-larga/'.repeat(8)}archivo`;
const big = Buffer.alloc(3 * 1024 * 1024 + 17, 'x');

function on(name: string, content: Buffer): string {
  const path = join(dir, 'src', ...name.split('/'));
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
}

const sources: TarSource[] = [
  { entry: { name: 'dte-backup.json', type: 'file', mode: 0o600, size: 3 }, content: Buffer.from('{}\n') },
  { entry: { name: 'pgdata', type: 'directory', mode: 0o700, size: 0 } },
  { entry: { name: 'pgdata/PG_VERSION', type: 'file', mode: 0o600, size: 3 }, path: on('pgdata/PG_VERSION', Buffer.from('17\n')) },
  { entry: { name: 'vacío', type: 'file', mode: 0o600, size: 0 }, path: on('vacío', Buffer.alloc(0)) },
  { entry: { name: longName, type: 'file', mode: 0o644, size: 1000 }, path: on(longName, Buffer.alloc(1000, 'y')) },
  { entry: { name: 'grande', type: 'file', mode: 0o600, size: big.length }, path: on('grande', big) },
];

async function read(file: string) {
  const out: { name: string; type: string; mode: number; bytes: number; head: string }[] = [];
  await readTarGz(file, {
    onEntry: (e) => void out.push({ name: e.name, type: e.type, mode: e.mode & 0o777, bytes: 0, head: '' }),
    onData: (c) => {
      const last = out[out.length - 1];
      if (last.bytes < 8) last.head += c.subarray(0, 8 - last.bytes).toString('utf8');
      last.bytes += c.length;
    },
    onEnd: () => undefined,
  });
  return out;
}

describe('tar of the embedded backups', () => {
  const archive = join(dir, 'copia.tar.gz');
  beforeAll(() => writeTarGz(archive, sources));

  it('reads back what it writes, in order, with modes and sizes', async () => {
    expect(await read(archive)).toEqual([
      { name: 'dte-backup.json', type: 'file', mode: 0o600, bytes: 3, head: '{}\n' },
      { name: 'pgdata', type: 'directory', mode: 0o700, bytes: 0, head: '' },
      { name: 'pgdata/PG_VERSION', type: 'file', mode: 0o600, bytes: 3, head: '17\n' },
      { name: 'vacío', type: 'file', mode: 0o600, bytes: 0, head: '' },
      { name: longName, type: 'file', mode: 0o644, bytes: 1000, head: 'yyyyyyyy' },
      { name: 'grande', type: 'file', mode: 0o600, bytes: big.length, head: 'xxxxxxxx' },
    ]);
  });

  it('opens with the system tar (tar -xzf), long names included', () => {
    const out = mkdtempSync(join(dir, 'x-'));
    execFileSync('tar', ['-xzf', archive], { cwd: out });
    expect(readFileSync(join(out, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(join(out, ...longName.split('/')), 'utf8')).toBe('y'.repeat(1000));
    expect(readFileSync(join(out, 'grande')).equals(big)).toBe(true);
  });

  it('reads what the system tar writes', async () => {
    const file = join(dir, 'sistema.tar.gz');
    execFileSync('tar', ['-czf', file, 'pgdata', 'vacío'], { cwd: join(dir, 'src') });
    expect((await read(file)).map((e) => [e.name, e.type, e.bytes])).toEqual(
      expect.arrayContaining([['pgdata', 'directory', 0], ['pgdata/PG_VERSION', 'file', 3], ['vacío', 'file', 0], [longName, 'file', 1000]]),
    );
  });

  it('refuses a link', async () => {
    const src = mkdtempSync(join(dir, 'l-'));
    writeFileSync(join(src, 'a'), 'a');
    symlinkSync('a', join(src, 'enlace'));
    const file = join(dir, 'enlace.tar.gz');
    execFileSync('tar', ['-czf', file, 'a', 'enlace'], { cwd: src });
    await expect(read(file)).rejects.toThrow(/ni carpeta: enlace/);
  });

  it.each([
    ['a changed byte', (b: Buffer) => Buffer.from(b.map((x, i) => (i === Math.floor(b.length / 2) ? x ^ 0xff : x)))],
    ['a truncated archive', (b: Buffer) => b.subarray(0, Math.floor(b.length / 2))],
    ['not gzip at all', () => Buffer.from('no es una copia')],
  ])('refuses %s as damaged or incomplete', async (_label, damage) => {
    const file = join(dir, `dañado-${Math.random()}.tar.gz`);
    writeFileSync(file, damage(readFileSync(archive)));
    await expect(read(file)).rejects.toThrow(/dañado o incompleto/);
  });

  it('fails when a file changes size while it is copied', async () => {
    const path = on('cambia', Buffer.from('corto'));
    await expect(writeTarGz(join(dir, 'cambia.tar.gz'), [{ entry: { name: 'cambia', type: 'file', mode: 0o600, size: 50 }, path }])).rejects.toThrow(/cambió durante la copia/);
  });
});
