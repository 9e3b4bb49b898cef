/**
 * One declaration per resource (ADR 0062): the user's view (src/domain/identity/user-view.ts) is
 * what GraphQL's `User` (with its `UserInvitation`) and REST's `user` (its OpenAPI schema) show.
 * Each door is compared with the view field by field, the invitation's fields included; a field
 * removed from one door, or shown by a door without being declared, fails here by name.
 * Users have no webhook events.
 */
import { buildOpenApiDocument } from '../../../rest-adapter/openapi';
import { ROUTES } from '../../../rest-adapter/route-table';
import { serializeUser } from '../../../rest-adapter/resources/user.resource';
import { userView } from '../../../src/domain/identity/user-view';
import { buildGraphQLSchema } from '../../../src/graphql/schema';
import type { UserSummary } from '../../../src/services/identity/user-summary';
import { toUserView } from '../../../src/services/identity/user-view';
import { viewDoors } from '../../support/view-parity';

type Json = Record<string, any>;

const openapi = buildOpenApiDocument(ROUTES, 'http://localhost') as Json;
const schema = openapi.components.schemas.User as Json;
const doors = viewDoors({ view: userView, schema: buildGraphQLSchema(), graphqlType: 'User', openapi, restSchema: schema });

const invited: UserSummary = {
  id: 'usr_1', accountId: 'acc_1', email: 'ana@example.com', role: 'member', active: false, createdAt: new Date('2026-12-01T10:00:00Z'), lastLoginAt: null,
  invitation: { sentAt: new Date('2026-12-01T10:00:00Z'), expiresAt: new Date('2026-12-08T10:00:00Z') },
};

describe('the User view and its doors', () => {
  it('GraphQL User has exactly the view’s fields', () => {
    expect(doors.graphql).toEqual(doors.view.graphql);
    expect(doors.graphql).toEqual(expect.arrayContaining(['role', 'status', 'lastLoginAt', 'invitation.sentAt', 'invitation.expiresAt']));
  });

  it('the REST user schema (OpenAPI) has exactly the view’s fields in snake_case', () => {
    expect(doors.rest).toEqual(doors.view.rest);
    expect(doors.rest).toEqual(expect.arrayContaining(['last_login_at', 'invitation.sent_at', 'invitation.expires_at']));
  });

  it('every route answering a user uses the one schema', () => {
    const refs = JSON.stringify(openapi.paths).match(/#\/components\/schemas\/User"/g) ?? [];
    expect(refs.length).toBeGreaterThanOrEqual(4);
  });

  it('the serializer writes exactly the schema’s properties, from the one mapping both doors use', () => {
    const body = serializeUser(toUserView(invited));
    expect(Object.keys(body)).toEqual(Object.keys(schema.properties as Json));
    expect(body).toEqual({
      id: 'usr_1', object: 'user', email: 'ana@example.com', role: 'member', status: 'invited', created_at: '2026-12-01T10:00:00.000Z', last_login_at: null,
      invitation: { sent_at: '2026-12-01T10:00:00.000Z', expires_at: '2026-12-08T10:00:00.000Z' },
    });
    expect(serializeUser(toUserView({ ...invited, active: true, invitation: null }))).toMatchObject({ status: 'active', invitation: null });
  });
});
