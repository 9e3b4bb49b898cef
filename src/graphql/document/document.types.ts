import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DOCUMENT_STATUSES, type DocumentIssuedLines, type DocumentStatus } from '../../domain/documents';
import { connectionOf, payloadOf } from '../common/generic.types';

/** The state machine's status list as a GraphQL enum: `PROCESSED` ↔ `processed`. */
export const DocumentStatusGql = Object.fromEntries(DOCUMENT_STATUSES.map((s) => [s.toUpperCase(), s])) as { readonly [S in DocumentStatus as Uppercase<S>]: S };
registerEnumType(DocumentStatusGql, { name: 'DocumentStatus', description: 'Estados de un documento (REST: en minúsculas).' });

export enum IssueModeGql {
  SYNC = 'sync',
  ASYNC = 'async',
}
registerEnumType(IssueModeGql, { name: 'IssueMode', description: 'SYNC espera la respuesta del MH (hasta SYNC_WAIT_MS); ASYNC responde al instante.' });

@ObjectType('DocumentTotals')
export class DocumentTotalsType {
  @Field({ description: 'resumen.subTotal (FE: incluye IVA); NC/ND: subTotalVentas. Decimal con 2 decimales.' })
  subtotal!: string;

  @Field({ description: 'IVA del documento (FE: el IVA contenido en los precios).' })
  iva!: string;

  @Field({ description: 'resumen.totalPagar.' })
  total!: string;

  @Field()
  totalInWords!: string;
}

@ObjectType('MhResponse')
export class MhResponseType {
  @Field(() => String, { nullable: true })
  code!: string | null;

  @Field(() => String, { nullable: true })
  message!: string | null;

  @Field(() => [String])
  observations!: string[];
}

@ObjectType('DocumentReceiver')
export class DocumentReceiverType {
  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  documentType!: string | null;

  @Field(() => String, { nullable: true })
  documentNumber!: string | null;

  @Field(() => String, { nullable: true })
  nrc!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;
}

@ObjectType('RelatedDocument')
export class RelatedDocumentType {
  @Field(() => ID, { nullable: true, description: 'Id del documento cuando lo emitió este servicio.' })
  id!: string | null;

  @Field()
  type!: string;

  @Field()
  generationCode!: string;
}

@ObjectType('DocumentVoid')
export class DocumentVoidType {
  @Field()
  reasonType!: string;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field(() => ID, { nullable: true })
  replacementDocumentId!: string | null;

  @Field(() => String, { nullable: true })
  receptionStamp!: string | null;

  @Field({ description: 'pending, sealed o rejected.' })
  status!: string;

  @Field(() => MhResponseType, { nullable: true, description: 'La respuesta del MH al evento de invalidación (null mientras está pendiente).' })
  mhResponse!: MhResponseType | null;
}

@ObjectType('DocumentWarning')
export class DocumentWarningType {
  @Field()
  code!: string;

  @Field()
  message!: string;
}

@ObjectType('DocumentEvent')
export class DocumentEventType {
  @Field()
  type!: string;

  @Field()
  at!: Date;

  @Field()
  message!: string;
}

@ObjectType('Document', { description: 'Un documento tributario electrónico (DTE).' })
export class DocumentType {
  @Field(() => ID, { nullable: true, description: 'null en una simulación (dryRun).' })
  id!: string | null;

  @Field(() => ID)
  emitterId!: string;

  @Field({ description: '"00" pruebas, "01" producción.' })
  environment!: string;

  @Field({ description: 'CAT-002: 01 FE, 03 CCF, 05 NC, 06 ND.' })
  type!: string;

  @Field(() => DocumentStatusGql)
  status!: DocumentStatus;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true })
  generationCode!: string | null;

  @Field(() => String, { nullable: true })
  controlNumber!: string | null;

  @Field(() => String, { nullable: true })
  receptionStamp!: string | null;

  @Field(() => Date, { nullable: true })
  processedAt!: Date | null;

  @Field()
  issuedAt!: Date;

  @Field(() => DocumentTotalsType)
  totals!: DocumentTotalsType;

  @Field(() => MhResponseType, { nullable: true })
  mhResponse!: MhResponseType | null;

  @Field(() => String, { nullable: true })
  publicUrl!: string | null;

  @Field(() => String, { nullable: true })
  pdfUrl!: string | null;

  @Field(() => String, { nullable: true })
  jsonUrl!: string | null;

  @Field(() => Date, { nullable: true })
  createdAt!: Date | null;

  @Field()
  emitterName!: string;

  @Field()
  establishment!: string;

  @Field()
  pointOfSale!: string;

  @Field(() => DocumentReceiverType, { nullable: true })
  receiver!: DocumentReceiverType | null;

  @Field(() => [RelatedDocumentType])
  relatedDocuments!: RelatedDocumentType[];

  @Field(() => Date, { nullable: true })
  voidedAt!: Date | null;

  @Field(() => DocumentVoidType, { nullable: true })
  void!: DocumentVoidType | null;

  @Field(() => [DocumentWarningType])
  warnings!: DocumentWarningType[];

  @Field(() => [DocumentEventType])
  events!: DocumentEventType[];

  @Field(() => ID, { nullable: true })
  replacesDocumentId!: string | null;

  @Field(() => ID, { nullable: true })
  replacedByDocumentId!: string | null;

  @Field()
  dryRun!: boolean;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'JSON oficial construido (solo en simulaciones).' })
  json!: Record<string, unknown> | null;

  /** Lines and payment terms when the view read them (not a field: `items` and `payment` resolve from it, or load). */
  issued!: DocumentIssuedLines | null;
}

@ObjectType('DocumentPayload')
export class DocumentPayload extends payloadOf('document', () => DocumentType) {}

@ObjectType('DocumentConnection')
export class DocumentConnection extends connectionOf('Document', DocumentType) {}

@ObjectType('RetryDocumentPayload')
export class RetryDocumentPayload extends payloadOf('document', () => DocumentType, { description: 'El documento reintentado, o el nuevo que lo reemplaza.' }) {
  @Field(() => Boolean, { nullable: true, description: 'true cuando un documento nuevo reemplazó al rechazado (corrección después de 24 h).' })
  replaced?: boolean | null;
}

@ObjectType('InvalidateDocumentPayload')
export class InvalidateDocumentPayload extends payloadOf('document', () => DocumentType) {
  @Field(() => String, { nullable: true, description: 'sealed, pending (el MH no respondió aún) o already (ya estaba invalidado). Si el MH rechaza el evento, errors trae INVALIDATION_REJECTED con su respuesta en mh.' })
  outcome?: string | null;
}

@ObjectType('DocumentEmail', { description: 'Un envío por correo del PDF y el JSON de un documento.' })
export class DocumentEmailType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  documentId!: string;

  @Field({ description: 'pending, sent o failed.' })
  status!: string;

  @Field(() => [String])
  to!: string[];

  @Field(() => Int)
  attempts!: number;

  @Field(() => Date, { nullable: true, description: 'Próximo intento (solo pending).' })
  nextAttemptAt!: Date | null;

  @Field(() => String, { nullable: true })
  lastError!: string | null;

  @Field(() => String, { nullable: true, description: 'Message-ID del correo enviado.' })
  messageId!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  sentAt!: Date | null;
}

@ObjectType('SendDocumentPayload')
export class SendDocumentPayload extends payloadOf('email', () => DocumentEmailType, { description: 'El envío en cola (status pending).' }) {
  @Field(() => DocumentType, { nullable: true })
  document?: DocumentType | null;
}
