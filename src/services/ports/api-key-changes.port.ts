import type { ChangeNotice, ChangeNotices } from '../shared/notice-cache';

/** An API key row changed (revoked, scopes or environment changed) or was deleted; `id` is the key's id (`key_…`). */
export type ApiKeyChangedEvent = ChangeNotice;

/**
 * Cross-process notice of changed API keys: a trigger on `api_keys` sends it (PostgreSQL NOTIFY,
 * delivered at commit) whoever made the change — a service, the CLI, an operator's SQL. Each
 * process's cache of authenticated keys drops the key on it (see ChangeNotices).
 */
export type ApiKeyChanges = ChangeNotices;
