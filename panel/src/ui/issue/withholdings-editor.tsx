import { newWithholding, type WithholdingDraft } from '../../lib/issue-draft';
import { Button } from '../button';
import { SelectField, TextField, normalizeAmount } from '../form';
import { Icon } from '../icons';
import { DocRefFields } from './doc-ref-fields';

/** CR: one line per document the IVA was withheld on (CAT-006: 22 1 %, C4 13 %, C9 other amount). */
export function WithholdingsEditor({ value, onChange }: { value: WithholdingDraft[]; onChange: (v: WithholdingDraft[]) => void }) {
  const set = (i: number, patch: Partial<WithholdingDraft>) => onChange(value.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  return (
    <div class="items-editor">
      {value.map((w, i) => (
        <div class="item-row" key={i}>
          <div class="item-row-head">
            <span class="item-number">Documento retenido {i + 1}</span>
            {value.length > 1 ? (
              <button type="button" class="icon-btn" aria-label={`Quitar el documento retenido ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>
                <Icon name="trash" size={16} />
              </button>
            ) : null}
          </div>
          <div class="form-grid">
            <DocRefFields value={w.related} onChange={(related) => set(i, { related })} prefix={`withholdings[${i}].relatedDocument`} types={['03', '01', '14']} />
            <TextField label="Monto sujeto a retención" inputMode="decimal" placeholder="0.00" value={w.taxableAmount} onValue={(taxableAmount) => set(i, { taxableAmount })} name={`withholdings[${i}].taxableAmount`} tidy={normalizeAmount} />
            <SelectField
              label="Retención"
              value={w.code}
              onValue={(code) => set(i, { code })}
              name={`withholdings[${i}].code`}
              options={[
                { value: '22', label: 'IVA retenido 1 %' },
                { value: 'C4', label: 'IVA retenido 13 %' },
                { value: 'C9', label: 'Otro monto retenido' },
              ]}
            />
            {w.code === 'C9' ? <TextField label="IVA retenido" inputMode="decimal" value={w.withheldAmount} onValue={(withheldAmount) => set(i, { withheldAmount })} name={`withholdings[${i}].withheldAmount`} tidy={normalizeAmount} /> : null}
            <TextField class="span-2" label="Descripción" value={w.description} onValue={(description) => set(i, { description })} name={`withholdings[${i}].description`} hint="Opcional." />
          </div>
        </div>
      ))}
      <Button icon="plus" size="sm" onClick={() => onChange([...value, newWithholding()])}>
        Agregar documento retenido
      </Button>
    </div>
  );
}
