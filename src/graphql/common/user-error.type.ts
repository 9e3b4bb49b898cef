import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { ERROR_CODES, type ErrorCode } from '../../domain/shared/error-codes';

/** GraphQL enum of every service error code: `VALIDATION_FAILED` ↔ `validation_failed`. */
export const ErrorCodeEnum: Record<string, ErrorCode> = Object.fromEntries(
  (Object.keys(ERROR_CODES) as ErrorCode[]).map((c) => [c.toUpperCase(), c]),
);
registerEnumType(ErrorCodeEnum, { name: 'ErrorCode', description: 'Códigos de error estables del servicio (docs/errors.md).' });

@ObjectType('MhMessage', { description: 'La respuesta del MH que causó un rechazo (como el campo `mh` de un problema REST).' })
export class MhMessage {
  @Field(() => String, { nullable: true, description: 'codigoMsg del MH.' })
  codigoMsg!: string | null;

  @Field(() => String, { nullable: true, description: 'descripcionMsg del MH.' })
  descripcionMsg!: string | null;

  @Field(() => [String], { description: 'observaciones del MH.' })
  observaciones!: string[];
}

@ObjectType({ description: 'Un rechazo de negocio o de validación, devuelto como dato en las mutaciones.' })
export class UserError {
  @Field(() => String, { nullable: true, description: 'Campo afectado en notación camelCase (items[0].unitPrice); null si afecta a toda la solicitud.' })
  field!: string | null;

  @Field(() => ErrorCodeEnum)
  code!: ErrorCode;

  @Field(() => String, { description: 'Mensaje en español.' })
  message!: string;

  @Field(() => MhMessage, { nullable: true, description: 'Presente cuando el rechazo lo produjo el MH (por ejemplo INVALIDATION_REJECTED).' })
  mh?: MhMessage | null;
}
