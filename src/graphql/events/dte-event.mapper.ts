import type { DocumentReturnView, DteEventView, SpecialOperationView } from '../../domain/events/dte-event-view';

/** The view is the GraphQL shape (types derived from it): a return or a special-operations event by its kind. */
export function toDocumentReturn(v: DteEventView): DocumentReturnView {
  if (v.kind !== 'return') throw new Error(`BUG: ${v.id} no es un retorno`);
  return v;
}

export function toSpecialOperation(v: DteEventView): SpecialOperationView {
  if (v.kind !== 'special_operation') throw new Error(`BUG: ${v.id} no es un evento de operaciones especiales`);
  return v;
}
