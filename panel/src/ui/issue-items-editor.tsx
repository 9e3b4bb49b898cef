import type { DryRun, IssueItem } from '../api/documents.api';
import { formatMoney } from '../lib/format';
import { Button } from './button';
import { SelectField, TextField, normalizeAmount } from './form';
import { Icon } from './icons';

export const newItem = (): IssueItem => ({ type: '1', description: '', quantity: '1', unitCode: '59', unitPrice: '', tax: 'gravada' });

function lineTotal(run: DryRun | null, index: number): string | null {
  const line = run?.json?.cuerpoDocumento?.[index];
  if (!line) return null;
  const parts = [line.ventaGravada, line.ventaExenta, line.ventaNoSuj].map((v) => String(v ?? '0'));
  // Only one of the three is non-zero on a line; keep the service's decimal text as it is.
  return parts.find((p) => Number(p) !== 0) ?? parts[0];
}

/**
 * The lines of the issuance form. Each field names its path (`items[0].unitPrice`) so the dry run's
 * refusals show under it (form.tsx); quantities and prices accept a decimal comma («1,50»).
 */
export function ItemsEditor({ items, onChange, kind, run }: { items: IssueItem[]; onChange: (items: IssueItem[]) => void; kind: '01' | '03'; run: DryRun | null }) {
  const set = (i: number, patch: Partial<IssueItem>) => onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  return (
    <div class="items-editor">
      {items.map((it, i) => {
        const total = lineTotal(run, i);
        return (
          <div class="item-row" key={i}>
            <div class="item-row-head">
              <span class="item-number">Línea {i + 1}</span>
              {items.length > 1 ? (
                <button type="button" class="icon-btn" aria-label={`Quitar la línea ${i + 1}`} onClick={() => onChange(items.filter((_, j) => j !== i))}>
                  <Icon name="trash" size={16} />
                </button>
              ) : null}
            </div>
            <div class="item-grid">
              <TextField class="item-description" label="Descripción" value={it.description} onValue={(description) => set(i, { description })} name={`items[${i}].description`} />
              <TextField label="Cantidad" inputMode="decimal" value={it.quantity} onValue={(quantity) => set(i, { quantity })} name={`items[${i}].quantity`} tidy={normalizeAmount} />
              <TextField
                label={kind === '01' ? 'Precio unitario (con IVA)' : 'Precio unitario (sin IVA)'}
                inputMode="decimal"
                placeholder="0.00"
                value={it.unitPrice}
                onValue={(unitPrice) => set(i, { unitPrice })}
                name={`items[${i}].unitPrice`}
                tidy={normalizeAmount}
              />
              <SelectField
                label="Tipo de venta"
                value={it.tax}
                onValue={(tax) => set(i, { tax })}
                name={`items[${i}].tax`}
                options={[
                  { value: 'gravada', label: 'Gravada' },
                  { value: 'exenta', label: 'Exenta' },
                  { value: 'no_sujeta', label: 'No sujeta' },
                ]}
              />
              <SelectField
                label="Bien o servicio"
                value={it.type}
                onValue={(type) => set(i, { type })}
                name={`items[${i}].type`}
                options={[
                  { value: '1', label: 'Bien' },
                  { value: '2', label: 'Servicio' },
                ]}
              />
              <div class="field item-total">
                <span class="label">Total de la línea</span>
                <span class="amount strong">{total ? formatMoney(total) : '—'}</span>
              </div>
            </div>
          </div>
        );
      })}
      <Button icon="plus" size="sm" onClick={() => onChange([...items, newItem()])}>
        Agregar línea
      </Button>
    </div>
  );
}
