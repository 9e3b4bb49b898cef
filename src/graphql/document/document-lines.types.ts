import { documentItemView, documentPaymentView, type DocumentItemView, type DocumentPaymentView } from '../../domain/documents';
import { objectTypeOf } from '../common/view-object-type';

/** A document's lines and payment terms as GraphQL shows them, derived from their view (document-lines-view.ts, ADR 0062). */
export const DocumentItemType = objectTypeOf(documentItemView, 'DocumentItem', 'Una línea del documento tal como se emitió (del JSON firmado); los campos que el tipo no lleva son null.');
export type DocumentItemType = DocumentItemView;
export const DocumentPaymentType = objectTypeOf(documentPaymentView, 'DocumentPayment', 'Condición de la operación y formas de pago tal como se emitieron.');
export type DocumentPaymentType = DocumentPaymentView;
