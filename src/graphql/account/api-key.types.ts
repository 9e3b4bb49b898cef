import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { connectionOf, payloadOf } from '../common/generic.types';

@ObjectType('ApiKey', { description: 'Una llave de API de la cuenta. La llave completa solo se entrega al crearla (CreateApiKeyPayload.key).' })
export class ApiKeyType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true, description: 'Nombre para reconocerla.' })
  name!: string | null;

  @Field({ description: '"00" pruebas (sk_test_) o "01" producción (sk_live_).' })
  environment!: string;

  @Field({ description: 'Los primeros 12 caracteres de la llave (sk_test_4fZq), para reconocerla.' })
  prefix!: string;

  @Field(() => [String])
  scopes!: string[];

  @Field()
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'Último uso, al minuto (se escribe a lo sumo una vez por minuto).' })
  lastUsedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  revokedAt!: Date | null;

  @Field(() => ID, { nullable: true, description: 'El usuario del panel que la creó; null para las creadas con la CLI.' })
  createdByUserId!: string | null;

  @Field(() => [ID], { nullable: true, description: 'Los únicos emisores que la llave ve y para los que emite; null = todos.' })
  emitterIds!: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Los únicos tipos (CAT-002) que emite; null = todos.' })
  documentTypes!: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Las direcciones o rangos CIDR desde los que vale (la dirección que da TRUST_PROXY); null = cualquiera.' })
  allowedIps!: string[] | null;

  @Field(() => Date, { nullable: true, description: 'Deja de valer en este instante; null = nunca.' })
  expiresAt!: Date | null;
}

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
