/** An API key row changed (revoked, scopes or environment changed) or was deleted. */
export interface ApiKeyChangedEvent {
  /** The key's id (`key_…`). */
  id: string;
}

/**
 * Cross-process notice of changed API keys: a trigger on `api_keys` sends it (PostgreSQL NOTIFY,
 * delivered at commit) whoever made the change — a service, the CLI, an operator's SQL. Each
 * process's cache of authenticated keys drops the key on it. While the listening connection is down
 * notices are lost, so the cache is bypassed then and emptied when the connection is back.
 */
export interface ApiKeyChanges {
  subscribe(listener: (e: ApiKeyChangedEvent) => void): () => void;
  /** False while the listening connection is down. */
  listening(): boolean;
  /** Fires when the listening connection is lost and when it listens again. */
  onReset(listener: () => void): () => void;
  close(): Promise<void>;
}
