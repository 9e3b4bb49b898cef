/** A panel session ended (logout, user removed, expired, ended from «Sesiones activas») or its user's role changed: its open WebSockets close. */
export interface SessionEndedEvent {
  /** The sessions concerned (`ses_…`). */
  sessionIds: string[];
  reason: 'logout' | 'role_changed' | 'user_removed' | 'password_changed' | 'expired' | 'ended_by_user';
}

/**
 * Cross-process notice of ended sessions, for the graphql-ws server: PostgreSQL LISTEN/NOTIFY with a
 * real database (logout in one API process closes sockets held by another), in-process with the
 * embedded one.
 */
export interface SessionEventsBus {
  publish(e: SessionEndedEvent): Promise<void>;
  subscribe(listener: (e: SessionEndedEvent) => void): () => void;
  close(): Promise<void>;
}
