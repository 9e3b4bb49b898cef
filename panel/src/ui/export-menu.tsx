import type { DocumentFilter } from '../api/documents.api';
import { Icon } from './icons';

/** The REST list's names of the list's filters (README's REST table: `emitter_id`, `issued_from`…). */
export function exportHref(filter: DocumentFilter, format: 'csv' | 'xlsx'): string {
  const p = new URLSearchParams({ format });
  if (filter.emitterId) p.set('emitter_id', filter.emitterId);
  if (filter.type) p.set('type', filter.type);
  if (filter.status) p.set('status', filter.status);
  if (filter.issuedFrom) p.set('issued_from', filter.issuedFrom);
  if (filter.issuedTo) p.set('issued_to', filter.issuedTo);
  if (filter.q) p.set('q', filter.q);
  return `/v1/documents/export?${p.toString()}`;
}

/** «Exportar»: the documents the list shows, with its current filters, as CSV or Excel. */
export function ExportMenu({ filter }: { filter: DocumentFilter }) {
  return (
    <details class="menu">
      <summary class="btn btn-secondary">
        <Icon name="download" size={16} /> Exportar
      </summary>
      <div class="menu-list" role="menu">
        <a role="menuitem" href={exportHref(filter, 'csv')} download="documentos.csv">
          CSV (texto separado por comas)
        </a>
        <a role="menuitem" href={exportHref(filter, 'xlsx')} download="documentos.xlsx">
          Excel (XLSX)
        </a>
      </div>
    </details>
  );
}
