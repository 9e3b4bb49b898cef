import type { DocumentView } from '../../domain/documents';
import type { DocumentType } from './document.types';

export function toDocument(v: DocumentView): DocumentType {
  return v;
}
