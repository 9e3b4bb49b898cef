import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageInfo } from '../common/page-info.type';
import { UserError } from '../common/user-error.type';

@ObjectType('WebhookEndpoint', { description: 'Una URL que recibe eventos firmados de la cuenta en el ambiente de la llave que la registró.' })
export class WebhookEndpointType {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'https y pública.' })
  url!: string;

  @Field(() => [String], { description: 'Nombres de eventos, o "*" para todos.' })
  events!: string[];

  @Field(() => String, { nullable: true, description: 'Secreto de firma (whsec_…): solo al crear el endpoint o al rotar el secreto; null en las consultas.' })
  secret!: string | null;

  @Field()
  disabled!: boolean;

  @Field({ description: '"00" pruebas o "01" producción: el endpoint solo recibe eventos de ese ambiente.' })
  environment!: string;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  @Field(() => Date, { nullable: true })
  lastDeliveryAt!: Date | null;

  @Field(() => Int, { nullable: true, description: 'Estado HTTP del último intento; 0 si no hubo respuesta; null antes del primero.' })
  lastDeliveryStatus!: number | null;
}

@ObjectType('WebhookEndpointEdge')
export class WebhookEndpointEdge {
  @Field()
  cursor!: string;

  @Field(() => WebhookEndpointType)
  node!: WebhookEndpointType;
}

@ObjectType('WebhookEndpointConnection')
export class WebhookEndpointConnection {
  @Field(() => [WebhookEndpointEdge])
  edges!: WebhookEndpointEdge[];

  @Field(() => [WebhookEndpointType])
  nodes!: WebhookEndpointType[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}

@ObjectType('WebhookEndpointPayload')
export class WebhookEndpointPayload {
  @Field(() => WebhookEndpointType, { nullable: true })
  webhookEndpoint?: WebhookEndpointType | null;

  @Field(() => [UserError])
  errors!: UserError[];
}

@InputType('CreateWebhookEndpointInput')
export class CreateWebhookEndpointInput {
  @Field({ description: 'URL https pública que recibirá los eventos.' })
  url!: string;

  @Field(() => [String], { description: 'Eventos (document.processed, …) o "*".' })
  events!: string[];
}

@InputType('UpdateWebhookEndpointInput', { description: 'Los campos presentes reemplazan los guardados.' })
export class UpdateWebhookEndpointInput {
  @Field(() => String, { nullable: true })
  url?: string | null;

  @Field(() => [String], { nullable: true })
  events?: string[] | null;

  @Field(() => Boolean, { nullable: true })
  disabled?: boolean | null;
}

@ObjectType('WebhookTestResult')
export class WebhookTestResultType {
  @Field(() => ID, { description: 'Id del evento de prueba (Service-Event-Id).' })
  eventId!: string;

  @Field(() => Int, { description: 'Estado HTTP que respondió el receptor; 0 si no respondió.' })
  status!: number;
}

@ObjectType('WebhookTestPayload')
export class WebhookTestPayload {
  @Field(() => WebhookTestResultType, { nullable: true })
  webhookTest?: WebhookTestResultType | null;

  @Field(() => [UserError])
  errors!: UserError[];
}

export enum WebhookDeliveryStatusGql {
  PENDING = 'pending',
  DELIVERED = 'delivered',
  FAILED = 'failed',
}
registerEnumType(WebhookDeliveryStatusGql, {
  name: 'WebhookDeliveryStatus',
  description: 'pending: se enviará o reintentará; delivered: el receptor respondió 2xx; failed: se agotó el plazo de reintentos (o fue una prueba fallida).',
});

@ObjectType('WebhookAttempt')
export class WebhookAttemptType {
  @Field(() => Int, { description: 'Número de intento (Service-Delivery-Attempt).' })
  number!: number;

  @Field()
  at!: Date;

  @Field(() => Int, { description: 'Estado HTTP de la respuesta; 0 si no hubo respuesta.' })
  statusCode!: number;

  @Field(() => Int)
  durationMs!: number;

  @Field(() => String, { nullable: true })
  error!: string | null;

  @Field(() => String, { nullable: true, description: 'Primer KB del cuerpo de la respuesta.' })
  responseExcerpt!: string | null;
}

@ObjectType('WebhookDelivery', { description: 'Un evento enviado (o por enviar) a un endpoint, con sus intentos.' })
export class WebhookDeliveryType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  endpointId!: string;

  @Field(() => ID)
  eventId!: string;

  @Field()
  eventType!: string;

  @Field()
  environment!: string;

  @Field(() => WebhookDeliveryStatusGql)
  status!: WebhookDeliveryStatusGql;

  @Field({ description: 'Evento de prueba (un solo intento, sin reintentos).' })
  test!: boolean;

  @Field(() => Int)
  attemptCount!: number;

  @Field(() => Date, { nullable: true })
  nextAttemptAt!: Date | null;

  @Field(() => Date, { nullable: true })
  lastAttemptAt!: Date | null;

  @Field(() => Int, { nullable: true })
  lastStatus!: number | null;

  @Field(() => String, { nullable: true })
  lastError!: string | null;

  @Field()
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  deliveredAt!: Date | null;

  @Field(() => Date, { nullable: true })
  failedAt!: Date | null;

  /** Preloaded by `webhookDelivery`; resolved on demand in lists. */
  attempts?: WebhookAttemptType[];
}

@ObjectType('WebhookDeliveryEdge')
export class WebhookDeliveryEdge {
  @Field()
  cursor!: string;

  @Field(() => WebhookDeliveryType)
  node!: WebhookDeliveryType;
}

@ObjectType('WebhookDeliveryConnection')
export class WebhookDeliveryConnection {
  @Field(() => [WebhookDeliveryEdge])
  edges!: WebhookDeliveryEdge[];

  @Field(() => [WebhookDeliveryType])
  nodes!: WebhookDeliveryType[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}

@ObjectType('WebhookDeliveryPayload')
export class WebhookDeliveryPayload {
  @Field(() => WebhookDeliveryType, { nullable: true })
  webhookDelivery?: WebhookDeliveryType | null;

  @Field(() => [UserError])
  errors!: UserError[];
}
