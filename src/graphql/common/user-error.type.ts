import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { ERROR_CODES, type ErrorCode } from '../../domain/shared/error-codes';

/** GraphQL enum of every service error code: `VALIDATION_FAILED` ↔ `validation_failed`. */
export const ErrorCodeEnum: Record<string, ErrorCode> = Object.fromEntries(
  (Object.keys(ERROR_CODES) as ErrorCode[]).map((c) => [c.toUpperCase(), c]),
);
registerEnumType(ErrorCodeEnum, { name: 'ErrorCode', description: 'Códigos de error estables del servicio (docs/errors.md).' });

@ObjectType({ description: 'Un rechazo de negocio o de validación, devuelto como dato en las mutaciones.' })
export class UserError {
  @Field(() => String, { nullable: true, description: 'Campo afectado en notación camelCase (items[0].unitPrice); null si afecta a toda la solicitud.' })
  field!: string | null;

  @Field(() => ErrorCodeEnum)
  code!: ErrorCode;

  @Field(() => String, { description: 'Mensaje en español.' })
  message!: string;
}
