import { Field, InputType, ObjectType } from 'type-graphql';
import { addressView, customerView, type CustomerView } from '../../domain/directory/customer-view';
import { connectionOf, payloadOf } from '../common/generic.types';
import { adoptObjectType, objectTypeOf } from '../common/view-object-type';
import { DocumentReceiverInput } from '../document/document.inputs';
import { AddressType } from '../emitter/emitter.types';

adoptObjectType(addressView, AddressType);

/** `Customer`, derived from the customer's view (src/domain/directory/customer-view.ts, ADR 0062). */
export const CustomerType = objectTypeOf(customerView, 'Customer', 'Un cliente (receptor) del directorio de un emisor: los campos de DocumentCreate.receiver.');
export type CustomerType = CustomerView;

@ObjectType('CustomerConnection')
export class CustomerConnection extends connectionOf('Customer', CustomerType) {}

@ObjectType('CustomerPayload')
export class CustomerPayload extends payloadOf('customer', () => CustomerType) {}

@InputType('CreateCustomerInput', { description: 'Los campos de DocumentCreate.receiver (nombre obligatorio) y el id propio del cliente.' })
export class CreateCustomerInput extends DocumentReceiverInput {
  @Field() declare name: string;
  @Field(() => String, { nullable: true }) externalId?: string | null;
}

@InputType('UpdateCustomerInput', { description: 'Los campos que cambian; null borra uno opcional.' })
export class UpdateCustomerInput extends DocumentReceiverInput {
  @Field(() => String, { nullable: true }) externalId?: string | null;
}

@ObjectType('CustomerEditLink', { description: 'Enlace de un solo uso (7 días) para que el cliente complete sus datos fiscales.' })
export class CustomerEditLinkType {
  @Field({ description: 'Página para el cliente: abrirla no gasta el enlace; guardar el formulario sí.' })
  url!: string;

  @Field()
  expiresAt!: Date;
}

@ObjectType('CustomerEditLinkPayload')
export class CustomerEditLinkPayload extends payloadOf('customerEditLink', () => CustomerEditLinkType) {}
