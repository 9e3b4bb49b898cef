import { Field, InputType, ObjectType } from 'type-graphql';
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
