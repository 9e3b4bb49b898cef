import { Field, InputType, ObjectType } from 'type-graphql';
import { userInvitationView, userView, type UserView } from '../../domain/identity/user-view';
import { connectionOf, payloadOf } from '../common/generic.types';
import { objectTypeOf } from '../common/view-object-type';

/**
 * `User` and its `UserInvitation`, derived from the user's view (src/domain/identity/user-view.ts,
 * ADR 0062): a field added there is on GraphQL with no edit here. The invitation's type is made first,
 * with its description; `User` then finds it made.
 */
export const UserInvitationType = objectTypeOf(userInvitationView, 'UserInvitation', 'La invitación pendiente de un usuario: su enlace de un solo uso.');
export const UserType = objectTypeOf(userView, 'User', 'Una persona que usa el panel de la cuenta.');
export type UserType = UserView;

@ObjectType('UserConnection')
export class UserConnection extends connectionOf('User', UserType) {}

@ObjectType('UserPayload')
export class UserPayload extends payloadOf('user', () => UserType) {}

@InputType('InviteUserInput')
export class InviteUserInput {
  @Field({ description: 'Recibe un enlace de un solo uso, válido 7 días, para elegir su contraseña.' })
  email!: string;

  @Field({ description: 'owner, member o viewer.' })
  role!: string;
}

@InputType('UpdateUserInput')
export class UpdateUserInput {
  @Field({ description: 'owner, member o viewer; las sesiones del usuario terminan.' })
  role!: string;
}
