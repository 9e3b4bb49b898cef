import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { connectionOf, payloadOf } from '../common/generic.types';

@ObjectType('UserInvitation', { description: 'La invitación pendiente de un usuario: su enlace de un solo uso.' })
export class UserInvitationType {
  @Field({ description: 'Cuándo se envió el enlace (la invitación o su último reenvío).' })
  sentAt!: Date;

  @Field({ description: 'Cuándo deja de valer: 7 días después de enviarse.' })
  expiresAt!: Date;
}

@ObjectType('User', { description: 'Una persona que usa el panel de la cuenta.' })
export class UserType {
  @Field(() => ID)
  id!: string;

  @Field()
  email!: string;

  @Field({ description: 'owner (propietario), member (miembro) o viewer (solo lectura).' })
  role!: string;

  @Field({ description: 'invited (aún no eligió contraseña) o active.' })
  status!: string;

  @Field()
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  lastLoginAt!: Date | null;

  @Field(() => UserInvitationType, { nullable: true, description: 'De un usuario invitado: cuándo salió su enlace y cuándo deja de valer (7 días); null una vez activo.' })
  invitation!: UserInvitationType | null;
}

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
