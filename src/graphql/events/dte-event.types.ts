/** GraphQL shapes of the 2026 events: DocumentReturn (CAT-002 18) and SpecialOperation (17). */
import { Field, ID, Int, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import { DocumentTotalsType, MhResponseType } from '../document/document.types';
import { connectionOf, payloadOf } from '../common/generic.types';

export enum DteEventStatusGql {
  PENDING = 'pending',
  SEALED = 'sealed',
  REJECTED = 'rejected',
}
registerEnumType(DteEventStatusGql, {
  name: 'DteEventStatus',
  description: 'PENDING: firmado, el MH aún no responde (se sigue enviando); SEALED: sellado por el MH; REJECTED: rechazado (respuesta en mhResponse).',
});

@InterfaceType('DteEvent', { description: 'Un evento 2026 que se transmite al MH como un documento (retorno u operaciones especiales).' })
export abstract class DteEventBase {
  @Field(() => ID) id!: string;
  @Field(() => ID) emitterId!: string;
  @Field() environment!: string;
  @Field({ description: 'CAT-002: 18 retorno, 17 operaciones especiales.' }) type!: string;
  @Field(() => DteEventStatusGql) status!: DteEventStatusGql;
  @Field(() => String, { nullable: true }) externalId!: string | null;
  @Field() generationCode!: string;
  @Field(() => String, { nullable: true, description: 'Sello de recepción del MH.' }) receptionStamp!: string | null;
  @Field(() => Date, { nullable: true }) processedAt!: Date | null;
  @Field({ description: 'Fecha del evento (yyyy-MM-dd, El Salvador).' }) eventDate!: string;
  @Field(() => DocumentTotalsType) totals!: DocumentTotalsType;
  @Field(() => MhResponseType, { nullable: true }) mhResponse!: MhResponseType | null;
  @Field() createdAt!: Date;
}

@ObjectType('DocumentReturnLine')
export class DocumentReturnLineType {
  @Field(() => Int, { description: 'Número de línea del documento original.' }) numItem!: number;
  @Field({ description: 'Cantidad devuelta.' }) quantity!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
}

@ObjectType('DocumentReturn', { implements: DteEventBase, description: 'Evento de retorno (CAT-002 18) sobre una FE, FEX o FSE procesada.' })
export class DocumentReturnType extends DteEventBase {
  @Field(() => ID, { description: 'El documento sobre el que se hace el retorno.' }) documentId!: string;
  @Field(() => [DocumentReturnLineType]) lines!: DocumentReturnLineType[];
}

@ObjectType('SpecialOperationLine')
export class SpecialOperationLineType {
  @Field({ description: 'CAT-023: 02 factura de venta simplificada, 97 comprobante de control interno.' }) documentType!: string;
  @Field(() => String, { nullable: true }) documentNumber!: string | null;
  @Field(() => String, { nullable: true }) rangeFrom!: string | null;
  @Field(() => String, { nullable: true }) rangeTo!: string | null;
  @Field(() => String, { nullable: true }) issuedOn!: string | null;
  @Field(() => Int) quantity!: number;
  @Field() description!: string;
  @Field(() => String, { nullable: true }) noSujeta!: string | null;
  @Field(() => String, { nullable: true }) exenta!: string | null;
  @Field(() => String, { nullable: true }) gravada!: string | null;
  @Field(() => String, { nullable: true }) referenceEvent!: string | null;
}

@ObjectType('SpecialOperation', { implements: DteEventBase, description: 'Evento de operaciones especiales (CAT-002 17) de un emisor.' })
export class SpecialOperationType extends DteEventBase {
  @Field(() => [SpecialOperationLineType]) lines!: SpecialOperationLineType[];
}

@ObjectType('DocumentReturnPayload')
export class DocumentReturnPayload extends payloadOf('documentReturn', () => DocumentReturnType) {}

@ObjectType('SpecialOperationPayload')
export class SpecialOperationPayload extends payloadOf('specialOperation', () => SpecialOperationType) {}

@ObjectType('DocumentReturnConnection')
export class DocumentReturnConnection extends connectionOf('DocumentReturn', DocumentReturnType) {}

@ObjectType('SpecialOperationConnection')
export class SpecialOperationConnection extends connectionOf('SpecialOperation', SpecialOperationType) {}
