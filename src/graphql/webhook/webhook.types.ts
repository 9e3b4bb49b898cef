import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { webhookEndpointView, type WebhookEndpointView } from '../../domain/webhooks/webhook-endpoint-view';
import { connectionOf, payloadOf } from '../common/generic.types';
import { objectTypeOf } from '../common/view-object-type';

/**
 * `WebhookEndpoint`, derived from its view (src/domain/webhooks/webhook-endpoint-view.ts, ADR 0062):
 * a field added there is on GraphQL with no edit here.
 */
export const WebhookEndpointType = objectTypeOf(webhookEndpointView, 'WebhookEndpoint', 'Una URL que recibe eventos firmados de la cuenta en el ambiente de la llave que la registró.');
export type WebhookEndpointType = WebhookEndpointView;

@ObjectType('WebhookEndpointConnection')
export class WebhookEndpointConnection extends connectionOf('WebhookEndpoint', WebhookEndpointType) {}

@ObjectType('WebhookEndpointPayload')
export class WebhookEndpointPayload extends payloadOf('webhookEndpoint', () => WebhookEndpointType) {}

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
export class WebhookTestPayload extends payloadOf('webhookTest', () => WebhookTestResultType) {}

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

@ObjectType('WebhookEventSubject', { description: 'De qué trata un evento, leído de su `data`.' })
export class WebhookEventSubjectType {
  @Field({ description: 'data.object: document, document_return, special_operation, fiscal_report, period, credential o contingency.' })
  object!: string;

  @Field(() => ID, { nullable: true })
  id!: string | null;

  @Field(() => ID, { nullable: true, description: 'El documento del evento (el propio, o el devuelto en una devolución).' })
  documentId!: string | null;

  @Field(() => String, { nullable: true, description: 'Cómo se reconoce: número de control o código de generación, tipo y período de un reporte, período, ambiente.' })
  label!: string | null;
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

  @Field(() => WebhookEventSubjectType, { nullable: true, description: 'De qué trata el evento (el documento, el reporte, el período…).' })
  subject!: WebhookEventSubjectType | null;

  /** Preloaded by `webhookDelivery`; resolved on demand in lists. */
  attempts?: WebhookAttemptType[];
}

@ObjectType('WebhookDeliveryConnection')
export class WebhookDeliveryConnection extends connectionOf('WebhookDelivery', WebhookDeliveryType) {}

@ObjectType('WebhookDeliveryPayload')
export class WebhookDeliveryPayload extends payloadOf('webhookDelivery', () => WebhookDeliveryType) {}
