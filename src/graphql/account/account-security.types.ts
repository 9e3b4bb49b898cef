import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { payloadOf } from '../common/generic.types';

@InputType('ChangePasswordInput')
export class ChangePasswordInput {
  @Field(() => String, { description: 'La contraseña actual del usuario de la sesión.' }) currentPassword!: string;
  @Field(() => String, { description: 'La contraseña nueva (12 a 200 caracteres; ni de las más usadas, ni con el correo o el nombre de la cuenta).' }) newPassword!: string;
}

@ObjectType('PasswordChange')
export class PasswordChangeType {
  @Field(() => Boolean, { description: 'Siempre true: la contraseña cambió y las demás sesiones del usuario terminaron.' }) changed!: boolean;
}

@ObjectType('ChangePasswordPayload')
export class ChangePasswordPayload extends payloadOf('passwordChange', () => PasswordChangeType) {}

@ObjectType('OwnSession', { description: 'Una sesión abierta del usuario de la sesión («Sesiones activas»).' })
export class OwnSessionType {
  @Field(() => ID) id!: string;
  @Field(() => Boolean, { description: 'La sesión de esta solicitud.' }) current!: boolean;
  @Field(() => String, { description: 'Navegador y sistema, según su User-Agent.' }) device!: string;
  @Field(() => String, { nullable: true }) ip!: string | null;
  @Field(() => String, { nullable: true }) userAgent!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) lastSeenAt!: Date;
  @Field(() => Date) expiresAt!: Date;
}

@ObjectType('SessionsEnded')
export class SessionsEndedType {
  @Field(() => Int, { description: 'Cuántas sesiones terminaron.' }) ended!: number;
}

@ObjectType('EndSessionsPayload')
export class EndSessionsPayload extends payloadOf('sessionsEnded', () => SessionsEndedType) {}
