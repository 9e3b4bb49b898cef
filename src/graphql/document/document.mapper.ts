import type { DocumentView } from '../../services/documents/document-view';
import type { DocumentStatusGql, DocumentType } from './document.types';

export function toDocument(v: DocumentView): DocumentType {
  return { ...v, status: v.status as DocumentStatusGql };
}
