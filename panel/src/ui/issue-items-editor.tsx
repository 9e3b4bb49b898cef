import type { DryRun } from '../api/documents.api';
import { formatMoney } from '../lib/format';
import { hasTax, isNote, newItem, type DocRef, type DteType, type ItemDraft } from '../lib/issue-draft';
import { Button } from './button';
import { SelectField, TextField, normalizeAmount } from './form';
import { Icon } from './icons';
import type { ComponentChildren } from 'preact';

export { newItem };

function lineTotal(run: DryRun | null, index: number): string | null {
  const line = run?.json?.cuerpoDocumento?.[index] as Record<string, unknown> | undefined;
  if (!line) return null;
  const parts = [line.ventaGravada, line.ventaExenta, line.ventaNoSuj, line.compra, line.valor].filter((v) => v !== undefined && v !== null).map(String);
  // Only one of them is non-zero on a line; keep the service's decimal text as it is.
  return parts.find((p) => Number(p) !== 0) ?? parts[0] ?? null;
}

function priceLabel(type: DteType): string {
  if (type === '01') return 'Precio unitario (con IVA)';
  if (type === '15') return 'Valor unitario';
  if (type === '11' || type === '14') return 'Precio unitario';
  return 'Precio unitario (sin IVA)';
}

/** The product picker's slot (ui/product-picker.tsx) when the service has a products catalogue. */
export type LinePicker = (index: number, apply: (patch: Partial<ItemDraft>) => void) => ComponentChildren;

/**
 * The lines of the issuance form, with the columns the type has: a sale type for FE/CCF/NR/NC/ND,
 * the corrected document for NC/ND, the donation type and depreciation for a CD. Each field names
 * its path (`items[0].unitPrice`) so the dry run's refusals show under it (form.tsx); quantities
 * and prices accept a decimal comma («1,50»).
 */
export function ItemsEditor({ items, onChange, type, run, related = [], picker }: { items: ItemDraft[]; onChange: (items: ItemDraft[]) => void; type: DteType; run: DryRun | null; related?: DocRef[]; picker?: LinePicker }) {
  const set = (i: number, patch: Partial<ItemDraft>) => onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  const donation = type === '15';
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
            {picker ? picker(i, (patch) => set(i, patch)) : null}
            <div class="item-grid">
              <TextField class="item-description" label="Descripción" value={it.description} onValue={(description) => set(i, { description, productId: undefined })} name={`items[${i}].description`} />
              <TextField label="Cantidad" inputMode="decimal" value={it.quantity} onValue={(quantity) => set(i, { quantity })} name={`items[${i}].quantity`} tidy={normalizeAmount} />
              <TextField label={priceLabel(type)} inputMode="decimal" placeholder="0.00" value={it.unitPrice} onValue={(unitPrice) => set(i, { unitPrice, productId: undefined })} name={`items[${i}].unitPrice`} tidy={normalizeAmount} />
              {hasTax(type) ? (
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
              ) : null}
              {donation ? (
                <>
                  <SelectField
                    label="Tipo de donación"
                    value={it.donationType}
                    onValue={(donationType) => set(i, { donationType })}
                    name={`items[${i}].donationType`}
                    options={[
                      { value: '1', label: 'Efectivo' },
                      { value: '2', label: 'Bien' },
                      { value: '3', label: 'Servicio' },
                    ]}
                  />
                  <TextField label="Depreciación" inputMode="decimal" placeholder="0.00" value={it.depreciation} onValue={(depreciation) => set(i, { depreciation })} name={`items[${i}].depreciation`} tidy={normalizeAmount} hint="De un bien usado; opcional." />
                </>
              ) : (
                <SelectField
                  label="Bien o servicio"
                  value={it.type}
                  onValue={(t) => set(i, { type: t })}
                  name={`items[${i}].type`}
                  options={[
                    { value: '1', label: 'Bien' },
                    { value: '2', label: 'Servicio' },
                  ]}
                />
              )}
              {isNote(type) ? (
                <SelectField
                  label="Documento que ajusta"
                  value={it.relatedDocument}
                  onValue={(relatedDocument) => set(i, { relatedDocument })}
                  name={`items[${i}].relatedDocument`}
                  options={[{ value: '', label: 'Elija…' }, ...related.filter((r) => r.generationCode.trim()).map((r) => ({ value: r.generationCode.trim(), label: r.generationCode.trim() }))]}
                />
              ) : null}
              <div class="field item-total">
                <span class="label">Total de la línea</span>
                <span class="amount strong">{total ? formatMoney(total) : '—'}</span>
              </div>
            </div>
          </div>
        );
      })}
      <Button icon="plus" size="sm" onClick={() => onChange([...items, { ...newItem(), relatedDocument: isNote(type) ? related[0]?.generationCode ?? '' : '' }])}>
        Agregar línea
      </Button>
    </div>
  );
}
