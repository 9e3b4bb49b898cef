import type { CredentialStatus } from '../credentials/credential-status';
import type { Issuer } from '../documents/issuance-context';
import type { DirectoryReference } from '../documents/issuance-references';
import type { EmitterChanges } from '../ports/emitter-changes.port';
import { NoticeCache } from '../shared/notice-cache';
import type { EmitterRecord } from './emitter-view';

/** An entry is read again after this long even without a notice (a safety net, not the mechanism). */
export const EMITTER_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * What this process read of its issuers, so a sealed document and `GET /v1/emitters/{id}` do not read
 * them again (ADR 0017): the issuer as issuance reads it (emitter, establishment and point of sale,
 * credential, open contingency episode), the emitter's view and credential statuses, and the customers
 * and products issuance by reference names (ADR 0092). Every entry of
 * an emitter is dropped when the issuer or directory tables' triggers notify a change to it (any process, the CLI,
 * SQL) and, for changes this process makes, at once by the service that made them (`forget`), so a
 * request that follows a change in the same process never reads the old value.
 */
export class EmitterCaches {
  readonly issuers: NoticeCache<Issuer>;
  readonly views: NoticeCache<EmitterRecord>;
  readonly credentials: NoticeCache<CredentialStatus[]>;
  /** The emitter's customers and products as issuance by reference reads them, one entry each. */
  readonly references: NoticeCache<DirectoryReference>;

  constructor(changes: EmitterChanges, now?: () => number) {
    const opts = { ttlMs: EMITTER_CACHE_TTL_MS, maxEntries: MAX_ENTRIES };
    this.issuers = new NoticeCache<Issuer>(changes, opts, now);
    this.views = new NoticeCache<EmitterRecord>(changes, opts, now);
    this.credentials = new NoticeCache<CredentialStatus[]>(changes, opts, now);
    this.references = new NoticeCache<DirectoryReference>(changes, opts, now);
  }

  /** After this process committed a change to the emitter (its row, places, credentials or contingency) or its directory. */
  forget(emitterId: string): void {
    this.issuers.forget(emitterId);
    this.views.forget(emitterId);
    this.credentials.forget(emitterId);
    this.references.forget(emitterId);
  }
}
