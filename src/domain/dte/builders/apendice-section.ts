/** `apendice` from the request's `appendix` (null when there is none). */
import type { DocumentCreateInput } from '../document-create.schema';

export function buildApendice(appendix: DocumentCreateInput['appendix']): Record<string, unknown>[] | null {
  if (!appendix || appendix.length === 0) return null;
  return appendix.map((a) => ({ campo: a.field, etiqueta: a.label, valor: a.value }));
}
