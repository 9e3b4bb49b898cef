import { useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { deleteCustomer, listCustomers, type Customer } from '../api/directory.api';
import type { EmitterSummary } from '../api/emitters.api';
import { customerKind } from '../lib/customer-draft';
import { formatDate } from '../lib/format';
import { can } from '../lib/session';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { CustomerDialog } from '../ui/customer-dialog';
import { CustomerEditLinkDialog } from '../ui/customer-edit-link-dialog';
import { DirectoryCard, type DirectoryWords } from '../ui/directory-card';
import { EmitterPicker } from '../ui/emitter-picker';
import { PageHeader } from '../ui/page';
import type { Column } from '../ui/table';

const KIND_LABELS = { taxpayer: 'Contribuyente', consumer: 'Consumidor final', foreign: 'En el exterior' } as const;

const COLUMNS: Column<Customer>[] = [
  { key: 'name', label: 'Nombre', primary: true, render: (c) => <span class="strong">{c.name}</span> },
  { key: 'kind', label: 'Tipo', render: (c) => <Badge>{KIND_LABELS[customerKind(c)]}</Badge> },
  { key: 'document', label: 'Documento', render: (c) => <span class="mono">{c.documentNumber ?? '—'}</span> },
  { key: 'nrc', label: 'NRC', render: (c) => <span class="mono">{c.nrc ?? '—'}</span>, hideOnPhone: true },
  { key: 'email', label: 'Correo', render: (c) => c.email ?? <span class="muted">—</span> },
  { key: 'used', label: 'Última emisión', render: (c) => (c.lastUsedAt ? formatDate(c.lastUsedAt) : <span class="muted">Nunca</span>), hideOnPhone: true },
  { key: 'self', label: 'Datos por el cliente', render: (c) => (c.selfServiceCompletedAt ? formatDate(c.selfServiceCompletedAt) : <span class="muted">—</span>), hideOnPhone: true },
];

const WORDS: DirectoryWords = {
  title: 'Directorio de clientes',
  caption: 'Clientes',
  noun: 'Cliente',
  newLabel: 'Nuevo cliente',
  searchLabel: 'Buscar clientes',
  searchPlaceholder: 'Nombre, NIT, NRC o correo',
  emptyIcon: 'users',
  emptyTitle: 'Todavía no hay clientes',
  emptyHint: 'Guarde a quienes les factura para elegirlos al emitir, sin volver a escribir sus datos.',
  noMatchTitle: 'Ningún cliente coincide con la búsqueda',
  noMatchHint: 'Pruebe con parte del nombre, el NIT o el correo.',
};

function CustomersOf({ emitter, writer }: { emitter: EmitterSummary; writer: boolean }) {
  const [linking, setLinking] = useState<Customer | null>(null);
  return (
    <>
      <DirectoryCard<Customer>
        kind="customers"
        emitter={emitter}
        writer={writer}
        words={WORDS}
        load={listCustomers}
        remove={deleteCustomer}
        nameOf={(c) => c.name}
        columns={COLUMNS}
        rowActions={(c) => (
          <Button size="sm" variant="ghost" onClick={() => setLinking(c)} aria-label={`Enviar enlace para que el cliente complete sus datos: ${c.name}`} title="Enviar enlace para que el cliente complete sus datos">
            Enviar enlace
          </Button>
        )}
        editor={(p) => <CustomerDialog emitterId={emitter.id} customer={p.entry} open={p.open} onClose={p.onClose} onSaved={p.onSaved} />}
      />
      <CustomerEditLinkDialog customer={linking} onClose={() => setLinking(null)} />
    </>
  );
}

export default function CustomersScreen({ session, query }: ScreenProps) {
  return (
    <div class="screen">
      <PageHeader title="Clientes" subtitle="Los receptores de cada emisor: se eligen al emitir y llenan el receptor del documento." />
      <EmitterPicker query={query}>{(e) => <CustomersOf emitter={e} writer={can(session, 'write')} />}</EmitterPicker>
    </div>
  );
}
