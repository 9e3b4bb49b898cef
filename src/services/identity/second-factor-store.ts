import type { EntityManager } from '@mikro-orm/core';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { matchTotp, newRecoveryCodes, recoveryCodeHash } from '../../integrations/crypto/totp';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';

/** Binds a sealed TOTP secret to its user: a secret copied onto another user does not open. */
export const totpAad = (userId: string) => `totp:${userId}`;

export interface TotpUserRow {
  id: string;
  account_id: string;
  email: string;
  password_hash: string | null;
  totp_sealed_secret: string | null;
  totp_pending_sealed_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: string | null;
}

export async function totpUser(em: EntityManager, userId: string, lock = false): Promise<TotpUserRow | undefined> {
  return (
    await sql<TotpUserRow>(
      em,
      `select id, account_id, email, password_hash, totp_sealed_secret, totp_pending_sealed_secret, totp_enabled_at, totp_last_step from users where id = ?${lock ? ' for update' : ''}`,
      [userId],
    )
  )[0];
}

/**
 * Checks a six-digit code against the user's enabled secret (or the pending one being enrolled) and,
 * when it matches a step later than the last one accepted, records that step: a code works once.
 */
export async function acceptTotpCode(deps: ServiceDeps, tx: EntityManager, user: TotpUserRow, code: unknown, which: 'enabled' | 'pending', now: Date): Promise<boolean> {
  const sealed = which === 'enabled' ? user.totp_sealed_secret : user.totp_pending_sealed_secret;
  if (!sealed || typeof code !== 'string') return false;
  const step = matchTotp(deps.secrets.openText(sealed, totpAad(user.id)), code.replace(/\s/g, ''), now.getTime());
  if (step === null || (user.totp_last_step !== null && BigInt(step) <= BigInt(user.totp_last_step))) return false;
  await sql(tx, 'update users set totp_last_step = ? where id = ?', [String(step), user.id]);
  return true;
}

/** Spends one unused recovery code of the user; false when it is not one (or was used). */
export async function spendRecoveryCode(tx: EntityManager, userId: string, code: unknown, now: Date): Promise<boolean> {
  if (typeof code !== 'string' || code.length > 64) return false;
  const rows = await sql<{ id: string }>(tx, 'update user_recovery_codes set used_at = ? where user_id = ? and code_hash = ? and used_at is null returning id', [now, userId, recoveryCodeHash(code)]);
  return rows.length === 1;
}

/** Replaces the user's recovery codes with ten new ones; returns them (shown once). */
export async function replaceRecoveryCodes(tx: EntityManager, userId: string, now: Date): Promise<string[]> {
  await sql(tx, 'delete from user_recovery_codes where user_id = ?', [userId]);
  const codes = newRecoveryCodes();
  for (const code of codes) {
    await sql(tx, 'insert into user_recovery_codes (id, user_id, code_hash, created_at) values (?, ?, ?, ?)', [newId(IdPrefix.recoveryCode, now.getTime()), userId, recoveryCodeHash(code), now]);
  }
  return codes;
}

export async function recoveryCodesLeft(em: EntityManager, userId: string): Promise<number> {
  return (await sql<{ n: number }>(em, 'select count(*)::int as n from user_recovery_codes where user_id = ? and used_at is null', [userId]))[0].n;
}
