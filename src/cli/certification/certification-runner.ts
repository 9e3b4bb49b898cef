/**
 * Drives one certification battery to MH's minimums (issue "battery", decisions "Pinned names"): the
 * documents of every type, then invalidations, returns, special-operations events and declared
 * contingency episodes. Every item is recorded before its request and after its answer, and every
 * request carries an Idempotency-Key derived from the run and the item, so a rerun after an
 * interruption continues where it stopped and never issues a sale twice.
 */
import {
  COUNT_KEYS, DOCUMENT_MINIMUMS, DOCUMENTS_PER_CONTINGENCY, EVENT_MINIMUMS, REJECTION_ALLOWANCE, idempotencyKey, itemKey, target, type CountKey,
} from '../../domain/certification/battery-plan';
import { batteryBody, invalidationBody, plainSaleBody, returnBody, specialOperationBody, type BodyContext, type RelatedCcf } from '../../domain/certification/battery-bodies';
import { FINAL_STATUSES, isOneOf } from '../../domain/documents';
import { localDateOf } from '../../domain/mh-rules/el-salvador-time';
import type { CertificationItem, CertificationRun, CertificationRunsService } from '../../services/certification/certification-runs.service';
import type { DeclareContingencyService } from '../../services/contingency/declare-contingency.service';
import type { EndDeclaredContingencyService } from '../../services/contingency/end-declared-contingency.service';
import type { BatteryRestClient, RestAnswer } from './battery-rest-client';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- REST request and answer bodies are untyped JSON here; the service validates them

export interface RunnerDeps {
  runs: CertificationRunsService;
  declareContingency: DeclareContingencyService;
  endDeclaredContingency: EndDeclaredContingencyService;
  api: BatteryRestClient;
  run: CertificationRun;
  /** The run's El Salvador date. */
  today: string;
  progress: (line: string) => void;
  concurrency: number;
  /** Waits between polls of a pending answer. */
  wait: (ms: number) => Promise<void>;
  /** How long an item may stay without MH's final answer before the run stops (a rerun continues it). */
  settleTimeoutMs: number;
}

const POLL_MS = 500;

export class CertificationRunner {
  private readonly items = new Map<string, CertificationItem>();
  private ctx!: BodyContext;
  private readonly ccfDates = new Map<string, string>();

  constructor(private readonly deps: RunnerDeps) {}

  async execute(): Promise<CertificationItem[]> {
    for (const i of await this.deps.runs.items(this.deps.run.id)) this.items.set(i.key, i);
    this.ctx = await this.bodyContext();
    for (const type of Object.keys(DOCUMENT_MINIMUMS)) await this.fill(type as CountKey, (k) => this.documentItem(type, k));
    await this.fill('invalidation', (k) => this.invalidationItem(k));
    await this.fill('return', (k, o) => this.returnItem(k, o));
    await this.fill('special_operation', (k) => this.specialOperationItem(k));
    await this.fill('contingency', (k) => this.contingencyItem(k), 1);
    return [...this.items.values()];
  }

  private async bodyContext(): Promise<BodyContext> {
    const { run, api } = this.deps;
    const list = await api.get(`/v1/emitters/${run.emitterId}/establishments`);
    const est = (list.data as Json[]).find((e) => e.active && (e.points_of_sale as Json[]).some((p) => p.active));
    if (!est) throw new Error('El emisor no tiene un establecimiento activo con un punto de venta activo.');
    const pos = (est.points_of_sale as Json[]).find((p) => p.active)!;
    return { emitterId: run.emitterId, establishment: est.code, pointOfSale: pos.code, today: this.deps.today, externalPrefix: `CERT-${run.id.slice(-10)}` };
  }

  /**
   * Issues items of a count until MH processed its target. Items left pending by an interrupted run
   * come first (same keys); a rejected item is replaced by a new one, up to REJECTION_ALLOWANCE
   * rejections per invocation.
   */
  private async fill(key: CountKey, runItem: (item: string, ordinal: number) => Promise<void>, concurrency = this.deps.concurrency): Promise<void> {
    const goal = target(key, this.deps.run.sampleLimit);
    const mineOf = () => [...this.items.values()].filter((i) => this.countOf(i) === key);
    const rejectedAtStart = mineOf().filter((i) => i.status === 'rejected').length;
    for (;;) {
      const mine = mineOf();
      const processed = mine.filter((i) => i.status === 'processed').length;
      const rejected = mine.filter((i) => i.status === 'rejected').length;
      if (processed >= goal) break;
      if (rejected - rejectedAtStart >= REJECTION_ALLOWANCE) {
        this.deps.progress(`${key}: ${processed}/${goal} procesados; se detiene tras ${REJECTION_ALLOWANCE} rechazos (vea el informe).`);
        break;
      }
      const ordinals = mine.map((i) => Number(i.key.slice(-3)));
      const open = mine.filter((i) => i.status === 'pending').map((i) => Number(i.key.slice(-3))).sort((x, y) => x - y);
      for (let o = Math.max(0, ...ordinals) + 1; open.length < goal - processed; o++) open.push(o);
      const lines = new OrderedProgress(this.deps.progress, key, goal, processed, open);
      let next = 0;
      let failure: { item: string; error: unknown } | null = null;
      const worker = async () => {
        // After one item failed no other starts: the command reports that failure once the items
        // already in flight have finished, never while they still talk to the service it is closing.
        while (next < open.length && !failure) {
          const index = next++;
          const o = open[index];
          try {
            await runItem(itemKey(key, o), o);
          } catch (error) {
            failure ??= { item: itemKey(key, o), error };
            return;
          }
          lines.finished(index, this.items.get(itemKey(key, o))?.status ?? '');
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, open.length) }, worker));
      if (failure) throw new BatteryItemError((failure as { item: string }).item, (failure as { error: unknown }).error);
    }
  }

  /** The count an item belongs to. */
  countOf(i: CertificationItem): CountKey | null {
    if (i.kind === 'document') return i.documentType as CountKey;
    if (i.kind === 'held') return null;
    return i.kind as CountKey;
  }

  private async save(item: CertificationItem): Promise<void> {
    this.items.set(item.key, item);
    await this.deps.runs.save(this.deps.run.id, item);
  }

  // ── documents ──────────────────────────────────────────────────────────────────────────────────

  private async documentItem(type: string, key: string): Promise<void> {
    const existing = this.items.get(key);
    const item: CertificationItem = existing ?? { key, kind: 'document', documentType: type, status: 'pending', resourceId: null, generationCode: null, seal: null, mhResponse: null };
    const related = type === '05' || type === '06' ? await this.relatedCcf(key) : undefined;
    const doc = await this.issueOnce(item, batteryBody(type, key, this.ctx, related));
    await this.settleDocument(item, doc);
  }

  /** NC and ND adjust the run's processed CCFs in turn (the same CCF for the same item on every rerun). */
  private async relatedCcf(key: string): Promise<RelatedCcf> {
    const ccfs = [...this.items.values()].filter((i) => i.kind === 'document' && i.documentType === '03' && i.status === 'processed').sort((a, b) => a.key.localeCompare(b.key));
    if (!ccfs.length) throw new Error('No hay CCF procesados en la batería para relacionar las notas.');
    const ordinal = Number(key.slice(-3));
    const ccf = ccfs[(ordinal - 1) % ccfs.length];
    let issuedOn = this.ccfDates.get(ccf.resourceId!);
    if (!issuedOn) {
      issuedOn = localDateOf((await this.deps.api.get(`/v1/documents/${ccf.resourceId}`)).issued_at as string);
      this.ccfDates.set(ccf.resourceId!, issuedOn);
    }
    return { generationCode: ccf.generationCode!, issuedOn };
  }

  /**
   * POST /v1/documents once for an item: recorded as pending first; a rerun finds the document by its
   * external_id (or the Idempotency-Key answers the first result) instead of issuing another.
   */
  private async issueOnce(item: CertificationItem, body: Json, step = 'issue'): Promise<Json> {
    if (item.resourceId) return this.deps.api.get(`/v1/documents/${item.resourceId}`);
    // Recorded before an interrupted request: the document may exist.
    if (this.items.has(item.key)) {
      const found = await this.findByExternalId(body.external_id as string);
      if (found) return found;
    }
    await this.save(item);
    const r = await this.deps.api.call('POST', '/v1/documents?mode=sync', body, idempotencyKey(this.deps.run.id, item.key, step));
    if (r.status === 409 && r.body.code === 'idempotency_key_reused') {
      const again = await this.findByExternalId(body.external_id as string);
      if (again) return again;
    }
    if (r.status >= 400) {
      await this.save({ ...item, status: 'rejected', mhResponse: refusal(r) });
      return {};
    }
    return r.body;
  }

  private async findByExternalId(externalId: string): Promise<Json | null> {
    const list = await this.deps.api.get(`/v1/documents?emitter_id=${encodeURIComponent(this.deps.run.emitterId)}&external_id=${encodeURIComponent(externalId)}&limit=1`);
    const doc = (list.data as Json[])[0];
    return doc ? this.deps.api.get(`/v1/documents/${doc.id}`) : null;
  }

  /** Waits for MH's final answer on a document and records it. */
  private async settleDocument(item: CertificationItem, first: Json): Promise<Json | null> {
    if (!first.id) return null;
    let doc = first;
    await this.save({ ...this.items.get(item.key)!, resourceId: doc.id, generationCode: doc.generation_code });
    const deadline = Date.now() + this.deps.settleTimeoutMs;
    while (!isOneOf(doc.status, FINAL_STATUSES)) {
      if (Date.now() > deadline) throw new Error(`${item.key}: el documento ${doc.id} sigue ${doc.status}; vuelva a ejecutar la batería para continuarla.`);
      await this.deps.wait(POLL_MS);
      doc = await this.deps.api.get(`/v1/documents/${doc.id}`);
    }
    const current = this.items.get(item.key)!;
    if (current.kind === 'document' || current.kind === 'held') {
      await this.save({
        ...current, status: doc.status === 'rejected' ? 'rejected' : 'processed', generationCode: doc.generation_code, seal: doc.reception_stamp,
        mhResponse: doc.status === 'rejected' ? doc.mh_response : null,
      });
    }
    return doc;
  }

  // ── invalidations ──────────────────────────────────────────────────────────────────────────────

  private async invalidationItem(key: string): Promise<void> {
    const item: CertificationItem = this.items.get(key) ?? { key, kind: 'invalidation', documentType: '01', status: 'pending', resourceId: null, generationCode: null, seal: null, mhResponse: null };
    const first = await this.issueOnce(item, plainSaleBody(key, this.ctx));
    if (!first.id) return;
    await this.save({ ...this.items.get(key)!, resourceId: first.id, generationCode: first.generation_code });
    let doc = await this.settleDocument(item, first);
    if (!doc) return;
    if (doc.status === 'rejected') {
      await this.save({ ...this.items.get(key)!, status: 'rejected', mhResponse: doc.mh_response });
      return;
    }
    if (doc.status === 'processed' && (!doc.void || doc.void.status === 'rejected')) {
      const r = await this.deps.api.call('POST', `/v1/documents/${doc.id}/invalidate`, invalidationBody(key), idempotencyKey(this.deps.run.id, key, 'invalidate'));
      if (r.status >= 400) {
        await this.save({ ...this.items.get(key)!, status: 'rejected', mhResponse: r.body.mh ? { code: r.body.mh.codigoMsg, message: r.body.mh.descripcionMsg, observations: r.body.mh.observaciones ?? [] } : refusal(r) });
        return;
      }
      doc = r.body;
    }
    const deadline = Date.now() + this.deps.settleTimeoutMs;
    while (doc!.status !== 'voided' && doc!.void?.status !== 'rejected') {
      if (Date.now() > deadline) throw new Error(`${key}: la invalidación de ${first.id} sigue pendiente; vuelva a ejecutar la batería para continuarla.`);
      await this.deps.wait(POLL_MS);
      doc = await this.deps.api.get(`/v1/documents/${first.id}`);
    }
    await this.save({
      ...this.items.get(key)!, status: doc!.status === 'voided' ? 'processed' : 'rejected', seal: doc!.void?.reception_stamp ?? null,
      mhResponse: doc!.status === 'voided' ? null : doc!.void?.mh_response ?? null,
    });
  }

  // ── 2026 events ────────────────────────────────────────────────────────────────────────────────

  private async returnItem(key: string, ordinal: number): Promise<void> {
    const fes = [...this.items.values()].filter((i) => i.kind === 'document' && i.documentType === '01' && i.status === 'processed').sort((a, b) => a.key.localeCompare(b.key));
    if (!fes.length) throw new Error('No hay facturas procesadas en la batería para las devoluciones.');
    const fe = fes[(ordinal - 1) % fes.length];
    await this.eventItem(key, 'return', `/v1/documents/${fe.resourceId}/returns`, returnBody(key, this.ctx), (id) => `/v1/documents/${fe.resourceId}/returns/${id}`);
  }

  private async specialOperationItem(key: string): Promise<void> {
    const base = `/v1/emitters/${this.deps.run.emitterId}/special-operations`;
    await this.eventItem(key, 'special_operation', base, specialOperationBody(key, this.ctx), (id) => `${base}/${id}`);
  }

  private async eventItem(key: string, kind: 'return' | 'special_operation', path: string, body: Json, one: (id: string) => string): Promise<void> {
    const item: CertificationItem = this.items.get(key) ?? { key, kind, documentType: kind === 'return' ? '18' : '17', status: 'pending', resourceId: null, generationCode: null, seal: null, mhResponse: null };
    let event: Json;
    if (item.resourceId) event = await this.deps.api.get(one(item.resourceId));
    else {
      await this.save(item);
      let r = await this.deps.api.call('POST', path, body, idempotencyKey(this.deps.run.id, key));
      if (r.status === 409 && r.body.code === 'idempotency_key_reused') {
        const list = await this.deps.api.get(`${path}?limit=100`);
        const found = (list.data as Json[]).find((e) => e.external_id === body.external_id);
        if (found) r = { status: 200, body: found };
      }
      if (r.status >= 400) {
        await this.save({ ...item, status: 'rejected', mhResponse: refusal(r) });
        return;
      }
      event = r.body;
      await this.save({ ...item, resourceId: event.id, generationCode: event.generation_code });
    }
    const deadline = Date.now() + this.deps.settleTimeoutMs;
    while (event.status === 'pending') {
      if (Date.now() > deadline) throw new Error(`${key}: el evento ${event.id} sigue pendiente; vuelva a ejecutar la batería para continuarla.`);
      await this.deps.wait(POLL_MS);
      event = await this.deps.api.get(one(event.id));
    }
    await this.save({
      ...this.items.get(key)!, resourceId: event.id, generationCode: event.generation_code, status: event.status === 'sealed' ? 'processed' : 'rejected',
      seal: event.reception_stamp ?? null, mhResponse: event.status === 'sealed' ? null : event.mh_response,
    });
  }

  // ── declared contingency ───────────────────────────────────────────────────────────────────────

  /**
   * One contingency event: declare the episode, issue FEs that are held back in it, end it, and wait
   * while recovery sends the event and the lote. Runs alone: while it is open, every document of the
   * emitter in this environment is held.
   */
  private async contingencyItem(key: string): Promise<void> {
    const { run } = this.deps;
    let item: CertificationItem = this.items.get(key) ?? { key, kind: 'contingency', documentType: null, status: 'pending', resourceId: null, generationCode: null, seal: null, mhResponse: null };
    if (!item.resourceId) {
      await this.save(item);
      const { episodeId } = await this.deps.declareContingency.execute({
        emitterId: run.emitterId, environment: run.environment, reason: `Batería de certificación ${run.id}: documentos retenidos a propósito (${key})`,
      });
      item = { ...item, resourceId: episodeId };
      await this.save(item);
    }
    let episode = await this.deps.runs.episode(item.resourceId!);
    if (!episode) throw new Error(`${key}: no se encontró la contingencia ${item.resourceId}.`);
    if (episode.status === 'open') {
      for (let d = 1; d <= DOCUMENTS_PER_CONTINGENCY; d++) {
        const docKey = `${key}-doc-${d}`;
        const held: CertificationItem = this.items.get(docKey) ?? { key: docKey, kind: 'held', documentType: '01', status: 'pending', resourceId: null, generationCode: null, seal: null, mhResponse: null };
        const doc = await this.issueOnce(held, plainSaleBody(docKey, this.ctx));
        if (doc.id) await this.save({ ...this.items.get(docKey)!, resourceId: doc.id, generationCode: doc.generation_code });
      }
      await this.deps.endDeclaredContingency.execute({ episodeId: item.resourceId! });
    }
    const deadline = Date.now() + this.deps.settleTimeoutMs;
    while (episode!.status === 'open' || episode!.status === 'recovering') {
      if (Date.now() > deadline) throw new Error(`${key}: la contingencia ${item.resourceId} sigue ${episode!.status} (${episode!.lastError ?? 'sin error'}); vuelva a ejecutar la batería para continuarla.`);
      await this.deps.wait(POLL_MS);
      episode = await this.deps.runs.episode(item.resourceId!);
    }
    const accepted = episode!.eventStatus === 'accepted';
    // A refused event leaves its documents held: nothing more will happen to them, so no wait.
    if (accepted) {
      for (const held of [...this.items.values()].filter((i) => i.kind === 'held' && i.key.startsWith(`${key}-`) && i.resourceId)) {
        await this.settleDocument(held, await this.deps.api.get(`/v1/documents/${held.resourceId}`));
      }
    }
    await this.save({
      ...this.items.get(key)!, status: accepted ? 'processed' : 'rejected', generationCode: episode!.eventGenerationCode, seal: episode!.eventSeal,
      mhResponse: accepted ? null : { code: null, message: episode!.lastError ?? `contingencia ${episode!.status}`, observations: [] },
    });
  }
}

/** An item of the battery stopped the run: which one, and why (the cause kept for the CLI's message). */
export class BatteryItemError extends Error {
  constructor(
    readonly item: string,
    override readonly cause: unknown,
  ) {
    super(`La batería se detuvo en ${item}; vuelva a ejecutarla para continuarla`);
    this.name = 'BatteryItemError';
  }
}

/**
 * The progress lines of one round of a count, in item order: items finish out of order when several
 * are in flight, so a finished item's line waits until every item started before it has printed its
 * own. Keys and the processed counter then only go up (`05  16/50  05-016 processed` before
 * `05  17/50  05-017 processed`, whichever finished first).
 */
export class OrderedProgress {
  private readonly statuses = new Map<number, string>();
  private printed = 0;
  private processed: number;

  constructor(
    private readonly print: (line: string) => void,
    private readonly key: CountKey,
    private readonly goal: number,
    processedBefore: number,
    private readonly ordinals: readonly number[],
  ) {
    this.processed = processedBefore;
  }

  /** The item at `index` of the round's ordinals finished with `status`; prints every line now due. */
  finished(index: number, status: string): void {
    this.statuses.set(index, status);
    while (this.statuses.has(this.printed)) {
      const done = this.statuses.get(this.printed)!;
      if (done === 'processed') this.processed++;
      this.print(`${this.key.padEnd(17)} ${String(this.processed).padStart(3)}/${this.goal}  ${itemKey(this.key, this.ordinals[this.printed])} ${done}`);
      this.statuses.delete(this.printed);
      this.printed++;
    }
  }
}

function refusal(r: RestAnswer): CertificationItem['mhResponse'] {
  const errors = Array.isArray(r.body.errors) ? (r.body.errors as Json[]).map((e) => `${e.field ?? e.path ?? ''}: ${e.message}`) : [];
  return { code: String(r.body.code ?? r.status), message: `Rechazado por el servicio (${r.status}): ${r.body.detail ?? r.body.title ?? ''}`, observations: errors };
}

/** The report's `counts`: what MH processed, per type and per event. */
export function countsOf(items: CertificationItem[]): Record<CountKey, number> {
  const counts = Object.fromEntries(COUNT_KEYS.map((k) => [k, 0])) as Record<CountKey, number>;
  for (const i of items) {
    if (i.status !== 'processed') continue;
    if (i.kind === 'document' && i.documentType && i.documentType in counts) counts[i.documentType as CountKey]++;
    else if (i.kind in EVENT_MINIMUMS) counts[i.kind as CountKey]++;
  }
  return counts;
}
