import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { DocumentStatus } from '../../domain/documents';
import { DocumentStatusGql } from '../document/document.types';
import { connectionOf } from '../common/generic.types';

export enum DocumentGroupByGql {
  DAY = 'day',
  MONTH = 'month',
  TYPE = 'type',
  RECEIVER = 'receiver',
  ESTABLISHMENT = 'establishment',
  ANNEX = 'annex',
}
registerEnumType(DocumentGroupByGql, {
  name: 'DocumentGroupBy',
  description: 'Agrupación de documentAggregates: DAY (AAAA-MM-DD), MONTH (AAAA-MM), TYPE (CAT-002), RECEIVER (número de documento), ESTABLISHMENT (código) o ANNEX (anexo de ventas del F-07 al que van los montos: f07_anexo1 para CCF 03, NC 05 y ND 06; f07_anexo2 para FE 01 y FEX 11; "" para los demás tipos).',
});

@InputType('DocumentAggregateFilter', { description: 'Filtros de documentAggregates; todos opcionales y combinables.' })
export class DocumentAggregateFilterInput {
  @Field(() => String, { nullable: true, description: 'Periodo AAAA-MM de la fecha de emisión.' })
  period?: string | null;

  @Field(() => String, { nullable: true, description: 'Tipo de documento (CAT-002), p. ej. 01 o 03.' })
  type?: string | null;

  @Field(() => DocumentStatusGql, { nullable: true, description: 'Predeterminado PROCESSED: los documentos que cuentan en los libros (los invalidados, VOIDED, no cuentan).' })
  status?: DocumentStatus | null;

  @Field(() => String, { nullable: true, description: 'Número de documento exacto del receptor, o parte de su nombre.' })
  receiver?: string | null;

  @Field(() => String, { nullable: true, description: 'Código del establecimiento.' })
  establishmentCode?: string | null;
}

@ObjectType('DocumentAggregateTotals', { description: 'Sumas sobre todo el filtro (no solo la página). Decimales con 2 decimales.' })
export class DocumentAggregateTotals {
  @Field(() => Int)
  documents!: number;

  @Field()
  subtotal!: string;

  @Field()
  iva!: string;

  @Field()
  total!: string;
}

@ObjectType('DocumentAggregate', { description: 'Un grupo de documentos y sus sumas (decimales en texto, 2 decimales).' })
export class DocumentAggregate extends DocumentAggregateTotals {
  @Field({ description: 'Valor del grupo: fecha, periodo, tipo, número de documento del receptor, código de establecimiento o tipo de reporte del anexo (p. ej. f07_anexo1) ("" si falta).' })
  key!: string;

  @Field(() => String, { nullable: true, description: 'Nombre legible: del tipo (TYPE), del receptor (RECEIVER) o del anexo (ANNEX).' })
  label!: string | null;
}

@ObjectType('DocumentAggregateConnection')
export class DocumentAggregateConnection extends connectionOf('DocumentAggregate', DocumentAggregate) {

  @Field(() => DocumentAggregateTotals)
  totals!: DocumentAggregateTotals;
}
