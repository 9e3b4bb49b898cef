import { useEffect, useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { deleteCustomer, listCustomers, type Customer } from '../api/directory.api';
import type { EmitterSummary } from '../api/emitters.api';
import { customerKind } from '../lib/customer-draft';
import { formatDate } from '../lib/format';
import { useLoad } from '../lib/hooks';
import { can } from '../lib/session';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { CustomerDialog } from '../ui/customer-dialog';
import { CustomerEditLinkDialog } from '../ui/customer-edit-link-dialog';
import { DeleteDialog } from '../ui/delete-dialog';
import { DirectoryTools } from '../ui/directory-tools';
import { EmitterPicker } from '../ui/emitter-picker';
import { TextField } from '../ui/form';
import { Card, PageHeader } from '../ui/page';
import { PagedList, fromConnection, useCursors } from '../ui/paged-list';
import { DataTable, type Column } from '../ui/table';
import { EmptyState } from '../ui/states';
import { toast } from '../ui/toast';

const KIND_LABELS = { taxpayer: 'Contribuyente', consumer: 'Consumidor final', foreign: 'En el exterior' } as const;

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}

function CustomersOf({ emitter, writer }: { emitter: EmitterSummary; writer: boolean }) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const pages = useCursors([emitter.id, q]);
  const page = useLoad(() => listCustomers(emitter.id, q, pages.after), [emitter.id, q, pages.after]);
  const [editing, setEditing] = useState<{ customer: Customer | null } | null>(null);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const [linking, setLinking] = useState<Customer | null>(null);
  const columns: Column<Customer>[] = [
    { key: 'name', label: 'Nombre', primary: true, render: (c) => <span class="strong">{c.name}</span> },
    { key: 'kind', label: 'Tipo', render: (c) => <Badge>{KIND_LABELS[customerKind(c)]}</Badge> },
    { key: 'document', label: 'Documento', render: (c) => <span class="mono">{c.documentNumber ?? '—'}</span> },
    { key: 'nrc', label: 'NRC', render: (c) => <span class="mono">{c.nrc ?? '—'}</span>, hideOnPhone: true },
    { key: 'email', label: 'Correo', render: (c) => c.email ?? <span class="muted">—</span> },
    { key: 'used', label: 'Última emisión', render: (c) => (c.lastUsedAt ? formatDate(c.lastUsedAt) : <span class="muted">Nunca</span>), hideOnPhone: true },
    { key: 'self', label: 'Datos por el cliente', render: (c) => (c.selfServiceCompletedAt ? formatDate(c.selfServiceCompletedAt) : <span class="muted">—</span>), hideOnPhone: true },
    ...(writer
      ? [
          {
            key: 'actions',
            label: 'Acciones',
            noLabel: true,
            render: (c: Customer) => (
              <span class="row">
                <Button size="sm" variant="ghost" onClick={() => setEditing({ customer: c })} aria-label={`Editar ${c.name}`}>
                  Editar
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setLinking(c)} aria-label={`Enviar enlace para que el cliente complete sus datos: ${c.name}`} title="Enviar enlace para que el cliente complete sus datos">
                  Enviar enlace
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(c)} aria-label={`Eliminar ${c.name}`}>
                  Eliminar
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <Card
        class="card-flush"
        title="Directorio de clientes"
        actions={
          <>
            <DirectoryTools kind="customers" emitterId={emitter.id} writer={writer} onImported={page.reload} />
            {writer ? (
              <Button size="sm" variant="primary" icon="plus" onClick={() => setEditing({ customer: null })}>
                Nuevo cliente
              </Button>
            ) : null}
          </>
        }
      >
        <div class="card-search">
          <TextField label="Buscar clientes" type="search" placeholder="Nombre, NIT, NRC o correo" value={search} onValue={setSearch} />
        </div>
        <PagedList
          {...fromConnection(page)}
          pages={pages}
          empty={
            <EmptyState icon="users" title={q ? 'Ningún cliente coincide con la búsqueda' : 'Todavía no hay clientes'}>
              {q ? 'Pruebe con parte del nombre, el NIT o el correo.' : 'Guarde a quienes les factura para elegirlos al emitir, sin volver a escribir sus datos.'}
            </EmptyState>
          }
        >
          {(rows) => <DataTable caption="Clientes" columns={columns} rows={rows} rowKey={(c) => c.id} />}
        </PagedList>
      </Card>
      <CustomerDialog
        emitterId={emitter.id}
        customer={editing?.customer ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => page.reload()}
      />
      <CustomerEditLinkDialog customer={linking} onClose={() => setLinking(null)} />
      <DeleteDialog
        open={deleting !== null}
        title="Eliminar cliente"
        what={deleting?.name ?? ''}
        onClose={() => setDeleting(null)}
        onDelete={async (key) => {
          await deleteCustomer(deleting!.id, key);
          toast(`Cliente ${deleting!.name} eliminado.`);
          page.reload();
        }}
      />
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
