import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTarHeader, readTar, TAR_END, tarHeader, tarPadding, type TarEntry } from '../../../src/persistence/backup/tar-archive';

function archive(entries: { entry: TarEntry; content?: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  for (const { entry, content } of entries) {
    parts.push(tarHeader(entry));
    if (content) parts.push(content, tarPadding(content.length));
  }
  parts.push(TAR_END);
  return Buffer.concat(parts);
}

async function* chunked(b: Buffer, size: number): AsyncIterable<Buffer> {
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

async function read(b: Buffer, size: number) {
  const out: { name: string; type: string; content: string }[] = [];
  await readTar(chunked(b, size), {
    onEntry: (e) => void out.push({ name: e.name, type: e.type, content: '' }),
    onData: (c) => void (out[out.length - 1].content += c.toString('utf8')),
    onEnd: () => undefined,
  });
  return out;
}

const longName = `pgdata/${'carpeta-larga/'.repeat(8)}archivo`;
const sample = [
  { entry: { name: 'pgdata', type: 'directory', mode: 0o700, size: 0 } as TarEntry },
  { entry: { name: 'pgdata/PG_VERSION', type: 'file', mode: 0o600, size: 3 } as TarEntry, content: Buffer.from('17\n') },
  { entry: { name: 'vacío', type: 'file', mode: 0o600, size: 0 } as TarEntry, content: Buffer.alloc(0) },
  { entry: { name: longName, type: 'file', mode: 0o644, size: 1000 } as TarEntry, content: Buffer.alloc(1000, 'x') },
];

describe('ustar archive of the embedded backups', () => {
  it.each([
    ['one byte at a time', 1],
    ['odd chunks', 333],
    ['whole blocks', 512],
    ['all at once', 1 << 20],
  ])('reads back what it writes, in %s', async (_label, size) => {
    expect(await read(archive(sample), size)).toEqual([
      { name: 'pgdata', type: 'directory', content: '' },
      { name: 'pgdata/PG_VERSION', type: 'file', content: '17\n' },
      { name: 'vacío', type: 'file', content: '' },
      { name: longName, type: 'file', content: 'x'.repeat(1000) },
    ]);
  });

  it('is readable by the system tar (names longer than 100 bytes go in the prefix field)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dte-tar-'));
    writeFileSync(join(dir, 'a.tar'), archive(sample));
    execFileSync('tar', ['-xf', 'a.tar'], { cwd: dir });
    expect(readFileSync(join(dir, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(join(dir, ...longName.split('/')), 'utf8')).toBe('x'.repeat(1000));
  });

  it.each([
    ['a changed header byte', (b: Buffer) => { b[10] ^= 1; return b; }, /suma de control/],
    ['a truncated archive', (b: Buffer) => b.subarray(0, 1024 + 100), /incompleto/],
    ['no end marker', (b: Buffer) => b.subarray(0, b.length - 1024), /incompleto/],
  ])('refuses %s', async (_label, damage, message) => {
    await expect(read(damage(Buffer.from(archive(sample))), 512)).rejects.toThrow(message);
  });

  it('refuses links and other entry kinds', () => {
    const h = tarHeader({ name: 'enlace', type: 'file', mode: 0o600, size: 0 });
    h.write('2', 156, 1, 'ascii');
    h.write('        ', 148, 8, 'ascii');
    let sum = 0;
    for (const b of h) sum += b;
    h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
    expect(() => parseTarHeader(h)).toThrow(/ni carpeta: enlace/);
  });
});
