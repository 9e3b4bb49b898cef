import { createRecurringDocumentSchema } from '../../domain/recurring/recurring-document-input.schema';
import { checkRule, nextOccurrence, type RecurringRule } from '../../domain/recurring/recurring-schedule';
import { localDateOf } from '../../domain/mh-rules/el-salvador-time';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { RecurringDocumentEntity } from '../../persistence/entities';
import type { IssueDocumentService } from '../documents/issue-document.service';
import { linkCreatedResource, resumedResource, resumedResourceGone } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadOwnEmitter } from '../emitters/emitter-access';
import { findOwnRecurring } from './recurring-access';
import { auditRecurring } from './recurring-audit';
import { recurringView, type RecurringDocumentView } from './recurring-view';

const RESOURCE = 'recurring_document';

/** A refusal of the template's dry run, its paths under `template` (a missing emitter stays a plain 404). */
function underTemplate(err: DomainError): DomainError {
  if (err.code === 'resource_not_found' && err.errors.every((e) => e.path === 'emitterId' || e.path === null)) return err;
  return new DomainError(err.code, err.message, err.errors.map((e) => ({ ...e, path: e.path ? `template.${e.path}` : 'template' })), err.extra);
}

/**
 * Creates a recurring document of the caller's account and environment (the key's: a test key's
 * recurring documents issue in `00` only) for one emitter. The template is the issuance body and is
 * validated now by a dry run of the issuance service (nothing stored nor numbered); the schedule by
 * its rule (El Salvador dates, `starts_on` from today). A refusal creates nothing.
 */
export class CreateRecurringDocumentService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly issueDocument: IssueDocumentService,
  ) {}

  async execute(actor: Actor, emitterId: string, input: unknown): Promise<RecurringDocumentView> {
    const resumed = resumedResource(actor, RESOURCE);
    if (resumed) {
      const row = await findOwnRecurring(this.deps.orm.em.fork(), actor, resumed);
      if (!row) throw resumedResourceGone('La factura recurrente');
      return recurringView(row);
    }
    // Another account's (or a limited key's other) emitter answers 404 before the body is judged.
    await loadOwnEmitter(this.deps.orm.em.fork(), actor, emitterId);
    const parsed = parseWith(createRecurringDocumentSchema, input);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const v = parsed.value;
    const { emitterId: templateEmitter, environment: _ignored, ...template } = v.template;
    if (templateEmitter !== emitterId) {
      throw DomainError.field('invalid_value', 'template.emitterId', 'El emisor de la plantilla debe ser el de la ruta (/v1/emitters/{id}/recurring-documents).');
    }
    if (template.raw !== undefined) throw DomainError.field('not_allowed_with_raw', 'template.raw', 'Una factura recurrente no admite "raw": cada emisión arma su propio JSON con su código de generación.');
    if (template.issuedAt !== undefined) throw DomainError.field('invalid_value', 'template.issuedAt', 'Una factura recurrente no admite "issued_at": cada documento se emite con la fecha y hora de su emisión.');
    const now = this.deps.clock.now();
    const rule: RecurringRule = {
      schedule: v.schedule.frequency === 'monthly' ? { frequency: 'monthly', dayOfMonth: v.schedule.dayOfMonth ?? Number.NaN } : { frequency: 'weekly', weekday: v.schedule.weekday ?? Number.NaN },
      startsOn: v.startsOn,
      endsOn: v.endsOn ?? null,
      count: v.count ?? null,
    };
    const ruleErrors = checkRule(rule, localDateOf(now)).map((e) => ({ path: e.path, code: 'invalid_value' as const, message: e.message }));
    if (v.schedule.frequency === 'monthly' && v.schedule.weekday !== undefined) ruleErrors.push({ path: 'schedule.weekday', code: 'invalid_value', message: 'Una periodicidad mensual lleva "day_of_month", no "weekday".' });
    if (v.schedule.frequency === 'weekly' && v.schedule.dayOfMonth !== undefined) ruleErrors.push({ path: 'schedule.dayOfMonth', code: 'invalid_value', message: 'Una periodicidad semanal lleva "weekday", no "day_of_month".' });
    if (ruleErrors.length) throw DomainError.validation(ruleErrors);
    // The template as the issuance would take it today: shape, catalogs, rules, official schema.
    try {
      await this.issueDocument.execute({ ...actor, idempotency: undefined }, { ...template, emitterId }, { dryRun: true });
    } catch (err) {
      if (err instanceof DomainError) throw underTemplate(err);
      throw err;
    }
    const id = newId(IdPrefix.recurringDocument, now.getTime());
    const row = await this.deps.orm.em.fork().transactional(async (tx) => {
      const created = tx.create(RecurringDocumentEntity, {
        id,
        accountId: actor.accountId,
        environment: actor.environment,
        emitterId,
        template: JSON.parse(JSON.stringify(template)) as Record<string, unknown>,
        frequency: rule.schedule.frequency,
        dayOfMonth: rule.schedule.frequency === 'monthly' ? rule.schedule.dayOfMonth : null,
        weekday: rule.schedule.frequency === 'weekly' ? rule.schedule.weekday : null,
        startsOn: rule.startsOn,
        endsOn: rule.endsOn,
        maxCount: rule.count,
        sendEmail: v.sendEmail ?? template.sendEmail ?? false,
        status: 'active',
        nextRunOn: nextOccurrence(rule, null, 0),
        occurrencesCount: 0,
        lastOccurrenceOn: null,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      });
      await tx.flush();
      await auditRecurring(tx, now, actor, 'created', created);
      await linkCreatedResource(tx, actor, RESOURCE, id);
      return created;
    });
    return recurringView(row);
  }
}
