import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { AddressInput, AddressType } from './emitter.types';
import { connectionOf, payloadOf } from '../common/generic.types';

@ObjectType('PointOfSale')
export class PointOfSaleType {
  @Field({ description: 'Código MH: P + 3 dígitos.' })
  code!: string;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field({ description: 'Un punto de venta con documentos emitidos nunca se borra: queda inactivo.' })
  active!: boolean;
}

@InputType('PointOfSaleInput')
export class PointOfSaleInput {
  @Field()
  code!: string;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => Boolean, { nullable: true })
  active?: boolean | null;
}

@ObjectType('Establishment')
export class EstablishmentType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  emitterId!: string;

  @Field({ description: 'Código MH: M, B, S o P + 3 dígitos.' })
  code!: string;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field({ description: 'Tipo de establecimiento (CAT-009).' })
  type!: string;

  @Field(() => AddressType)
  address!: AddressType;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field()
  active!: boolean;

  @Field(() => [PointOfSaleType])
  pointsOfSale!: PointOfSaleType[];

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('EstablishmentConnection')
export class EstablishmentConnection extends connectionOf('Establishment', EstablishmentType) {}

@ObjectType('EstablishmentPayload')
export class EstablishmentPayload extends payloadOf('establishment', () => EstablishmentType) {}

@InputType('CreateEstablishmentInput')
export class CreateEstablishmentInput {
  @Field()
  code!: string;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field()
  type!: string;

  @Field(() => AddressInput)
  address!: AddressInput;

  @Field(() => String, { nullable: true })
  phone?: string | null;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => Boolean, { nullable: true })
  active?: boolean | null;

  @Field(() => [PointOfSaleInput], { nullable: true })
  pointsOfSale?: PointOfSaleInput[] | null;
}

@InputType('UpdateEstablishmentInput', { description: '`pointsOfSale`, si se envía, reemplaza la lista completa.' })
export class UpdateEstablishmentInput {
  @Field(() => String, { nullable: true })
  code?: string | null;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  type?: string | null;

  @Field(() => AddressInput, { nullable: true })
  address?: AddressInput | null;

  @Field(() => String, { nullable: true })
  phone?: string | null;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => Boolean, { nullable: true })
  active?: boolean | null;

  @Field(() => [PointOfSaleInput], { nullable: true })
  pointsOfSale?: PointOfSaleInput[] | null;
}
