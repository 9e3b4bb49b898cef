/**
 * Documents a screen follows live (the status stream) and also reads at once now and then (when the
 * stream starts listening, when a batch has been sent). A read answers what the service had when it
 * set out; the stream may bring a later change before that answer arrives. `StatusReads` numbers the
 * stream's changes so an older read never overwrites a newer status (a document shown «Firmado» again
 * after the stream said «Procesado», and never updated again).
 */
export class StatusReads {
  private seq = 0;
  private readonly changedAt = new Map<string, number>();

  /** The stream changed document `id`. */
  changed(id: string): void {
    this.changedAt.set(id, ++this.seq);
  }

  /** A read sets out: the mark its answer is compared with. */
  mark(): number {
    return this.seq;
  }

  /** The rows with the read's statuses, except for documents the stream changed after `mark`. */
  apply<V extends { id: string | null; status: string; controlNumber: string | null }>(
    rows: ReadonlyMap<string, V>,
    read: ReadonlyMap<string, { status: string; controlNumber: string | null }>,
    mark: number,
  ): Map<string, V> {
    const out = new Map(rows);
    for (const [key, v] of rows) {
      const got = v.id ? read.get(v.id) : undefined;
      if (!got || (this.changedAt.get(v.id!) ?? 0) > mark) continue;
      out.set(key, { ...v, status: got.status, controlNumber: got.controlNumber ?? v.controlNumber });
    }
    return out;
  }
}
