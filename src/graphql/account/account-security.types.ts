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

@ObjectType('SecondFactor', { description: 'La verificación en dos pasos (TOTP) del usuario de la sesión.' })
export class SecondFactorType {
  @Field(() => Boolean) enabled!: boolean;
  @Field(() => Date, { nullable: true }) enabledAt!: Date | null;
  @Field(() => Int) recoveryCodesLeft!: number;
  @Field(() => Boolean, { description: 'El propietario la exige a todos los usuarios de la cuenta.' }) accountRequired!: boolean;
}

@ObjectType('SecondFactorEnrolment', { description: 'Un secreto nuevo por activar: se muestra solo en esta respuesta.' })
export class SecondFactorEnrolmentType {
  @Field(() => String, { description: 'Base32, para escribirlo en la aplicación.' }) secret!: string;
  @Field(() => String) otpauthUri!: string;
  @Field(() => String, { description: 'El código QR de otpauthUri (data URL PNG).' }) qrCode!: string;
}

@ObjectType('SecondFactorEnrolmentPayload')
export class SecondFactorEnrolmentPayload extends payloadOf('enrolment', () => SecondFactorEnrolmentType) {}

@ObjectType('SecondFactorEnabled')
export class SecondFactorEnabledType {
  @Field(() => [String], { description: 'Diez códigos de recuperación de un solo uso; solo en esta respuesta.' }) recoveryCodes!: string[];
}

@ObjectType('ConfirmSecondFactorPayload')
export class ConfirmSecondFactorPayload extends payloadOf('secondFactorEnabled', () => SecondFactorEnabledType) {}

@ObjectType('SecondFactorPayload')
export class SecondFactorPayload extends payloadOf('secondFactor', () => SecondFactorType) {}

@ObjectType('SecondFactorPolicy')
export class SecondFactorPolicyType {
  @Field(() => Boolean) required!: boolean;
}

@ObjectType('SecondFactorPolicyPayload')
export class SecondFactorPolicyPayload extends payloadOf('policy', () => SecondFactorPolicyType) {}
