import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { createZip } from '../../integrations/zip/streaming-zip';
import { archiveEntryNames, archiveIndexHeader, archiveIndexLine, periodBounds, type ArchiveIndexDocument } from '../../domain/archive/period-archive-index';
import { toPeriodArchiveView } from './period-archive-access';
import { generateReport, parseReportParams, REPORT_TYPES, reportFileName, writeReportCsv, type ReportType } from '../../domain/fiscal';
import { ARCHIVE_CHUNK_BYTES } from '../../persistence/archives/period-archive-store';
import type { PeriodDocumentsQuery, PeriodIndexRow } from '../../persistence/documents/document-queries';
import type { DocumentPdfRenderer } from '../documents/document-pdf';
import { loadLedger, periodBounds as ledgerBounds } from '../fiscal/load-ledger';
import { insertOutboxEvent } from '../shared/outbox';
import type { ServiceDeps } from '../shared/service-deps';
import { periodArchiveEventData } from './period-archive-event';
import { ZipChunkSink } from './zip-chunk-sink';

/** Documents read (and written to the ZIP) per page: the memory of one run is about one page's PDFs. */
const PAGE = 100;
/** Rows of `indice.csv` read per page (a few hundred bytes each). */
const INDEX_PAGE = 1000;

class LeaseLostError extends Error {
  constructor() {
    super('otra ejecución tomó el archivo del período');
  }
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Builds one queued archive (the `generate-period-archive` job; ADR 0072): one ZIP with each document
 * of the month (its signed JSON exactly as signed — the JWS payload —, the compact JWS MH sealed and
 * the letter PDF), the events touching the month, the month's VAT books and `indice.csv`. The ZIP is
 * streamed into stored pieces as it is produced, a page of documents at a time; progress is kept per
 * page. Safe to run twice: a ready or failed archive is left as it is, a live run's archive is left to
 * it, and a run that lost its lease writes nothing more. `archive.ready` (or `archive.failed`) at the end.
 */
export class GeneratePeriodArchiveService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly pdf: DocumentPdfRenderer,
  ) {}

  async execute(archiveId: string, touch?: () => Promise<void>): Promise<{ status: string }> {
    const store = this.deps.archives;
    const token = randomUUID();
    const lease = () => new Date(this.deps.clock.now().getTime() + this.deps.config.jobLockLifetimeMs);
    const claimed = await store.claim(archiveId, token, lease(), this.deps.clock.now());
    if (!claimed) return { status: (await store.byId(archiveId))?.status ?? 'missing' };
    const bounds = periodBounds(claimed.period)!;
    const q: PeriodDocumentsQuery = { accountId: claimed.account_id, environment: claimed.environment, emitterId: claimed.emitter_id, ...bounds };
    const em = this.deps.orm.em.fork();
    let done = 0;
    try {
      const total = await this.deps.documents.countOfPeriod(em, q);
      const heartbeat = async () => {
        await touch?.();
        if (!(await store.progress(archiveId, token, { done, total }, lease(), this.deps.clock.now()))) throw new LeaseLostError();
      };
      await heartbeat();
      const sink = new ZipChunkSink(ARCHIVE_CHUNK_BYTES, async (n, piece) => {
        if (!(await store.appendChunk(archiveId, token, n, piece))) throw new LeaseLostError();
      });
      const zip = createZip({ zlib: { level: 6 } });
      const written = new Promise<void>((resolve, reject) => {
        sink.on('finish', resolve);
        sink.on('error', reject);
        zip.on('error', reject);
      });
      zip.pipe(sink);
      let entries = 0;
      let queued = 0;
      zip.on('entry', () => {
        entries++;
      });
      // PDFs are compressed already: stored as they are, which spares deflating them again.
      const add = (content: string | Buffer, name: string, store = false) => {
        zip.append(content, { name, date: new Date(claimed.created_at), store });
        queued++;
      };
      // Wait until archiver has taken every queued entry (so a page's buffers can be released).
      const drained = () => new Promise<void>((resolve, reject) => {
        if (entries >= queued) return resolve();
        const onEntry = () => {
          if (entries >= queued) {
            zip.off('entry', onEntry);
            resolve();
          }
        };
        zip.on('entry', onEntry);
        written.catch(reject);
      });

      let after = '';
      for (;;) {
        const page = await this.deps.documents.signedOfPeriod(em, q, after, PAGE);
        if (page.length === 0) break;
        for (const d of page) {
          const ref = { type: d.type, generationCode: d.generation_code };
          add(d.dte_json, archiveEntryNames.signedJson(ref));
          add(d.jws, archiveEntryNames.jws(ref));
          add(await this.pdf.render(d), archiveEntryNames.pdf(ref), true);
        }
        for (const inv of await this.deps.invalidations.ofDocuments(page.map((d) => d.id))) {
          const { event_json: eventJson, ...rest } = inv;
          add(json({ ...rest, event: JSON.parse(eventJson) as unknown }), archiveEntryNames.event('invalidacion', inv.id));
        }
        await drained();
        done += page.length;
        after = page[page.length - 1]!.id;
        await heartbeat();
      }

      for (const ev of await this.deps.dteEvents.ofPeriod(q)) {
        const { event_json: eventJson, ...rest } = ev;
        add(json({ ...rest, event: JSON.parse(eventJson) as unknown }), archiveEntryNames.event(ev.kind === 'return' ? 'devolucion' : 'operacion-especial', ev.id));
      }
      const instants = ledgerBounds(claimed.period);
      for (const ep of await this.deps.contingencies.overlapping({ ...q, from: instants.fromInstant, to: instants.toInstant })) {
        add(json(ep), archiveEntryNames.event('contingencia', String(ep.id)));
      }
      await drained();

      const ledger = await loadLedger(em, this.deps.documents, { emitterId: q.emitterId, environment: q.environment, period: claimed.period });
      const input = { period: claimed.period, documents: ledger.documents, records: ledger.records };
      for (const info of REPORT_TYPES.filter((t) => t.kind === 'book')) {
        const type = info.type as ReportType;
        const params = parseReportParams(type, {});
        if (!params.ok) continue;
        const result = generateReport(type, input, params.value);
        if (!result.ok) continue;
        add(writeReportCsv(type, result.report, result.params as never), archiveEntryNames.book(reportFileName(type, claimed.period, 'csv')));
      }
      await drained();
      await heartbeat();

      // The index: a second pass over the month reading only its columns, so no list of the month is
      // held in memory and no signed JSON is read twice.
      const index = new IndexStream();
      zip.append(index, { name: archiveEntryNames.index, date: new Date(claimed.created_at) });
      index.push(archiveIndexHeader());
      after = '';
      for (;;) {
        const page = await this.deps.documents.indexOfPeriod(em, q, after, INDEX_PAGE);
        if (page.length === 0) break;
        for (const d of page) await index.write(archiveIndexLine(indexRow(d)));
        after = page[page.length - 1]!.id;
      }
      index.push(null);
      await zip.finalize();
      await written;

      const at = this.deps.clock.now();
      const ready = await this.deps.orm.em.fork().transactional(async (tx) => {
        const row = await store.end('finish', archiveId, token, { size: String(sink.size), sha256: sink.sha256, documentsDone: done }, at, tx);
        if (!row) throw new LeaseLostError();
        await insertOutboxEvent(tx, {
          accountId: row.account_id, environment: row.environment, type: 'archive.ready', subjectId: archiveId, data: periodArchiveEventData(toPeriodArchiveView(row)), at,
        });
        return row;
      });
      this.deps.outbox.kick();
      return { status: ready.status };
    } catch (err) {
      if (err instanceof LeaseLostError) {
        this.deps.logger.warn({ archive_id: archiveId }, err.message);
        return { status: (await store.byId(archiveId))?.status ?? 'missing' };
      }
      this.deps.logger.error({ err, archive_id: archiveId }, 'no se pudo generar el archivo del período');
      const at = this.deps.clock.now();
      const message = `No se pudo generar el archivo del período: ${(err as Error).message}`.slice(0, 1000);
      const failed = await this.deps.orm.em.fork().transactional(async (tx) => {
        const row = await store.end('fail', archiveId, token, { error: message, documentsDone: done }, at, tx);
        if (!row) return null;
        await insertOutboxEvent(tx, {
          accountId: row.account_id, environment: row.environment, type: 'archive.failed', subjectId: archiveId, data: periodArchiveEventData(toPeriodArchiveView(row)), at,
        });
        return row;
      });
      if (!failed) return { status: (await store.byId(archiveId))?.status ?? 'missing' };
      this.deps.outbox.kick();
      return { status: 'failed' };
    }
  }
}

/** A document's row of `indice.csv`. */
function indexRow(d: PeriodIndexRow): ArchiveIndexDocument {
  return {
    type: d.type,
    controlNumber: d.control_number,
    generationCode: d.generation_code,
    receptionStamp: d.reception_stamp,
    issueDate: d.issue_date,
    receiverName: d.receiver_name,
    receiverId: d.receiver_document_number,
    totalTaxable: d.subtotal,
    totalTax: d.iva,
    totalToPay: d.total,
    status: d.status,
  };
}

/** The index entry's content, written as the pages are read (waits while the ZIP has not taken what it has). */
class IndexStream extends Readable {
  private waiting: (() => void) | null = null;

  override _read(): void {
    const w = this.waiting;
    this.waiting = null;
    w?.();
  }

  write(line: string): Promise<void> {
    if (this.push(line)) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }
}
