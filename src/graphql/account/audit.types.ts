import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { connectionOf } from '../common/generic.types';

@ObjectType('AuditActor', { description: 'Quién: un usuario del panel, una llave de API, anónimo (un inicio de sesión fallido, un enlace por correo) o la línea de comandos del servicio.' })
export class AuditActorType {
  @Field({ description: 'user, api_key, anonymous o cli.' })
  type!: string;

  @Field(() => ID, { nullable: true })
  userId!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => ID, { nullable: true, description: 'La llave (key_…) o la sesión del panel (ses_…) por la que llegó la acción.' })
  keyId!: string | null;

  @Field(() => String, { nullable: true, description: 'De una llave de API: su nombre, o su prefijo si no tiene.' })
  keyLabel!: string | null;
}

@ObjectType('AuditTarget')
export class AuditTargetType {
  @Field({ description: 'api_key, emitter, user, document, webhook_endpoint o session.' })
  type!: string;

  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true, description: 'Cómo se reconoce: el nombre del emisor, el nombre de la llave (o su prefijo), el correo del usuario, el número de control; null si no se conoce (una sesión).' })
  label!: string | null;
}

@ObjectType('AuditEntry', { description: 'Una acción de seguridad de la cuenta: quién, cuándo, desde dónde, sobre qué. Nunca guarda secretos.' })
export class AuditEntryType {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'api_key.created, user.invited, session.login_failed, … (docs/account.md).' })
  action!: string;

  @Field(() => AuditActorType)
  actor!: AuditActorType;

  @Field(() => String, { nullable: true, description: 'Dirección del cliente.' })
  ip!: string | null;

  @Field(() => String, { nullable: true })
  userAgent!: string | null;

  @Field(() => AuditTargetType, { nullable: true })
  target!: AuditTargetType | null;

  @Field(() => GraphQLJSONObject)
  details!: Record<string, unknown>;

  @Field()
  createdAt!: Date;
}

@ObjectType('AuditEntryConnection')
export class AuditEntryConnection extends connectionOf('AuditEntry', AuditEntryType) {}

@InputType('AuditFilter', { description: 'Filtros del registro de auditoría: quién, qué acción y entre qué fechas (de El Salvador, ambas incluidas).' })
export class AuditFilterInput {
  @Field(() => ID, { nullable: true, description: 'El usuario (usr_…) que hizo la acción.' })
  userId?: string | null;

  @Field(() => String, { nullable: true, description: 'Una acción: api_key.created, emitter.updated, fiscal.period.closed, … (docs/account.md).' })
  action?: string | null;

  @Field(() => String, { nullable: true, description: 'Desde esta fecha (AAAA-MM-DD, El Salvador).' })
  createdFrom?: string | null;

  @Field(() => String, { nullable: true, description: 'Hasta esta fecha incluida (AAAA-MM-DD, El Salvador).' })
  createdTo?: string | null;
}
