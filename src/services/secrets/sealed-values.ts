import { accountEmailAad } from '../identity/account-email-outbox';
import { totpAad } from '../identity/second-factor-store';
import { previousSecretAad, secretAad } from '../webhooks/webhook-secrets';

/**
 * Every column that holds a value sealed with the master key, with the context (AAD) it was sealed
 * under: what a master-key rotation re-seals. A test checks this list against the schema (every
 * column whose name has the word `sealed`), so a new sealed column cannot be forgotten.
 */
export interface SealedColumn {
  table: string;
  column: string;
  /** The table's primary key (default `id`). */
  idColumn?: string;
  /** The AAD of a row (its other columns, as read), or undefined when sealed without one. */
  aad(row: Record<string, string>): string | undefined;
  /** Columns `aad` reads besides `id`. */
  context?: string[];
  /** The sealed value is binary (a private key): re-sealed as bytes. */
  binary?: boolean;
  /** A column of JSON whose `sealed*` fields are sealed (service settings). */
  jsonFields?: boolean;
}

const credential = (suffix: string) => (r: Record<string, string>) => `emitter:${r.emitter_id}:${r.environment}:${suffix}`;

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'emitter_credentials', column: 'sealed_private_key', aad: credential('private-key'), context: ['emitter_id', 'environment'], binary: true },
  { table: 'emitter_credentials', column: 'sealed_key_password', aad: credential('key-password'), context: ['emitter_id', 'environment'] },
  { table: 'emitter_credentials', column: 'sealed_mh_password', aad: credential('mh-password'), context: ['emitter_id', 'environment'] },
  { table: 'webhook_endpoints', column: 'secret_sealed', aad: (r) => secretAad(r.id) },
  { table: 'webhook_endpoints', column: 'previous_secret_sealed', aad: (r) => previousSecretAad(r.id) },
  { table: 'account_emails', column: 'sealed_message', aad: (r) => accountEmailAad(r.id) },
  { table: 'users', column: 'totp_sealed_secret', aad: (r) => totpAad(r.id) },
  { table: 'users', column: 'totp_pending_sealed_secret', aad: (r) => totpAad(r.id) },
  { table: 'idempotency_records', column: 'response_body', aad: (r) => `idempotency:${r.id}` },
  // The embedded default's demo key and password: JSON with `sealedKey` / `sealedPassword`, no AAD.
  { table: 'service_settings', column: 'value', idColumn: 'key', aad: () => undefined, jsonFields: true },
];
