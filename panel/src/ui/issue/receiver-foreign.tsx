import type { ReceiverDraft } from '../../lib/issue-draft';
import { SelectField, TextField } from '../form';
import { CatalogSelect } from './catalog-select';
import { PERSON_DOCUMENTS } from './receiver-consumer';

/** FEX: the buyer abroad: country (never El Salvador), person type, address and activity in words. */
export function ForeignReceiver({ value, onChange }: { value: ReceiverDraft; onChange: (r: ReceiverDraft) => void }) {
  const set = (patch: Partial<ReceiverDraft>) => onChange({ ...value, ...patch });
  return (
    <div class="form-grid">
      <TextField class="span-2" label="Nombre o razón social" value={value.name} onValue={(name) => set({ name })} name="receiver.name" />
      <SelectField label="Tipo de documento" value={value.documentType} onValue={(documentType) => set({ documentType })} name="receiver.documentType" options={PERSON_DOCUMENTS} />
      <TextField label="Número de documento" value={value.documentNumber} onValue={(documentNumber) => set({ documentNumber })} name="receiver.documentNumber" hint="Su identificación tributaria en su país." />
      <CatalogSelect catalog="CAT-020" label="País de destino" value={value.country} onValue={(country) => set({ country })} name="receiver.country" exclude={['SV']} />
      <SelectField
        label="Tipo de persona"
        value={value.personType}
        onValue={(personType) => set({ personType })}
        name="receiver.personType"
        options={[
          { value: '1', label: 'Persona natural' },
          { value: '2', label: 'Persona jurídica' },
        ]}
      />
      <TextField class="span-2" label="Dirección en el exterior" value={value.foreignAddress} onValue={(foreignAddress) => set({ foreignAddress })} name="receiver.foreignAddress" />
      <TextField class="span-2" label="Actividad del receptor" value={value.activityDescription} onValue={(activityDescription) => set({ activityDescription })} name="receiver.activityDescription" placeholder="Comercio al por mayor de alimentos" />
      <TextField label="Teléfono" value={value.phone} onValue={(phone) => set({ phone })} name="receiver.phone" />
      <TextField label="Correo del receptor" type="email" value={value.email} onValue={(email) => set({ email })} name="receiver.email" />
    </div>
  );
}
