/**
 * A streaming ZIP writer (archiver's `zip`) whose headers are written whole. archiver 5.3 (its
 * compress-commons 4.1 output stream) writes each header field by field: some fifteen writes of 2 to
 * 8 bytes per local header and twenty per central-directory record, and the central directory in one
 * synchronous loop at finalize. Every write is a Buffer plus the stream's write request, queued until
 * the sink takes it: a 30,000-entry period archive queued ~600,000 of them (≈ 340 MB of heap) in the
 * last second of its run. Here each local header and data descriptor is gathered into one Buffer, and
 * the central directory into Buffers of FLUSH_BYTES: the same bytes in the same order, a write per
 * header instead of twenty. The internals it relies on are those of the pinned archiver (checked:
 * when a method is missing the writer is left as archiver made it).
 */
import type { Archiver, ArchiverOptions } from 'archiver';
import { archiver } from '../shared/lazy-library';

/** The central directory is handed on in pieces of this size. */
const FLUSH_BYTES = 64 * 1024;

/** The header writers of compress-commons's ZipArchiveOutputStream that gather their writes. */
const HEADER_WRITERS = ['_writeLocalFileHeader', '_writeDataDescriptor', '_writeCentralFileHeader', '_writeCentralDirectoryZip64', '_writeCentralDirectoryEnd'] as const;

type HeaderWriter = (typeof HEADER_WRITERS)[number];

type ZipOutputStream = Record<HeaderWriter, (...args: unknown[]) => void> & {
  offset: number;
  write(chunk: unknown, cb?: unknown): boolean;
};

function isZipOutputStream(m: unknown): m is ZipOutputStream {
  const s = m as Partial<ZipOutputStream> | undefined;
  return !!s && typeof s.write === 'function' && typeof s.offset === 'number' && HEADER_WRITERS.every((n) => typeof s[n] === 'function');
}

/** A new ZIP stream (`zlib` options as archiver takes them), its headers written whole. */
export function createZip(options: ArchiverOptions): Archiver {
  const zip = archiver()('zip', options);
  // archiver's zip plugin (`_module`) holds the zip-stream output stream as its `engine`.
  const stream = (zip as unknown as { _module?: { engine?: unknown } })._module?.engine;
  if (isZipOutputStream(stream)) gatherHeaderWrites(stream);
  return zip;
}

function gatherHeaderWrites(stream: ZipOutputStream): void {
  const write = stream.write;
  let parts: Buffer[] = [];
  let bytes = 0;
  // The stream's `offset` counts what was written; headers read it, so it moves as each part is gathered.
  const gather = (chunk: unknown): boolean => {
    if (chunk == null) return true;
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    parts.push(b);
    bytes += b.length;
    stream.offset += b.length;
    return true;
  };
  const flush = () => {
    if (!bytes) return;
    const whole = parts.length === 1 ? parts[0]! : Buffer.concat(parts, bytes);
    parts = [];
    bytes = 0;
    stream.offset -= whole.length; // counted again by the stream's own write
    write.call(stream, whole);
  };
  for (const name of HEADER_WRITERS) {
    const original = stream[name];
    // Central-directory records accumulate; every other header (and the directory's end) goes out whole.
    const keepsGathering = name === '_writeCentralFileHeader';
    stream[name] = function (this: ZipOutputStream, ...args: unknown[]) {
      this.write = gather;
      try {
        original.apply(this, args);
      } finally {
        this.write = write;
      }
      if (!keepsGathering || bytes >= FLUSH_BYTES) flush();
    };
  }
}
