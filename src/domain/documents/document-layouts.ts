/**
 * The printed layouts of a document's graphic representation: the letter PDF (default), the
 * thermal-roll ticket PDFs (80 mm and 58 mm paper; 72 mm and 48 mm printable) and the raw
 * ESC/POS byte stream for POS integrators who print without a PDF viewer (ADR 0070).
 */
export const DOCUMENT_LAYOUTS = ['letter', 'ticket-80', 'ticket-58', 'escpos-80', 'escpos-58'] as const;
export type DocumentLayout = (typeof DOCUMENT_LAYOUTS)[number];

export const DEFAULT_DOCUMENT_LAYOUT: DocumentLayout = 'letter';

export const DOCUMENT_LAYOUT_MESSAGE = '"layout" es letter, ticket-80, ticket-58, escpos-80 o escpos-58.';

export function isDocumentLayout(value: unknown): value is DocumentLayout {
  return typeof value === 'string' && (DOCUMENT_LAYOUTS as readonly string[]).includes(value);
}

/** Paper of a ticket layout: roll width and printable width in millimetres, characters per line (Font A). */
export interface TicketPaper {
  readonly paperMm: number;
  readonly printableMm: number;
  readonly columns: number;
}

export const TICKET_PAPERS: Readonly<Record<'80' | '58', TicketPaper>> = {
  '80': { paperMm: 80, printableMm: 72, columns: 48 },
  '58': { paperMm: 58, printableMm: 48, columns: 32 },
};

/** What a layout is: its media type, file extension and, for tickets, its paper. */
export function layoutFormat(layout: DocumentLayout): { kind: 'letter' | 'ticket' | 'escpos'; mediaType: string; extension: string; paper: TicketPaper | null } {
  if (layout === 'letter') return { kind: 'letter', mediaType: 'application/pdf', extension: 'pdf', paper: null };
  const paper = TICKET_PAPERS[layout.endsWith('58') ? '58' : '80'];
  if (layout.startsWith('ticket')) return { kind: 'ticket', mediaType: 'application/pdf', extension: 'pdf', paper };
  return { kind: 'escpos', mediaType: 'application/octet-stream', extension: 'bin', paper };
}

/** The PDF link of a document (`…/v1/documents/{id}/pdf`) for `layout`: the letter link is the plain one. */
export function pdfUrlWithLayout(pdfUrl: string, layout: DocumentLayout): string {
  return layout === DEFAULT_DOCUMENT_LAYOUT ? pdfUrl : `${pdfUrl}?layout=${layout}`;
}
