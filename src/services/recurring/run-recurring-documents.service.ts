import { localDateOf } from '../../domain/mh-rules/el-salvador-time';
import { nextOccurrence, occurrenceExternalId, occurrenceIdempotencyKey } from '../../domain/recurring/recurring-schedule';
import { DomainError } from '../../domain/shared/domain-error';
import { statusOf } from '../../domain/shared/error-codes';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { recurringDocumentFailedEventData } from '../../domain/webhooks/recurring-document-event';
import type { RecurringDocumentEntity } from '../../persistence/entities';
import type { IssueDocumentService } from '../documents/issue-document.service';
import { deliverSoon, queueAccountEmail, type QueuedAccountEmail } from '../identity/account-email-outbox';
import type { RunIdempotentRequestService } from '../idempotency/run-idempotent-request.service';
import type { Actor } from '../shared/actor';
import { insertOutboxEvent } from '../shared/outbox';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { ruleOf } from './recurring-access';
import { recurringFailureMail } from './recurring-failure-mail';

interface RecurringRow {
  id: string;
  account_id: string;
  environment: string;
  emitter_id: string;
  template: Record<string, unknown>;
  frequency: string;
  day_of_month: number | null;
  weekday: number | null;
  starts_on: string;
  ends_on: string | null;
  max_count: number | null;
  send_email: boolean;
  next_run_on: string;
  occurrences_count: number;
}

interface OccurrenceRow {
  id: string;
  recurring_id: string;
  occurrence_on: string;
}

type Refusal = { code: string; message: string; errors: { path: string; code: string; message: string }[] };

export interface RecurringRun {
  claimed: number;
  issued: number;
  failed: number;
  /** Occurrences whose issuance another live process still runs (left to it). */
  busy: number;
}

const BATCH = 50;
const EMAIL_DELIVERY_MS = 24 * 3_600_000;

function asRule(r: RecurringRow) {
  return ruleOf({ frequency: r.frequency, dayOfMonth: r.day_of_month, weekday: r.weekday, startsOn: r.starts_on, endsOn: r.ends_on, maxCount: r.max_count } as RecurringDocumentEntity);
}

/**
 * Issues the due occurrences of every active recurring document (ADR 0077), in two steps:
 *
 * 1. Claim: under the recurring document's row lock (`for update skip locked`), its next occurrence
 *    becomes a row of `recurring_occurrences` — unique per (recurring document, date) — and the
 *    schedule moves on, in one transaction. However many workers run, an occurrence exists once.
 * 2. Issue: each claimed occurrence is leased (an atomic update: one taker) and issued through the
 *    issuance service under an Idempotency-Key derived from the recurring document and the date,
 *    in async mode (transmission follows as for any document). A worker killed mid-issuance leaves
 *    the lease to expire; the next one issues under the same key, so the idempotency record answers
 *    the document the dead run committed instead of issuing another (or, if it committed nothing,
 *    issues it now). A refusal is stored under that key too, recorded on the occurrence (`failed`),
 *    announced by the webhook `recurring_document.failed` and an e-mail to the account's owners,
 *    and never tried again.
 *
 * The occurrence's document carries the date in `external_id` (`<template external_id or rec id>-yyyy-MM-dd`).
 */
export class RunRecurringDocumentsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly issueDocument: IssueDocumentService,
    private readonly runIdempotent: RunIdempotentRequestService,
  ) {}

  async execute(): Promise<RecurringRun> {
    const now = this.deps.clock.now();
    const today = localDateOf(now);
    let claimed = 0;
    for (;;) {
      const n = await this.claimDue(today, now);
      claimed += n;
      if (n < BATCH) break;
    }
    const run: RecurringRun = { claimed, issued: 0, failed: 0, busy: 0 };
    for (;;) {
      const leased = await this.leaseIssuing(now);
      for (const o of leased) run[await this.issue(o)]++;
      if (leased.length < BATCH) break;
    }
    return run;
  }

  /** Step 1: one occurrence per due recurring document (a document late by several periods is claimed again by the next round). */
  private async claimDue(today: string, now: Date): Promise<number> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const due = await sql<RecurringRow>(
        tx,
        `select id, account_id, environment, emitter_id, template, frequency, day_of_month, weekday, starts_on, ends_on, max_count, send_email, next_run_on, occurrences_count
           from recurring_documents where status = 'active' and deleted_at is null and next_run_on <= ?
          order by next_run_on, id limit ? for update skip locked`,
        [today, BATCH],
      );
      for (const r of due) {
        await sql(
          tx,
          `insert into recurring_occurrences (id, recurring_id, account_id, environment, occurrence_on, status, attempts, lease_until, created_at, updated_at)
           values (?, ?, ?, ?, ?, 'issuing', 0, null, ?, ?) on conflict (recurring_id, occurrence_on) do nothing`,
          [newId(IdPrefix.recurringOccurrence, now.getTime()), r.id, r.account_id, r.environment, r.next_run_on, now, now],
        );
        const next = nextOccurrence(asRule(r), r.next_run_on, r.occurrences_count + 1);
        await sql(
          tx,
          `update recurring_documents set next_run_on = ?, occurrences_count = occurrences_count + 1, last_occurrence_on = ?, status = ?, updated_at = ? where id = ?`,
          [next, r.next_run_on, next === null ? 'completed' : 'active', now, r.id],
        );
      }
      return due.length;
    });
  }

  /** Step 2's take: occurrences not leased yet, or whose lease ran out (their worker died), one taker each. */
  private async leaseIssuing(now: Date): Promise<OccurrenceRow[]> {
    const until = new Date(now.getTime() + this.deps.config.jobLockLifetimeMs);
    return sql<OccurrenceRow>(
      this.deps.orm.em.fork(),
      `update recurring_occurrences set lease_until = ?, attempts = attempts + 1, updated_at = ?
        where id in (select id from recurring_occurrences where status = 'issuing' and (lease_until is null or lease_until < ?) order by id limit ? for update skip locked)
        returning id, recurring_id, occurrence_on`,
      [until, now, now, BATCH],
    );
  }

  private async issue(o: OccurrenceRow): Promise<'issued' | 'failed' | 'busy'> {
    const em = this.deps.orm.em.fork();
    const [r] = await sql<RecurringRow>(em, 'select id, account_id, environment, emitter_id, template, send_email from recurring_documents where id = ?', [o.recurring_id]);
    // The job acts for the recurring document: its account and environment (the creating key's), nothing more.
    const actor: Actor = { accountId: r.account_id, environment: r.environment as Actor['environment'], scopes: ['documents:write'], keyId: r.id, scheme: 'api_key', user: null };
    const template = r.template as { externalId?: string };
    const body = { ...r.template, emitterId: r.emitter_id, externalId: occurrenceExternalId(template.externalId ?? r.id, o.occurrence_on), sendEmail: r.send_email };
    const outcome = await this.runIdempotent.execute(actor, { key: occurrenceIdempotencyKey(r.id, o.occurrence_on), fingerprint: ['recurring_occurrence', r.id, o.occurrence_on] }, async (a) => {
      try {
        const doc = await this.issueDocument.execute(a, body, { dryRun: false, mode: 'async' });
        return { status: 201, body: JSON.stringify({ documentId: doc.id }), headers: {} };
      } catch (err) {
        // A business refusal is this occurrence's answer for good (stored under its key); anything else (a database outage) is tried again.
        if (err instanceof DomainError && err.code !== 'idempotency_request_in_progress' && statusOf(err.code) < 500) {
          const refusal: Refusal = { code: err.code, message: err.message, errors: err.errors.map((e) => ({ path: e.path ?? '', code: e.code, message: e.message })) };
          return { status: 422, body: JSON.stringify({ refusal }), headers: {} };
        }
        throw err;
      }
    });
    if (outcome.kind !== 'response') {
      if (outcome.kind === 'mismatch') this.deps.logger.error({ occurrence_id: o.id }, 'BUG: Idempotency-Key de una emisión recurrente usado con otra solicitud');
      return 'busy';
    }
    const answer = JSON.parse(outcome.response.body) as { documentId?: string; refusal?: Refusal };
    const now = this.deps.clock.now();
    if (answer.documentId) {
      await sql(em, `update recurring_occurrences set status = 'issued', document_id = ?, lease_until = null, updated_at = ? where id = ? and status = 'issuing'`, [answer.documentId, now, o.id]);
      return 'issued';
    }
    await this.recordRefusal(r, o, answer.refusal!, now);
    return 'failed';
  }

  /** A refused occurrence: `failed` with the refusal, its webhook event and the owners' e-mails, in one transaction (once: only the move out of `issuing` writes them). */
  private async recordRefusal(r: RecurringRow, o: OccurrenceRow, refusal: Refusal, now: Date): Promise<void> {
    const queued: QueuedAccountEmail[] = [];
    const recorded = await this.deps.orm.em.fork().transactional(async (tx) => {
      const [moved] = await sql<{ id: string }>(
        tx,
        `update recurring_occurrences set status = 'failed', error_code = ?, error_message = ?, errors = ?::jsonb, lease_until = null, updated_at = ? where id = ? and status = 'issuing' returning id`,
        [refusal.code, refusal.message, JSON.stringify(refusal.errors), now, o.id],
      );
      if (!moved) return false;
      await insertOutboxEvent(tx, {
        accountId: r.account_id,
        environment: r.environment,
        type: 'recurring_document.failed',
        subjectId: r.id,
        data: recurringDocumentFailedEventData({ id: o.id, recurringDocumentId: r.id, occurrenceOn: o.occurrence_on, error: refusal }, r.emitter_id),
        at: now,
      });
      const [emitter] = await sql<{ name: string }>(tx, 'select name from emitters where id = ?', [r.emitter_id]);
      const owners = await sql<{ id: string; email: string }>(tx, `select id, email from users where account_id = ? and role = 'owner' order by email`, [r.account_id]);
      const panelUrl = `${this.deps.baseUrl().replace(/\/$/, '')}/panel/facturas-recurrentes`;
      for (const owner of owners) {
        const message = recurringFailureMail(this.deps.config.mail.from, owner.email, {
          emitterName: emitter?.name ?? r.emitter_id, environment: r.environment, occurrenceOn: o.occurrence_on, recurringId: r.id, message: refusal.message, errors: refusal.errors, panelUrl,
        });
        queued.push(await queueAccountEmail(this.deps, tx, { accountId: r.account_id, userId: owner.id, kind: 'recurring_failure', message, linkExpiresAt: new Date(now.getTime() + EMAIL_DELIVERY_MS), now }));
      }
      return true;
    });
    if (!recorded) return;
    this.deps.outbox.kick();
    for (const q of queued) deliverSoon(this.deps, q);
    this.deps.logger.warn({ recurring_document_id: r.id, occurrence_on: o.occurrence_on, code: refusal.code }, 'emisión recurrente rechazada; queda registrada y no se reintenta');
  }
}
