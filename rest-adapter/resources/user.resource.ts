import type { z } from 'zod';
import { userView, type UserView } from '../../src/domain/identity/user-view';
import { restResourceOf } from './view-resource';

/**
 * The REST `user` resource and its OpenAPI schema, derived from its view
 * (src/domain/identity/user-view.ts, ADR 0062): snake_case, dates as ISO text, the invitation inline.
 */
const user = restResourceOf<UserView>(userView, { object: 'user', id: 'User' });
export const userResource = user.schema;

/** A user's view as REST shows it. */
export function serializeUser(v: UserView): z.infer<typeof userResource> {
  return user.serialize(v) as z.infer<typeof userResource>;
}
