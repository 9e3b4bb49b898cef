import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { connectionOf, payloadOf } from '../common/generic.types';
import { DocumentReceiverInput } from '../document/document.inputs';
import { AddressType } from '../emitter/emitter.types';

@ObjectType('Customer', { description: 'Un cliente (receptor) del directorio de un emisor: los campos de DocumentCreate.receiver.' })
export class CustomerType {
  @Field(() => ID) id!: string;
  @Field(() => ID) emitterId!: string;
  @Field(() => String, { nullable: true }) externalId!: string | null;
  @Field() name!: string;
  @Field(() => String, { nullable: true, description: 'CAT-022: 36 NIT, 13 DUI, 37 otro, 03 pasaporte, 02 carné de residente.' }) documentType!: string | null;
  @Field(() => String, { nullable: true }) documentNumber!: string | null;
  @Field(() => String, { nullable: true }) nrc!: string | null;
  @Field(() => String, { nullable: true, description: 'CAT-019' }) economicActivity!: string | null;
  @Field(() => String, { nullable: true }) tradeName!: string | null;
  @Field(() => AddressType, { nullable: true }) address!: AddressType | null;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true, description: 'CAT-020' }) country!: string | null;
  @Field(() => String, { nullable: true, description: 'CAT-029' }) personType!: string | null;
  @Field(() => String, { nullable: true, description: 'CAT-032' }) fiscalDomicile!: string | null;
  @Field(() => String, { nullable: true, description: 'CAT-009' }) establishmentType!: string | null;
  @Field(() => String, { nullable: true }) activityDescription!: string | null;
  @Field(() => String, { nullable: true }) foreignAddress!: string | null;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
  @Field(() => Date, { nullable: true, description: 'Última emisión que lo nombró (customerId o saveCustomer).' }) lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'Cuándo el cliente completó sus datos con un enlace de autoservicio.' }) selfServiceCompletedAt!: Date | null;
}

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
