import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../common/user-error.type';
import { connectionOf, payloadOf } from '../common/generic.types';

@ObjectType('FiscalRecord', { description: 'Un registro fiscal (compra, retención o percepción, venta externa) de un emisor, normalizado.' })
export class FiscalRecordType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  emitterId!: string;

  @Field({ description: 'purchases, withholdings-received, external-sales o withholdings-made.' })
  resource!: string;

  @Field()
  externalId!: string;

  @Field(() => Int)
  version!: number;

  @Field({ description: 'Periodo AAAA-MM de la fecha contable.' })
  period!: string;

  @Field(() => GraphQLJSONObject, { description: 'El registro normalizado (camelCase; las llaves de amounts y attributes en snake_case).' })
  record!: Record<string, unknown>;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('FiscalRecordError', { description: 'Error de un elemento del lote.' })
export class FiscalRecordErrorType {
  @Field()
  code!: string;

  @Field()
  message!: string;

  @Field(() => [UserError])
  errors!: UserError[];
}

@ObjectType('FiscalRecordResult', { description: 'Resultado de un elemento del lote: CREATED, UPDATED, UNCHANGED o ERROR.' })
export class FiscalRecordResultType {
  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field()
  status!: string;

  @Field(() => FiscalRecordType, { nullable: true })
  record!: FiscalRecordType | null;

  @Field(() => FiscalRecordErrorType, { nullable: true })
  error!: FiscalRecordErrorType | null;
}

@ObjectType('UpsertFiscalRecordsPayload')
export class UpsertFiscalRecordsPayload extends payloadOf('results', () => [FiscalRecordResultType]) {}

@ObjectType('FiscalRecordPayload')
export class FiscalRecordPayload extends payloadOf('fiscalRecord', () => FiscalRecordType) {
  @Field(() => String, { nullable: true, description: 'created, updated o unchanged.' })
  outcome?: string | null;
}

@InputType('FiscalRecordFilter', { description: 'Filtros de registros fiscales (listado y agregados); todos opcionales y combinables. Los registros eliminados nunca cuentan.' })
export class FiscalRecordFilterInput {
  @Field(() => String, { nullable: true, description: 'Periodo AAAA-MM de la fecha contable.' })
  period?: string | null;

  @Field(() => String, { nullable: true, description: 'Tipo de documento (CAT-002; 12 o 13 para aduanas), p. ej. 03 o 14.' })
  docType?: string | null;

  @Field(() => String, { nullable: true, description: 'Clase de documento: 1 impreso, 2 formulario único, 3 DUCA o mandamiento, 4 DTE.' })
  docClass?: string | null;

  @Field(() => String, { nullable: true, description: 'NIT, NRC o DUI de la contraparte (con o sin guiones), o parte de su nombre.' })
  counterpart?: string | null;

  @Field(() => String, { nullable: true, description: 'Fecha contable desde (AAAA-MM-DD, inclusive).' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'Fecha contable hasta (AAAA-MM-DD, inclusive).' })
  to?: string | null;
}

@ObjectType('FiscalRecordConnection')
export class FiscalRecordConnection extends connectionOf('FiscalRecord', FiscalRecordType) {}

@ObjectType('IncomeCodes')
export class IncomeCodesType {
  @Field()
  operationType!: string;

  @Field()
  incomeType!: string;
}

@InputType('IncomeCodesInput')
export class IncomeCodesInput {
  @Field()
  operationType!: string;

  @Field()
  incomeType!: string;
}

@ObjectType('DocumentFiscalTags', { description: 'Etiquetas fiscales de un documento emitido (anexos y libros).' })
export class DocumentFiscalTagsType {
  @Field(() => IncomeCodesType, { nullable: true })
  incomeCodes!: IncomeCodesType | null;

  @Field()
  freeZone!: boolean;

  @Field()
  exemptNonProportional!: boolean;

  @Field()
  excludeFromBooks!: boolean;

  @Field(() => String, { nullable: true })
  externalRef!: string | null;
}

@InputType('DocumentFiscalTagsInput', { description: 'Solo las etiquetas enviadas cambian.' })
export class DocumentFiscalTagsInput {
  @Field(() => IncomeCodesInput, { nullable: true })
  incomeCodes?: IncomeCodesInput | null;

  @Field(() => Boolean, { nullable: true })
  freeZone?: boolean;

  @Field(() => Boolean, { nullable: true })
  exemptNonProportional?: boolean;

  @Field(() => Boolean, { nullable: true })
  excludeFromBooks?: boolean;

  @Field(() => String, { nullable: true })
  externalRef?: string | null;
}

@ObjectType('DocumentFiscalTagsPayload')
export class DocumentFiscalTagsPayload extends payloadOf('fiscalTags', () => DocumentFiscalTagsType) {
  @Field(() => ID, { nullable: true })
  documentId?: string | null;
}
