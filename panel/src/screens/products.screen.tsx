import { useEffect, useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { deleteProduct, listProducts, type Product } from '../api/directory.api';
import type { EmitterSummary } from '../api/emitters.api';
import { formatDate, formatMoney } from '../lib/format';
import { useLoad } from '../lib/hooks';
import { can } from '../lib/session';
import { Badge } from '../ui/badge';
import { TAX_LABELS } from '../ui/document-lines';
import { Button } from '../ui/button';
import { ProductDialog } from '../ui/product-dialog';
import { DeleteDialog } from '../ui/delete-dialog';
import { DirectoryTools } from '../ui/directory-tools';
import { EmitterPicker } from '../ui/emitter-picker';
import { TextField } from '../ui/form';
import { Card, PageHeader } from '../ui/page';
import { PagedList, fromConnection, useCursors } from '../ui/paged-list';
import { DataTable, type Column } from '../ui/table';
import { EmptyState } from '../ui/states';
import { toast } from '../ui/toast';

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}

function ProductsOf({ emitter, writer }: { emitter: EmitterSummary; writer: boolean }) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const pages = useCursors([emitter.id, q]);
  const page = useLoad(() => listProducts(emitter.id, q, pages.after), [emitter.id, q, pages.after]);
  const [editing, setEditing] = useState<{ product: Product | null } | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const columns: Column<Product>[] = [
    { key: 'description', label: 'Descripción', primary: true, render: (p) => <span class="strong">{p.description}</span> },
    { key: 'code', label: 'Código', render: (p) => <span class="mono">{p.code ?? '—'}</span> },
    { key: 'type', label: 'Tipo', render: (p) => <Badge>{p.type === '2' ? 'Servicio' : 'Bien'}</Badge> },
    { key: 'tax', label: 'Venta', render: (p) => TAX_LABELS[p.tax ?? 'gravada'] ?? p.tax, hideOnPhone: true },
    { key: 'price', label: 'Precio unitario', align: 'right', render: (p) => <span class="amount">{formatMoney(p.unitPrice)}</span> },
    { key: 'used', label: 'Última emisión', render: (p) => (p.lastUsedAt ? formatDate(p.lastUsedAt) : <span class="muted">Nunca</span>), hideOnPhone: true },
    ...(writer
      ? [
          {
            key: 'actions',
            label: 'Acciones',
            noLabel: true,
            render: (c: Product) => (
              <span class="row">
                <Button size="sm" variant="ghost" onClick={() => setEditing({ product: c })} aria-label={`Editar ${c.description}`}>
                  Editar
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(c)} aria-label={`Eliminar ${c.description}`}>
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
        title="Catálogo de productos"
        actions={
          <>
            <DirectoryTools kind="products" emitterId={emitter.id} writer={writer} onImported={page.reload} />
            {writer ? (
              <Button size="sm" variant="primary" icon="plus" onClick={() => setEditing({ product: null })}>
                Nuevo producto
              </Button>
            ) : null}
          </>
        }
      >
        <div class="card-search">
          <TextField label="Buscar productos" type="search" placeholder="Código o descripción" value={search} onValue={setSearch} />
        </div>
        <PagedList
          {...fromConnection(page)}
          pages={pages}
          empty={
            <EmptyState icon="list" title={q ? 'Ningún producto coincide con la búsqueda' : 'Todavía no hay productos'}>
              {q ? 'Pruebe con parte de la descripción o el código.' : 'Guarde lo que vende para elegirlo al emitir con su precio y su unidad.'}
            </EmptyState>
          }
        >
          {(rows) => <DataTable caption="Productos" columns={columns} rows={rows} rowKey={(p) => p.id} />}
        </PagedList>
      </Card>
      <ProductDialog
        emitterId={emitter.id}
        product={editing?.product ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => page.reload()}
      />
      <DeleteDialog
        open={deleting !== null}
        title="Eliminar producto"
        what={deleting?.description ?? ''}
        onClose={() => setDeleting(null)}
        onDelete={async (key) => {
          await deleteProduct(deleting!.id, key);
          toast(`Producto ${deleting!.description} eliminado.`);
          page.reload();
        }}
      />
    </>
  );
}

export default function ProductsScreen({ session, query }: ScreenProps) {
  return (
    <div class="screen">
      <PageHeader title="Productos" subtitle="Lo que vende cada emisor: se elige en cada línea al emitir, con su precio, unidad y tipo de venta." />
      <EmitterPicker query={query}>{(e) => <ProductsOf emitter={e} writer={can(session, 'write')} />}</EmitterPicker>
    </div>
  );
}
