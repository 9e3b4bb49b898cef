import type { ChangeNotice, ChangeNotices } from '../shared/notice-cache';

/** Something issuance or an emitter read sees of an issuer changed; `id` is the emitter's id. */
export type EmitterChangedEvent = ChangeNotice;

/**
 * Cross-process notice of changed issuers: triggers on `emitters`, `establishments`,
 * `points_of_sale`, `emitter_credentials` and `contingency_episodes` send it (PostgreSQL NOTIFY,
 * delivered at commit) whoever made the change. Each process's emitter cache drops that emitter's
 * entries on it (see ChangeNotices).
 */
export type EmitterChanges = ChangeNotices;
