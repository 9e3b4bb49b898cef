import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { apiKeyView, type ApiKeyView } from '../../domain/identity/api-key-view';
import { connectionOf, payloadOf } from '../common/generic.types';
import { objectTypeOf } from '../common/view-object-type';

/**
 * `ApiKey`, derived from its view (src/domain/identity/api-key-view.ts, ADR 0062): a field added
 * there is on GraphQL with no edit here.
 */
export const ApiKeyType = objectTypeOf(apiKeyView, 'ApiKey', 'Una llave de API de la cuenta. La llave completa solo se entrega al crearla (CreateApiKeyPayload.key).');
export type ApiKeyType = ApiKeyView;

@ObjectType('ApiKeyConnection')
export class ApiKeyConnection extends connectionOf('ApiKey', ApiKeyType) {}

@ObjectType('ApiKeyPayload')
export class ApiKeyPayload extends payloadOf('apiKey', () => ApiKeyType) {}

@ObjectType('CreateApiKeyPayload')
export class CreateApiKeyPayload extends payloadOf('apiKey', () => ApiKeyType) {
  @Field(() => String, { nullable: true, description: 'La llave completa (sk_test_… o sk_live_…): solo en esta respuesta; guárdela ahora.' })
  key?: string | null;
}

@InputType('CreateApiKeyInput')
export class CreateApiKeyInput {
  @Field({ description: 'Nombre para reconocerla (1–100 caracteres).' })
  name!: string;

  @Field(() => [String], { nullable: true, description: 'Permisos, dentro de los del rol de quien la crea; predeterminados los de una llave nueva que el rol permite.' })
  scopes?: string[] | null;

  @Field(() => String, { nullable: true, description: '"00" o "01"; predeterminado el ambiente de la sesión. "01" solo con la sesión en producción.' })
  environment?: string | null;

  @Field(() => [ID], { nullable: true, description: 'Limita la llave a estos emisores de la cuenta (ve y emite solo para ellos).' })
  emitterIds?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Limita la llave a estos tipos de documento (CAT-002).' })
  documentTypes?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Limita la llave a estas direcciones o rangos CIDR (hasta 20).' })
  allowedIps?: string[] | null;

  @Field(() => String, { nullable: true, description: 'Vencimiento (ISO 8601, futuro).' })
  expiresAt?: string | null;
}
