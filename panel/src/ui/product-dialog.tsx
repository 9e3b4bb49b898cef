import { useEffect, useState } from 'preact/hooks';
import { createProduct, updateProduct, type Product, type ProductInput } from '../api/directory.api';
import { useAction } from '../lib/hooks';
import { Dialog } from './dialog';
import { SelectField, TextField, normalizeAmount, useFormScope } from './form';
import { CatalogSelect } from './issue/catalog-select';
import { ErrorAlert } from './states';
import { toast } from './toast';

interface Draft {
  code: string;
  description: string;
  type: string;
  tax: string;
  unitCode: string;
  unitPrice: string;
}

const EMPTY: Draft = { code: '', description: '', type: '1', tax: 'gravada', unitCode: '59', unitPrice: '' };
const draftOf = (p: Product): Draft => ({ code: p.code ?? '', description: p.description, type: p.type ?? '1', tax: p.tax ?? 'gravada', unitCode: p.unitCode, unitPrice: p.unitPrice });
const inputOf = (d: Draft): ProductInput => ({ code: d.code.trim() || undefined, description: d.description.trim(), type: d.type, tax: d.tax, unitCode: d.unitCode, unitPrice: normalizeAmount(d.unitPrice) });

/** «Nuevo producto» / «Editar producto»: what a line takes from the catalogue. `start` prefills a new one. */
export function ProductDialog({ emitterId, product, start, open, onClose, onSaved }: { emitterId: string; product: Product | null; start?: Partial<Draft>; open: boolean; onClose: () => void; onSaved: (p: Product) => void }) {
  const [d, setD] = useState<Draft>(EMPTY);
  useEffect(() => {
    if (open) setD(product ? draftOf(product) : { ...EMPTY, ...start });
  }, [open]);
  const set = (patch: Partial<Draft>) => setD({ ...d, ...patch });
  const save = useAction(async (key: string) => {
    const saved = product ? await updateProduct(product.id, inputOf(d), key) : await createProduct(emitterId, inputOf(d), key);
    toast(product ? 'Producto actualizado.' : `Producto ${saved.description} guardado.`);
    onSaved(saved);
    onClose();
  });
  const scope = useFormScope(save.error);
  return (
    <Dialog open={open} size="lg" title={product ? 'Editar producto' : 'Nuevo producto'} onClose={onClose} form={scope} confirm={{ label: 'Guardar producto', pending: save.pending, onClick: () => void save.run() }}>
      <div class="form-grid">
        <TextField class="span-2" label="Descripción" value={d.description} onValue={(description) => set({ description })} name="description" />
        <TextField label="Código" value={d.code} onValue={(code) => set({ code })} name="code" hint="Opcional: su código interno o SKU." />
        <TextField label="Precio unitario" inputMode="decimal" placeholder="0.00" value={d.unitPrice} onValue={(unitPrice) => set({ unitPrice })} name="unitPrice" tidy={normalizeAmount} hint="Con IVA en una factura; sin IVA en un crédito fiscal." />
        <SelectField
          label="Bien o servicio"
          value={d.type}
          onValue={(type) => set({ type })}
          name="type"
          options={[
            { value: '1', label: 'Bien' },
            { value: '2', label: 'Servicio' },
          ]}
        />
        <SelectField
          label="Tipo de venta"
          value={d.tax}
          onValue={(tax) => set({ tax })}
          name="tax"
          options={[
            { value: 'gravada', label: 'Gravada' },
            { value: 'exenta', label: 'Exenta' },
            { value: 'no_sujeta', label: 'No sujeta' },
          ]}
        />
        <CatalogSelect class="span-2" catalog="CAT-014" label="Unidad de medida" value={d.unitCode} onValue={(unitCode) => set({ unitCode })} name="unitCode" />
      </div>
      <ErrorAlert error={save.error} />
    </Dialog>
  );
}
