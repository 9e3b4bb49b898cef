import { z } from 'zod';
import type { Environment } from '../../domain/identity/api-key-format';
import { scopesOfRole } from '../../domain/identity/roles';
import { ALL_SCOPES, DEFAULT_SCOPES, hasScope, type Scope } from '../../domain/identity/scopes';
import { parseAllowedIp, type ApiKeyLimits } from '../../domain/identity/api-key-limits';
import { ALL_DTE_TYPES, type AnyDteType } from '../../domain/dte/dte.types';
import { EmitterEntity } from '../../persistence/entities';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import { ApiKeyEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import { revokeKeyInTx } from './api-key-revocation';
import { requirePanelUser } from '../identity/panel-access';
import { linkCreatedResource, resumedResources } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { toApiKeyView, type ApiKeyView } from './api-key-view';
import type { CreateApiKeyService } from './create-api-key.service';

/** Body of `POST /v1/api-keys` (GraphQL `CreateApiKeyInput`). */
export const createAccountApiKeySchema = z.strictObject({
  name: z.string('El nombre es un texto.').trim().min(1, 'Dé un nombre a la llave, para reconocerla en la lista.').max(100, 'El nombre admite hasta 100 caracteres.'),
  scopes: z
    .array(z.enum(ALL_SCOPES, { message: `Permiso desconocido; los permisos son: ${ALL_SCOPES.join(', ')}.` }), '"scopes" es una lista de permisos.')
    .min(1, 'Una llave necesita al menos un permiso.')
    .max(ALL_SCOPES.length)
    .nullish(),
  environment: z.enum(['00', '01'], { message: 'El ambiente es "00" (pruebas) o "01" (producción).' }).nullish(),
  emitterIds: z.array(z.string().max(64), '"emitter_ids" es una lista de ids de emisores.').min(1, 'Sin emisores, omita el campo (la llave opera sobre todos).').max(50).nullish(),
  documentTypes: z
    .array(z.enum(ALL_DTE_TYPES as [AnyDteType, ...AnyDteType[]], { message: `Tipo desconocido; los tipos son: ${ALL_DTE_TYPES.join(', ')}.` }), '"document_types" es una lista de tipos (CAT-002).')
    .min(1, 'Sin tipos, omita el campo (la llave emite todos).')
    .max(ALL_DTE_TYPES.length)
    .nullish(),
  allowedIps: z
    .array(z.string().max(64).refine((v) => parseAllowedIp(v) !== null, { message: 'Debe ser una dirección IP o un rango CIDR (203.0.113.0/24, 2001:db8::/32).' }), '"allowed_ips" es una lista de direcciones o rangos CIDR.')
    .min(1, 'Sin direcciones, omita el campo (la llave vale desde cualquiera).')
    .max(20)
    .nullish(),
  expiresAt: z.iso.datetime({ offset: true, message: 'Debe ser una fecha y hora ISO 8601 (2027-01-31T23:59:59Z).' }).nullish(),
});

export type CreateAccountApiKeyInput = z.infer<typeof createAccountApiKeySchema>;

/** The resource type a creation links to its Idempotency-Key record. */
const API_KEY_RESOURCE = 'api_key';

/**
 * A panel user creates an API key of the account (owner or member; never with an API key). Its
 * scopes stay within the user's role; a `sk_live_` key only from a session in production (`01`).
 * The key itself is in the answer only this once; the audit entry is written in the same transaction.
 *
 * The key is linked to the request's Idempotency-Key record in the same transaction. Its plaintext
 * lives only in the answer, so a retry of a request whose process died cannot show the first key:
 * it revokes the key the dead run created (nobody ever held it) and creates a new one, in one
 * transaction — one live key per request, both steps in the audit log.
 */
export class CreateAccountApiKeyService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly keys: CreateApiKeyService,
  ) {}

  async execute(actor: Actor, body: unknown): Promise<{ key: string; apiKey: ApiKeyView }> {
    const user = requirePanelUser(actor, ['owner', 'member'], 'crear llaves de API');
    const parsed = parseWith(createAccountApiKeySchema, body ?? {});
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const input = parsed.value;
    const environment: Environment = input.environment ?? actor.environment;
    if (environment === '01' && actor.environment !== '01') {
      throw DomainError.field('environment_forbidden', 'environment', 'Una llave de producción (sk_live_) solo se crea con el panel en producción: cambie el ambiente a "01" y vuelva a intentarlo.');
    }
    const allowed = scopesOfRole(user.role);
    const scopes: Scope[] = input.scopes && input.scopes.length ? [...new Set(input.scopes)] : DEFAULT_SCOPES.filter((s) => hasScope(allowed, s));
    const beyond = scopes.findIndex((s) => !hasScope(allowed, s));
    if (beyond >= 0) {
      throw DomainError.field('insufficient_scope', `scopes[${beyond}]`, `Su rol no tiene el permiso "${scopes[beyond]}": una llave no puede tener más permisos que quien la crea.`);
    }
    const now = this.deps.clock.now();
    if (input.expiresAt && new Date(input.expiresAt) <= now) throw DomainError.field('out_of_range', 'expiresAt', 'La fecha de vencimiento ya pasó: elija una futura.');
    const limits: ApiKeyLimits = {
      emitterIds: input.emitterIds ? [...new Set(input.emitterIds)] : null,
      documentTypes: input.documentTypes ? [...new Set(input.documentTypes)] : null,
      allowedIps: input.allowedIps ? [...new Set(input.allowedIps.map((r) => r.trim()))] : null,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    };
    return this.deps.orm.em.fork().transactional(async (tx) => {
      if (limits.emitterIds) {
        const found = new Set((await tx.find(EmitterEntity, { id: { $in: limits.emitterIds }, account: actor.accountId }, { fields: ['id'] })).map((e) => e.id));
        const missing = limits.emitterIds.findIndex((id) => !found.has(id));
        if (missing >= 0) throw DomainError.field('resource_not_found', `emitterIds[${missing}]`, `No existe un emisor de la cuenta con el id ${limits.emitterIds[missing]}.`);
      }
      await this.revokeUndelivered(tx, actor, resumedResources(actor, API_KEY_RESOURCE));
      const created = await this.keys.executeIn(tx, { accountId: actor.accountId, environment, scopes, description: input.name, createdByUserId: user.id, limits });
      await linkCreatedResource(tx, actor, API_KEY_RESOURCE, created.id);
      await recordAudit(tx, created.entity.createdAt, { actor }, {
        accountId: actor.accountId,
        action: 'api_key.created',
        target: { type: 'api_key', id: created.id },
        details: { name: input.name, environment, scopes, prefix: created.entity.displayPrefix, emitter_ids: limits.emitterIds, document_types: limits.documentTypes, allowed_ips: limits.allowedIps, expires_at: limits.expiresAt?.toISOString() ?? null },
      });
      return { key: created.key, apiKey: toApiKeyView(created.entity) };
    });
  }

  /** Revokes the keys earlier runs of this request created and never delivered (a resumed request). */
  private async revokeUndelivered(tx: EntityManager, actor: Actor, ids: string[]): Promise<void> {
    for (const id of ids) {
      const key = await tx.findOne(ApiKeyEntity, { id, account: actor.accountId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!key || key.revokedAt) continue;
      await revokeKeyInTx(tx, key, this.deps.clock.now(), { actor }, 'undelivered');
    }
  }
}
