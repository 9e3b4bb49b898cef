import { z } from 'zod';
import { ROLES } from './roles';

/** An invited user's pending link (GraphQL `UserInvitation`; REST embeds it inline). */
export const userInvitationView = z
  .object({
    sentAt: z.date().meta({
      gqlDescription: 'Cuándo se envió el enlace (la invitación o su último reenvío).',
      restDescription: 'Cuándo salió el enlace (la invitación o su último reenvío)',
    }),
    expiresAt: z.date().meta({ gqlDescription: 'Cuándo deja de valer: 7 días después de enviarse.', restDescription: 'Cuándo deja de valer: 7 días después' }),
  })
  .meta({ id: 'UserInvitation' });

/**
 * A user of the account's panel as the API shows it — THE declaration of that output (ADR 0062):
 * never the password hash. GraphQL's `User` (src/graphql/account/user.types.ts) and REST's `user`
 * with its OpenAPI schema (rest-adapter/resources/user.resource.ts) are derived from it; the mapper
 * (src/services/identity/user-view.ts) fails the type check until it fills a field added here.
 * test/unit/views/user-view-parity.test.ts fails when a door and the view disagree.
 */
export const userView = z.object({
  id: z.string().meta({ gql: 'ID', restDescription: 'usr_…' }),
  email: z.string(),
  role: z.enum(ROLES).meta({ gql: 'String', gqlDescription: 'owner (propietario), member (miembro) o viewer (solo lectura).' }),
  status: z.enum(['invited', 'active']).meta({
    gql: 'String',
    gqlDescription: 'invited (aún no eligió contraseña) o active.',
    restDescription: 'invited: aún no eligió su contraseña con el enlace de la invitación',
  }),
  createdAt: z.date(),
  lastLoginAt: z.date().nullable(),
  invitation: userInvitationView.nullable().meta({
    gqlDescription: 'De un usuario invitado: cuándo salió su enlace y cuándo deja de valer (7 días); null una vez activo.',
    restDescription: 'De un usuario invitado: su enlace pendiente; null una vez activo',
  }),
});

/** A panel user as the API shows it: the one shape both doors map from. */
export type UserView = z.infer<typeof userView>;
