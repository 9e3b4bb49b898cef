import type { EntityManager } from '@mikro-orm/core';
import { generateOpaqueToken, hashToken, isWellFormedToken } from '../../domain/identity/session-token';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { sql } from '../shared/sql';

export type UserTokenPurpose = 'invite' | 'reset';

/**
 * How long an e-mailed link works: an invitation 7 days (the person invited may read it days later;
 * the owner resends or revokes it from the panel), a password reset 30 minutes.
 */
export const USER_LINK_TTL_MS: Readonly<Record<UserTokenPurpose, number>> = { invite: 7 * 24 * 60 * 60_000, reset: 30 * 60_000 };

/** The validity of a purpose's link in words, as the e-mails and refusals say it. */
export const USER_LINK_VALIDITY: Readonly<Record<UserTokenPurpose, string>> = { invite: '7 días', reset: '30 minutos' };

/**
 * Issues a single-use link token for a user inside the caller's transaction; earlier unused links of
 * the same purpose stop working. Only the token's SHA-256 is stored; the token goes in the e-mail.
 */
export async function issueUserToken(tx: EntityManager, user: { id: string; accountId: string }, purpose: UserTokenPurpose, now: Date): Promise<string> {
  await sql(tx, 'update user_tokens set used_at = ? where user_id = ? and purpose = ? and used_at is null', [now, user.id, purpose]);
  const token = generateOpaqueToken();
  await sql(
    tx,
    'insert into user_tokens (id, token_hash, user_id, account_id, purpose, created_at, expires_at, used_at) values (?, ?, ?, ?, ?, ?, ?, null)',
    [newId(IdPrefix.userToken, now.getTime()), hashToken(token), user.id, user.accountId, purpose, now, new Date(now.getTime() + USER_LINK_TTL_MS[purpose])],
  );
  return token;
}

/**
 * Spends a link token inside the caller's transaction (the row stays locked until it commits, so two
 * submissions of one link cannot both pass); answers its user. Used, expired, replaced or unknown →
 * 410 `link_expired`, the same answer for each so the link says nothing about the account.
 */
export async function spendUserToken(tx: EntityManager, purpose: UserTokenPurpose, token: unknown, now: Date): Promise<{ userId: string; accountId: string }> {
  const gone = () => DomainError.field('link_expired', 'token', `El enlace ya fue usado, expiró (vale ${USER_LINK_VALIDITY[purpose]}) o fue reemplazado por uno más reciente: pida uno nuevo.`);
  if (!isWellFormedToken(token)) throw gone();
  const rows = await sql<{ id: string; user_id: string; account_id: string; expires_at: string; used_at: string | null }>(
    tx,
    'select id, user_id, account_id, expires_at, used_at from user_tokens where token_hash = ? and purpose = ? for update',
    [hashToken(token), purpose],
  );
  const row = rows[0];
  if (!row || row.used_at || new Date(row.expires_at).getTime() <= now.getTime()) throw gone();
  await sql(tx, 'update user_tokens set used_at = ? where id = ?', [now, row.id]);
  return { userId: row.user_id, accountId: row.account_id };
}

/** A pending invitation: when its link was sent last and when it stops working. */
export interface PendingInvitation {
  sentAt: Date;
  expiresAt: Date;
}

/** The unused invitation links of these users (the newest of each; one that expired is still listed, so the panel can say so). */
export async function pendingInvitations(em: EntityManager, userIds: readonly string[]): Promise<Map<string, PendingInvitation>> {
  if (!userIds.length) return new Map();
  const rows = await sql<{ user_id: string; created_at: string | Date; expires_at: string | Date }>(
    em,
    `select distinct on (user_id) user_id, created_at, expires_at from user_tokens
      where user_id = any(?::text[]) and purpose = 'invite' and used_at is null order by user_id, created_at desc`,
    [userIds],
  );
  return new Map(rows.map((r) => [r.user_id, { sentAt: new Date(r.created_at), expiresAt: new Date(r.expires_at) }]));
}
