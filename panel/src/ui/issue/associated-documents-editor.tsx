import { newAssociated, type AssociatedDraft } from '../../lib/issue-draft';
import { Button } from '../button';
import { TextField } from '../form';
import { Icon } from '../icons';
import { CatalogSelect } from './catalog-select';

/** CD: the documents the donee attaches (CAT-021), e.g. its authorisation as a donee. */
export function AssociatedDocumentsEditor({ value, onChange }: { value: AssociatedDraft[]; onChange: (v: AssociatedDraft[]) => void }) {
  const set = (i: number, patch: Partial<AssociatedDraft>) => onChange(value.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <div class="items-editor">
      {value.map((a, i) => (
        <div class="item-row" key={i}>
          <div class="item-row-head">
            <span class="item-number">Documento asociado {i + 1}</span>
            {value.length > 1 ? (
              <button type="button" class="icon-btn" aria-label={`Quitar el documento asociado ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>
                <Icon name="trash" size={16} />
              </button>
            ) : null}
          </div>
          <div class="form-grid">
            <CatalogSelect catalog="CAT-021" label="Tipo de documento asociado" value={a.code} onValue={(code) => set(i, { code })} name={`associatedDocuments[${i}].code`} exclude={['4']} />
            <TextField label="Identificación" value={a.identification} onValue={(identification) => set(i, { identification })} name={`associatedDocuments[${i}].identification`} placeholder="Resolución DGII 12-2025" />
            <TextField class="span-2" label="Descripción del documento" value={a.description} onValue={(description) => set(i, { description })} name={`associatedDocuments[${i}].description`} />
          </div>
        </div>
      ))}
      <Button icon="plus" size="sm" onClick={() => onChange([...value, newAssociated()])}>
        Agregar documento asociado
      </Button>
    </div>
  );
}
