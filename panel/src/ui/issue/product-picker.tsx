import { useState } from 'preact/hooks';
import { listProducts, type Product } from '../../api/directory.api';
import { formatMoney } from '../../lib/format';
import type { ItemDraft } from '../../lib/issue-draft';
import { ProductDialog } from '../product-dialog';
import { TypeAhead } from '../type-ahead';

const lineOf = (p: Product): Partial<ItemDraft> => ({ description: p.description, unitPrice: p.unitPrice, unitCode: p.unitCode, type: p.type ?? '1', tax: p.tax ?? 'gravada', productId: p.id });

/** «Buscar producto» for one line, and «Nuevo producto» in place: a pick fills the line's description, price, unit and sale type. */
export function ProductPicker({ emitterId, onPick }: { emitterId: string; onPick: (patch: Partial<ItemDraft>) => void }) {
  const [creating, setCreating] = useState<string | null>(null);
  return (
    <>
      <TypeAhead<Product>
        label="Buscar producto"
        placeholder="Código o descripción de un producto guardado"
        search={async (q) => (await listProducts(emitterId, q, null, 8)).nodes}
        keyOf={(p) => p.id}
        line={(p) => p.description}
        detail={(p) => [p.code, formatMoney(p.unitPrice)].filter(Boolean).join(' · ')}
        onPick={(p) => onPick(lineOf(p))}
        newLabel="Nuevo producto"
        onNew={(typed) => setCreating(typed)}
      />
      <ProductDialog emitterId={emitterId} product={null} start={{ description: creating ?? '' }} open={creating !== null} onClose={() => setCreating(null)} onSaved={(p) => onPick(lineOf(p))} />
    </>
  );
}
