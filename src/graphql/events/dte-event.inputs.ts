import { Field, InputType, Int } from 'type-graphql';
import { PersonInput } from '../document/document.inputs';

@InputType('DocumentReturnLineInput')
export class DocumentReturnLineInput {
  @Field(() => Int, { description: 'Número de línea (numItem) del documento original.' }) numItem!: number;
  @Field({ description: 'Cantidad devuelta (decimal en texto); no supera el saldo por devolver de la línea.' }) quantity!: string;
}

@InputType('DocumentReturnInput')
export class DocumentReturnInput {
  @Field(() => String, { nullable: true }) externalId?: string | null;
  @Field(() => [DocumentReturnLineInput]) lines!: DocumentReturnLineInput[];
}

@InputType('SpecialOperationLineInput')
export class SpecialOperationLineInput {
  @Field({ description: 'CAT-023: 02 (rango de facturas de venta simplificada) o 97 (comprobante de control interno).' }) documentType!: string;
  @Field(() => String, { nullable: true, description: '97: número del comprobante.' }) documentNumber?: string | null;
  @Field(() => String, { nullable: true, description: '02: primer número del rango.' }) rangeFrom?: string | null;
  @Field(() => String, { nullable: true, description: '02: último número del rango.' }) rangeTo?: string | null;
  @Field(() => String, { nullable: true, description: 'yyyy-MM-dd' }) issuedOn?: string | null;
  @Field(() => Int, { description: 'Cantidad de documentos (1 para un comprobante).' }) quantity!: number;
  @Field() description!: string;
  @Field(() => String, { nullable: true }) noSujeta?: string | null;
  @Field(() => String, { nullable: true }) exenta?: string | null;
  @Field(() => String, { nullable: true }) gravada?: string | null;
  @Field(() => String, { nullable: true, description: 'Código de generación de un evento anterior que esta línea ajusta.' }) referenceEvent?: string | null;
}

@InputType('SpecialOperationInput')
export class SpecialOperationInput {
  @Field(() => String, { nullable: true }) externalId?: string | null;
  @Field(() => [SpecialOperationLineInput]) lines!: SpecialOperationLineInput[];
}

@InputType('InvalidateDteEventInput', { description: 'La invalidación de un evento sellado (retorno u operaciones especiales): sin documento de reemplazo.' })
export class InvalidateDteEventInput {
  @Field({ description: '"1" error en la información, "2" rescindir la operación, "3" otro (CAT-024).' }) reasonType!: string;
  @Field(() => String, { nullable: true, description: 'Obligatorio para el tipo 3.' }) reason?: string | null;
  @Field(() => PersonInput, { description: 'Quien realiza la invalidación.' }) responsible!: PersonInput;
  @Field(() => PersonInput, { description: 'Quien la solicita.' }) requester!: PersonInput;
}
