import { hostname, userInfo } from 'node:os';
import type { AuditSubject } from '../services/audit/audit-trail';

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    // No passwd entry for this uid (some containers).
    return process.env.USER ?? `uid ${process.getuid?.() ?? '?'}`;
  }
}

/**
 * Who the audit log names for a command-line action (keys, users, passwords): actor `cli`, and as
 * its origin the operating-system user and host that ran it (no address: it is not a request).
 */
export function cliAuditSubject(): AuditSubject {
  return { cli: { ip: null, userAgent: `cli ${osUser()}@${hostname()}` } };
}
