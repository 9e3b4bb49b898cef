import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { credentialStatusView, type CredentialStatusView } from '../../domain/credentials/credential-status-view';
import { addressView, emitterView, type AddressView, type EmitterView } from '../../domain/emitter/emitter-view';
import { connectionOf, payloadOf } from '../common/generic.types';
import { objectTypeOf, registerViewEnum } from '../common/view-object-type';

export enum NumberingGql {
  PER_ESTABLISHMENT = 'per_establishment',
  CENTRALIZED = 'centralized',
}
registerViewEnum(NumberingGql, {
  name: 'Numbering',
  description: 'Numeración de los números de control: por establecimiento y punto de venta (predeterminada) o centralizada por emisor.',
});

/**
 * `Emitter`, `Address` and `CredentialStatus`, derived from their views (src/domain/emitter/emitter-view.ts,
 * src/domain/credentials/credential-status-view.ts; ADR 0062): a field added there is on GraphQL with
 * no edit here. `credentials` and `establishments` resolve apart (emitter.resolver.ts).
 */
export const AddressType = objectTypeOf(addressView, 'Address');
export type AddressType = AddressView;
export const CredentialStatusType = objectTypeOf(credentialStatusView, 'CredentialStatus', 'Estado de las credenciales de un ambiente; los secretos nunca se devuelven.');
export type CredentialStatusType = CredentialStatusView;
export const EmitterType = objectTypeOf(emitterView, 'Emitter', 'Un emisor (contribuyente) de la cuenta.');
export type EmitterType = EmitterView;

@InputType('AddressInput')
export class AddressInput {
  @Field()
  department!: string;

  @Field()
  municipality!: string;

  @Field()
  district!: string;

  @Field()
  line!: string;
}

@ObjectType('EmitterConnection')
export class EmitterConnection extends connectionOf('Emitter', EmitterType) {}

@ObjectType('EmitterPayload')
export class EmitterPayload extends payloadOf('emitter', () => EmitterType) {}

@InputType('CreateEmitterInput')
export class CreateEmitterInput {
  @Field({ description: 'NIT: 14 dígitos (o 9 si se basa en el DUI), sin guiones.' })
  nit!: string;

  @Field({ description: 'NRC: 2 a 8 dígitos.' })
  nrc!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  tradeName?: string | null;

  @Field()
  economicActivity!: string;

  @Field(() => String, { nullable: true })
  establishmentType?: string | null;

  @Field(() => AddressInput)
  address!: AddressInput;

  @Field(() => String, { nullable: true })
  phone?: string | null;

  @Field()
  email!: string;

  @Field(() => NumberingGql, { nullable: true })
  numbering?: NumberingGql | null;

  @Field(() => String, { nullable: true })
  logoUrl?: string | null;

  @Field(() => Boolean, { nullable: true })
  isLargeTaxpayer?: boolean | null;
}

@InputType('UpdateEmitterInput', { description: 'Los campos presentes reemplazan los guardados; null borra un campo opcional.' })
export class UpdateEmitterInput {
  @Field(() => String, { nullable: true })
  nit?: string | null;

  @Field(() => String, { nullable: true })
  nrc?: string | null;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  tradeName?: string | null;

  @Field(() => String, { nullable: true })
  economicActivity?: string | null;

  @Field(() => String, { nullable: true })
  establishmentType?: string | null;

  @Field(() => AddressInput, { nullable: true })
  address?: AddressInput | null;

  @Field(() => String, { nullable: true })
  phone?: string | null;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => NumberingGql, { nullable: true })
  numbering?: NumberingGql | null;

  @Field(() => String, { nullable: true })
  logoUrl?: string | null;

  @Field(() => Boolean, { nullable: true })
  isLargeTaxpayer?: boolean | null;
}

export const PAGE_ARGS_DESCRIPTION = { first: 'Elementos por página, 1–100 (predeterminado 20).', after: 'Cursor: el id del último elemento visto.' };
export { Int };
