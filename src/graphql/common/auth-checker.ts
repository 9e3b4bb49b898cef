import type { AuthCheckerFn } from 'type-graphql';
import { hasScope, type Scope } from '../../domain/identity/scopes';
import type { GraphQLContext } from './context';
import { insufficientScope, unauthenticated } from './graphql-errors';

/** The root fields an embed view's token may query: its emitter, documents, books and reports. */
export const EMBED_VIEW_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'emitter', 'emitters', 'document', 'documents', 'documentAggregates', 'fiscalReport', 'fiscalReportTypes', 'fiscalReportRows',
]);

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

/** `@Authorized()` needs a key; `@Authorized('emitters:write')` also that scope. An embed view reads its view's fields only. */
export const authChecker: AuthCheckerFn<GraphQLContext, Scope> = ({ context, info }, scopes) => {
  if (!context.actor) throw unauthenticated();
  if (context.actor.scheme === 'embed_view' && ROOT_TYPES.has(info.parentType.name) && (info.parentType.name !== 'Query' || !EMBED_VIEW_ROOT_FIELDS.has(info.fieldName))) {
    throw insufficientScope(scopes[0] ?? 'documents:read', 'embed_view');
  }
  for (const s of scopes) if (!hasScope(context.actor.scopes, s)) throw insufficientScope(s, context.actor.scheme);
  return true;
};
