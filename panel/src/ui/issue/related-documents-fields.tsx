import { newDocRef, type DocRef } from '../../lib/issue-draft';
import { Button } from '../button';
import { Icon } from '../icons';
import { DocRefFields } from './doc-ref-fields';

/** NC and ND: the CCF (or CR) they correct, issued no more than 3 months before the note. */
export function RelatedDocumentsFields({ value, onChange }: { value: DocRef[]; onChange: (v: DocRef[]) => void }) {
  return (
    <div class="stack">
      {value.map((r, i) => (
        <div class="item-row" key={i}>
          <div class="item-row-head">
            <span class="item-number">Documento relacionado {i + 1}</span>
            {value.length > 1 ? (
              <button type="button" class="icon-btn" aria-label={`Quitar el documento relacionado ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>
                <Icon name="trash" size={16} />
              </button>
            ) : null}
          </div>
          <div class="form-grid">
            <DocRefFields value={r} onChange={(n) => onChange(value.map((x, j) => (j === i ? n : x)))} prefix={`relatedDocuments[${i}]`} types={['03', '07']} />
          </div>
        </div>
      ))}
      <Button icon="plus" size="sm" onClick={() => onChange([...value, newDocRef('03')])}>
        Agregar documento relacionado
      </Button>
    </div>
  );
}
