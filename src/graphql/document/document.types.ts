import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DOCUMENT_STATUSES, documentTotalsView, documentView, mhResponseView, type DocumentMhResponse, type DocumentStatus, type DocumentView } from '../../domain/documents';
import { connectionOf, payloadOf } from '../common/generic.types';
import { objectTypeOf, registerViewEnum } from '../common/view-object-type';

/** The state machine's status list as a GraphQL enum: `PROCESSED` ↔ `processed`. */
export const DocumentStatusGql = Object.fromEntries(DOCUMENT_STATUSES.map((s) => [s.toUpperCase(), s])) as { readonly [S in DocumentStatus as Uppercase<S>]: S };
registerViewEnum(DocumentStatusGql, { name: 'DocumentStatus', description: 'Estados de un documento (REST: en minúsculas).' });

export enum IssueModeGql {
  SYNC = 'sync',
  ASYNC = 'async',
}
registerEnumType(IssueModeGql, { name: 'IssueMode', description: 'SYNC espera la respuesta del MH (hasta SYNC_WAIT_MS); ASYNC responde al instante.' });

/**
 * `Document` and its nested types, derived from the document's view (src/domain/documents/document-view.ts,
 * ADR 0062): a field added there is on GraphQL with no edit here. `items` and `payment` resolve apart
 * (document-lines.resolver.ts).
 */
export const DocumentType = objectTypeOf(documentView, 'Document', 'Un documento tributario electrónico (DTE).');
export type DocumentType = DocumentView;
export const DocumentTotalsType = objectTypeOf(documentTotalsView, 'DocumentTotals');
export type DocumentTotalsType = DocumentView['totals'];
export const MhResponseType = objectTypeOf(mhResponseView, 'MhResponse');
export type MhResponseType = DocumentMhResponse;

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
