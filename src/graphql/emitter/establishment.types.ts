import { Field, InputType, ObjectType } from 'type-graphql';
import { establishmentView, pointOfSaleView, type EstablishmentView, type PointOfSaleView } from '../../domain/emitter/emitter-view';
import { AddressInput } from './emitter.types';
import { connectionOf, payloadOf } from '../common/generic.types';
import { objectTypeOf } from '../common/view-object-type';

@InputType('PointOfSaleInput')
export class PointOfSaleInput {
  @Field()
  code!: string;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => Boolean, { nullable: true })
  active?: boolean | null;
}

/**
 * `Establishment` and `PointOfSale`, derived from their views (src/domain/emitter/emitter-view.ts,
 * ADR 0062): a field added there is on GraphQL with no edit here.
 */
export const EstablishmentType = objectTypeOf(establishmentView, 'Establishment');
export type EstablishmentType = EstablishmentView;
export const PointOfSaleType = objectTypeOf(pointOfSaleView, 'PointOfSale');
export type PointOfSaleType = PointOfSaleView;

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
