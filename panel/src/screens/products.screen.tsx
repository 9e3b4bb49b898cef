import type { ScreenProps } from '../app';
import { deleteProduct, listProducts, type Product } from '../api/directory.api';
import { formatDate, formatMoney } from '../lib/format';
import { can } from '../lib/session';
import { Badge } from '../ui/badge';
import { DirectoryCard, type DirectoryWords } from '../ui/directory-card';
import { TAX_LABELS } from '../ui/document-lines';
import { EmitterPicker } from '../ui/emitter-picker';
import { PageHeader } from '../ui/page';
import { ProductDialog } from '../ui/product-dialog';
import type { Column } from '../ui/table';

const COLUMNS: Column<Product>[] = [
  { key: 'description', label: 'Descripción', primary: true, render: (p) => <span class="strong">{p.description}</span> },
  { key: 'code', label: 'Código', render: (p) => <span class="mono">{p.code ?? '—'}</span> },
  { key: 'type', label: 'Tipo', render: (p) => <Badge>{p.type === '2' ? 'Servicio' : 'Bien'}</Badge> },
  { key: 'tax', label: 'Venta', render: (p) => TAX_LABELS[p.tax ?? 'gravada'] ?? p.tax, hideOnPhone: true },
  { key: 'price', label: 'Precio unitario', align: 'right', render: (p) => <span class="amount">{formatMoney(p.unitPrice)}</span> },
  { key: 'used', label: 'Última emisión', render: (p) => (p.lastUsedAt ? formatDate(p.lastUsedAt) : <span class="muted">Nunca</span>), hideOnPhone: true },
];

const WORDS: DirectoryWords = {
  title: 'Catálogo de productos',
  caption: 'Productos',
  noun: 'Producto',
  newLabel: 'Nuevo producto',
  searchLabel: 'Buscar productos',
  searchPlaceholder: 'Código o descripción',
  emptyIcon: 'list',
  emptyTitle: 'Todavía no hay productos',
  emptyHint: 'Guarde lo que vende para elegirlo al emitir con su precio y su unidad.',
  noMatchTitle: 'Ningún producto coincide con la búsqueda',
  noMatchHint: 'Pruebe con parte de la descripción o el código.',
};

export default function ProductsScreen({ session, query }: ScreenProps) {
  return (
    <div class="screen">
      <PageHeader title="Productos" subtitle="Lo que vende cada emisor: se elige en cada línea al emitir, con su precio, unidad y tipo de venta." />
      <EmitterPicker query={query}>
        {(e) => (
          <DirectoryCard<Product>
            kind="products"
            emitter={e}
            writer={can(session, 'write')}
            words={WORDS}
            load={listProducts}
            remove={deleteProduct}
            nameOf={(p) => p.description}
            columns={COLUMNS}
            editor={(p) => <ProductDialog emitterId={e.id} product={p.entry} open={p.open} onClose={p.onClose} onSaved={p.onSaved} />}
          />
        )}
      </EmitterPicker>
    </div>
  );
}
