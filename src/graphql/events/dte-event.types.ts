/**
 * GraphQL shapes of the 2026 events, derived from their views (src/domain/events/dte-event-view.ts,
 * ADR 0062): the `DteEvent` interface and its `DocumentReturn` (CAT-002 18) and `SpecialOperation` (17)
 * types. A field added to a view is on GraphQL with no edit here.
 */
import { Field, ObjectType } from 'type-graphql';
import { DTE_EVENT_STATUSES, type DteEventStatus } from '../../domain/events/dte-event-state-machine';
import { documentReturnView, dteEventView, specialOperationView, type DocumentReturnView, type SpecialOperationView } from '../../domain/events/dte-event-view';
import { connectionOf, payloadOf } from '../common/generic.types';
import { interfaceTypeOf, objectTypeOf, registerViewEnum } from '../common/view-object-type';
import '../document/document.types'; // DocumentTotals and MhResponse, shared with the document's view

/** The state machine's status list as a GraphQL enum: `SEALED` ↔ `sealed`. */
export const DteEventStatusGql = Object.fromEntries(DTE_EVENT_STATUSES.map((s) => [s.toUpperCase(), s])) as { readonly [S in DteEventStatus as Uppercase<S>]: S };
registerViewEnum(DteEventStatusGql, {
  name: 'DteEventStatus',
  description: 'PENDING: firmado, el MH aún no responde (se sigue enviando); SEALED: sellado por el MH; REJECTED: rechazado (respuesta en mhResponse); VOIDED: sellado y luego invalidado (void).',
});

export const DteEventBase = interfaceTypeOf(dteEventView, 'DteEvent', 'Un evento 2026 que se transmite al MH como un documento (retorno u operaciones especiales).');
export const DocumentReturnType = objectTypeOf(documentReturnView, 'DocumentReturn', 'Evento de retorno (CAT-002 18) sobre una FE, FEX o FSE procesada.', { implements: DteEventBase });
export type DocumentReturnType = DocumentReturnView;
export const SpecialOperationType = objectTypeOf(specialOperationView, 'SpecialOperation', 'Evento de operaciones especiales (CAT-002 17) de un emisor.', { implements: DteEventBase });
export type SpecialOperationType = SpecialOperationView;

@ObjectType('DocumentReturnPayload')
export class DocumentReturnPayload extends payloadOf('documentReturn', () => DocumentReturnType) {}

@ObjectType('SpecialOperationPayload')
export class SpecialOperationPayload extends payloadOf('specialOperation', () => SpecialOperationType) {}

const OUTCOME = 'sealed, pending (el MH no respondió aún) o already (ya estaba invalidado). Si el MH rechaza el evento, errors trae INVALIDATION_REJECTED con su respuesta en mh.';

@ObjectType('InvalidateDocumentReturnPayload')
export class InvalidateDocumentReturnPayload extends payloadOf('documentReturn', () => DocumentReturnType) {
  @Field(() => String, { nullable: true, description: OUTCOME })
  outcome?: string | null;
}

@ObjectType('InvalidateSpecialOperationPayload')
export class InvalidateSpecialOperationPayload extends payloadOf('specialOperation', () => SpecialOperationType) {
  @Field(() => String, { nullable: true, description: OUTCOME })
  outcome?: string | null;
}

@ObjectType('DocumentReturnConnection')
export class DocumentReturnConnection extends connectionOf('DocumentReturn', DocumentReturnType) {}

@ObjectType('SpecialOperationConnection')
export class SpecialOperationConnection extends connectionOf('SpecialOperation', SpecialOperationType) {}
