import { Arg, FieldResolver, registerEnumType, Resolver, Root } from 'type-graphql';
import { DEFAULT_DOCUMENT_LAYOUT, pdfUrlWithLayout, type DocumentLayout } from '../../domain/documents';
import { DocumentType } from './document.types';

/** REST's `layout` values as a GraphQL enum: `TICKET_80` ↔ `ticket-80`. */
export enum DocumentLayoutGql {
  LETTER = 'letter',
  TICKET_80 = 'ticket-80',
  TICKET_58 = 'ticket-58',
  ESCPOS_80 = 'escpos-80',
  ESCPOS_58 = 'escpos-58',
}
registerEnumType(DocumentLayoutGql, {
  name: 'DocumentLayout',
  description: 'Representación gráfica: LETTER (PDF carta), TICKET_80 / TICKET_58 (PDF de rollo térmico, 72 / 48 mm imprimibles), ESCPOS_80 / ESCPOS_58 (bytes ESC/POS crudos).',
});

/** `Document.pdfUrl(layout:)`: the same link REST's `GET /v1/documents/{id}/pdf?layout=` serves. */
@Resolver(() => DocumentType)
export class DocumentPdfUrlResolver {
  @FieldResolver(() => String, { nullable: true })
  pdfUrl(@Root() doc: DocumentType, @Arg('layout', () => DocumentLayoutGql, { defaultValue: DocumentLayoutGql.LETTER }) layout: DocumentLayoutGql): string | null {
    return doc.pdfUrl === null ? null : pdfUrlWithLayout(doc.pdfUrl, (layout ?? DEFAULT_DOCUMENT_LAYOUT) as DocumentLayout);
  }
}
