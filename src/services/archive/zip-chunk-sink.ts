import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';

/**
 * Where an archive's ZIP is written as it is produced: the bytes are cut into pieces of `pieceBytes`
 * and each is handed to `store` (which waits for the database) before more is accepted — so memory
 * holds at most one piece plus the stream's buffer. Counts the size and the SHA-256 on the way.
 */
export class ZipChunkSink extends Writable {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private n = 0;
  private readonly hash = createHash('sha256');
  size = 0;

  constructor(
    private readonly pieceBytes: number,
    private readonly store: (n: number, piece: Buffer) => Promise<void>,
  ) {
    super({ highWaterMark: 256 * 1024 });
  }

  get sha256(): string {
    return this.hash.copy().digest('hex');
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < this.pieceBytes) return done();
    this.flushPieces(false).then(() => done(), done);
  }

  override _final(done: (err?: Error | null) => void): void {
    this.flushPieces(true).then(() => done(), done);
  }

  private async flushPieces(all: boolean): Promise<void> {
    let buf = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    while (buf.length >= this.pieceBytes || (all && buf.length > 0)) {
      const piece = buf.subarray(0, Math.min(this.pieceBytes, buf.length));
      await this.store(this.n++, Buffer.from(piece));
      buf = buf.subarray(piece.length);
    }
    if (buf.length) {
      this.pending = [Buffer.from(buf)];
      this.pendingBytes = buf.length;
    }
  }
}
