import type { ComponentChildren } from 'preact';
import { DOCUMENT_TYPES, formatDateTime, formatMoney } from '../lib/format';
import { StatusBadge } from './badge';
import { Icon } from './icons';
import type { Column } from './table';

/** What a documents table shows of each document. */
export interface ListedDocument {
  id: string;
  controlNumber: string | null;
  type: string;
  status: string;
  issuedAt: string;
  emitterName?: string;
  receiver: { name: string | null } | null;
  totals: { total: string };
}

/** The «PDF» control's content (a link in the panel, a button in the embed view). */
export function PdfLabel() {
  return (
    <>
      <Icon name="download" size={15} />
      PDF
    </>
  );
}

export const pdfName = (d: Pick<ListedDocument, 'id' | 'controlNumber'>) => `${d.controlNumber ?? d.id}.pdf`;
export const pdfLabel = (d: Pick<ListedDocument, 'controlNumber'>) => `Descargar PDF ${d.controlNumber ?? ''}`.trim();

/**
 * The columns of a documents table: «Número de control» in full (a link when `link` gives one), type,
 * receiver, emitter (only when the list mixes emitters), date, total, status in Spanish and «PDF».
 */
export function documentColumns<T extends ListedDocument>(opts: { link?: (d: T) => string; showEmitter?: boolean; pdf: (d: T) => ComponentChildren }): Column<T>[] {
  return [
    {
      key: 'control',
      label: 'Número de control',
      primary: true,
      render: (d) =>
        opts.link ? (
          <a class="mono strong nowrap" href={opts.link(d)}>
            {d.controlNumber ?? d.id}
          </a>
        ) : (
          <span class="mono strong nowrap">{d.controlNumber ?? d.id}</span>
        ),
    },
    { key: 'type', label: 'Tipo', render: (d) => <span title={DOCUMENT_TYPES[d.type]?.name}>{DOCUMENT_TYPES[d.type]?.short ?? d.type}</span> },
    { key: 'receiver', label: 'Receptor', render: (d) => (d.receiver?.name ? <span class="truncate">{d.receiver.name}</span> : <span class="muted">Consumidor final</span>) },
    ...(opts.showEmitter ? [{ key: 'emitter', label: 'Emisor', hideOnPhone: true, render: (d: T) => <span class="truncate">{d.emitterName}</span> }] : []),
    { key: 'date', label: 'Fecha', render: (d) => <span class="nowrap">{formatDateTime(d.issuedAt)}</span> },
    { key: 'total', label: 'Total', align: 'right', render: (d) => <span class="amount">{formatMoney(d.totals.total)}</span> },
    { key: 'status', label: 'Estado', render: (d) => <StatusBadge status={d.status} /> },
    { key: 'pdf', label: 'PDF', noLabel: true, render: opts.pdf },
  ];
}
