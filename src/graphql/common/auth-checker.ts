import type { AuthCheckerFn } from 'type-graphql';
import { hasScope, isScope } from '../../domain/identity/scopes';
import type { GraphQLContext } from './context';
import { insufficientScope, unauthenticated } from './graphql-errors';

/** The root fields an embed view's token may query: its emitter, documents, books and reports. */
export const EMBED_VIEW_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'emitter', 'emitters', 'document', 'documents', 'documentAggregates', 'fiscalReport', 'fiscalReportTypes', 'fiscalReportRows',
]);

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

/**
 * `@Authorized(PANEL_SESSION_ONLY)`: a root field for panel sessions only (the account's keys, users
 * and audit log). The use case refuses any other credential (SESSION_REQUIRED, as data in a mutation's
 * payload); the doors read the mark ahead of time to refuse a keyed mutation before its
 * Idempotency-Key is spent (operationScopeRefusal). Not a scope: the checker below ignores it.
 */
export const PANEL_SESSION_ONLY = 'panel-session-only';

/** `@Authorized()` needs a key; `@Authorized('emitters:write')` also that scope. An embed view reads its view's fields only. */
export const authChecker: AuthCheckerFn<GraphQLContext, string> = ({ context, info }, roles) => {
  const scopes = roles.filter(isScope);
  if (!context.actor) throw unauthenticated();
  if (context.actor.scheme === 'embed_view' && ROOT_TYPES.has(info.parentType.name) && (info.parentType.name !== 'Query' || !EMBED_VIEW_ROOT_FIELDS.has(info.fieldName))) {
    throw insufficientScope(scopes[0] ?? 'documents:read', 'embed_view');
  }
  for (const s of scopes) if (!hasScope(context.actor.scopes, s)) throw insufficientScope(s, context.actor.scheme);
  return true;
};
