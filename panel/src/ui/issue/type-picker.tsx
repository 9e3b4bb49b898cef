import { DTE_TYPES, type DteType } from '../../lib/issue-draft';

/** The eleven DTE types as a wrapped group of radio buttons (FE and CCF first, the everyday ones). */
export function TypePicker({ value, onChange }: { value: DteType; onChange: (t: DteType) => void }) {
  return (
    <div class="segmented segmented-wrap" role="radiogroup" aria-label="Tipo de documento">
      {DTE_TYPES.map((t) => (
        <button key={t.code} type="button" role="radio" aria-checked={value === t.code ? 'true' : 'false'} class={value === t.code ? 'active' : ''} onClick={() => onChange(t.code)}>
          {t.label}
        </button>
      ))}
    </div>
  );
}
