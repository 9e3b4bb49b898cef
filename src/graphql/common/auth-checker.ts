import type { AuthCheckerFn } from 'type-graphql';
import { hasScope, type Scope } from '../../domain/identity/scopes';
import type { GraphQLContext } from './context';
import { insufficientScope, unauthenticated } from './graphql-errors';

/** `@Authorized()` needs a key; `@Authorized('emitters:write')` also that scope. */
export const authChecker: AuthCheckerFn<GraphQLContext, Scope> = ({ context }, scopes) => {
  if (!context.actor) throw unauthenticated();
  for (const s of scopes) if (!hasScope(context.actor.scopes, s)) throw insufficientScope(s, context.actor.scheme);
  return true;
};
