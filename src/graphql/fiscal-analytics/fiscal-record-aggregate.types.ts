import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { connectionOf } from '../common/generic.types';

export enum FiscalRecordGroupByGql {
  DAY = 'day',
  MONTH = 'month',
  DOC_TYPE = 'doc_type',
  COUNTERPART = 'counterpart',
  ANNEX = 'annex',
}
registerEnumType(FiscalRecordGroupByGql, {
  name: 'FiscalRecordGroupBy',
  description: 'Agrupación de fiscalRecordAggregates: DAY (fecha contable AAAA-MM-DD), MONTH (periodo AAAA-MM), DOC_TYPE (tipo de documento), '
    + 'COUNTERPART (NIT, o DUI, otro documento o NRC de la contraparte) o ANNEX (anexo del F-07 al que va el registro: compras → f07_anexo3, o f07_anexo5 si es tipo 14; '
    + 'retenciones y percepciones recibidas → f07_anexo7 / f07_anexo8 según kind; retenciones efectuadas → f07_anexo10 / f07_anexo12; ventas externas → f07_anexo1 (03, 05, 06) o f07_anexo2 (01, 11); "" si ninguno).',
});

@ObjectType('FiscalAmountSum', { description: 'Suma de una clave de amounts (decimal en texto, 2 decimales).' })
export class FiscalAmountSum {
  @Field({ description: 'Clave de amounts del recurso, p. ej. taxed_internal o vat_credit.' })
  key!: string;

  @Field()
  total!: string;
}

@ObjectType('FiscalRecordAggregateTotals', { description: 'Sumas sobre todo el filtro (no solo la página).' })
export class FiscalRecordAggregateTotals {
  @Field(() => Int)
  records!: number;

  @Field(() => [FiscalAmountSum], { description: 'Todas las claves de amounts del recurso, en el orden del catálogo ("0.00" si ningún registro la trae).' })
  amounts!: FiscalAmountSum[];
}

@ObjectType('FiscalRecordAggregate', { description: 'Un grupo de registros fiscales y sus sumas por clave de amounts.' })
export class FiscalRecordAggregate extends FiscalRecordAggregateTotals {
  @Field({ description: 'Valor del grupo: fecha, periodo, tipo, identificación de la contraparte o tipo de reporte del anexo (p. ej. f07_anexo3) ("" si falta).' })
  key!: string;

  @Field(() => String, { nullable: true, description: 'Nombre legible: de la contraparte (COUNTERPART) o del anexo (ANNEX).' })
  label!: string | null;
}

@ObjectType('FiscalRecordAggregateConnection')
export class FiscalRecordAggregateConnection extends connectionOf('FiscalRecordAggregate', FiscalRecordAggregate) {

  @Field(() => FiscalRecordAggregateTotals)
  totals!: FiscalRecordAggregateTotals;
}
