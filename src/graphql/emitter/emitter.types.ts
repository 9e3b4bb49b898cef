import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { connectionOf, payloadOf } from '../common/generic.types';

export enum NumberingGql {
  PER_ESTABLISHMENT = 'per_establishment',
  CENTRALIZED = 'centralized',
}
registerEnumType(NumberingGql, {
  name: 'Numbering',
  description: 'Numeración de los números de control: por establecimiento y punto de venta (predeterminada) o centralizada por emisor.',
});

@ObjectType('Address')
export class AddressType {
  @Field({ description: 'Departamento (CAT-012).' })
  department!: string;

  @Field({ description: 'Municipio (CAT-013), del departamento.' })
  municipality!: string;

  @Field({ description: 'Distrito (CAT-008), del departamento.' })
  district!: string;

  @Field({ description: 'Complemento de la dirección.' })
  line!: string;
}

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

@ObjectType('CredentialStatus', { description: 'Estado de las credenciales de un ambiente; los secretos nunca se devuelven.' })
export class CredentialStatusType {
  @Field()
  environment!: string;

  @Field()
  certificateLoaded!: boolean;

  @Field(() => String, { nullable: true })
  certificateNit!: string | null;

  @Field()
  mhLoginOk!: boolean;

  @Field(() => Date, { nullable: true })
  checkedAt!: Date | null;

  @Field(() => String, { nullable: true })
  mhUser!: string | null;

  @Field(() => Date, { nullable: true })
  certificateValidUntil!: Date | null;

  @Field(() => String, { nullable: true })
  message!: string | null;
}

@ObjectType('Emitter', { description: 'Un emisor (contribuyente) de la cuenta.' })
export class EmitterType {
  @Field(() => ID)
  id!: string;

  @Field()
  nit!: string;

  @Field()
  nrc!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  tradeName!: string | null;

  @Field({ description: 'Actividad económica (CAT-019).' })
  economicActivity!: string;

  @Field(() => String, { nullable: true, description: 'Tipo de establecimiento (CAT-009).' })
  establishmentType!: string | null;

  @Field(() => AddressType)
  address!: AddressType;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field()
  email!: string;

  @Field(() => NumberingGql)
  numbering!: NumberingGql;

  @Field(() => String, { nullable: true })
  logoUrl!: string | null;

  @Field()
  isLargeTaxpayer!: boolean;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
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
