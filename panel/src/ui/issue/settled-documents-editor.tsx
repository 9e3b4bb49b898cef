import { newSettled, type SettledDraft } from '../../lib/issue-draft';
import { Button } from '../button';
import { TextField, normalizeAmount } from '../form';
import { Icon } from '../icons';
import { DocRefFields } from './doc-ref-fields';

/** CL: the documents settled, with their sales without IVA and the IVA perceived on each. */
export function SettledDocumentsEditor({ value, onChange }: { value: SettledDraft[]; onChange: (v: SettledDraft[]) => void }) {
  const set = (i: number, patch: Partial<SettledDraft>) => onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const money = (i: number, key: 'gravada' | 'exenta' | 'noSujeta' | 'perception', label: string) => (
    <TextField label={label} inputMode="decimal" placeholder="0.00" value={value[i][key]} onValue={(v) => set(i, { [key]: v })} name={`settledDocuments[${i}].${key}`} tidy={normalizeAmount} />
  );
  return (
    <div class="items-editor">
      {value.map((s, i) => (
        <div class="item-row" key={i}>
          <div class="item-row-head">
            <span class="item-number">Documento liquidado {i + 1}</span>
            {value.length > 1 ? (
              <button type="button" class="icon-btn" aria-label={`Quitar el documento liquidado ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>
                <Icon name="trash" size={16} />
              </button>
            ) : null}
          </div>
          <div class="form-grid">
            <DocRefFields value={s.related} onChange={(related) => set(i, { related })} prefix={`settledDocuments[${i}].relatedDocument`} types={['03', '01', '05', '06', '11']} />
            {money(i, 'gravada', 'Ventas gravadas (sin IVA)')}
            {money(i, 'exenta', 'Ventas exentas')}
            {money(i, 'noSujeta', 'Ventas no sujetas')}
            {money(i, 'perception', 'IVA percibido')}
          </div>
        </div>
      ))}
      <Button icon="plus" size="sm" onClick={() => onChange([...value, newSettled()])}>
        Agregar documento liquidado
      </Button>
    </div>
  );
}
