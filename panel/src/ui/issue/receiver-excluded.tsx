import type { ReceiverDraft } from '../../lib/issue-draft';
import { AddressFields } from '../address-fields';
import { SelectField, TextField, normalizeTaxId } from '../form';
import { documentHint, PERSON_DOCUMENTS } from './receiver-consumer';

/** FSE: the excluded subject the business buys from (a person outside the IVA register), with an address. */
export function ExcludedSubjectReceiver({ value, onChange }: { value: ReceiverDraft; onChange: (r: ReceiverDraft) => void }) {
  const set = (patch: Partial<ReceiverDraft>) => onChange({ ...value, ...patch });
  return (
    <div class="form-grid">
      <TextField class="span-2" label="Nombre del sujeto excluido" value={value.name} onValue={(name) => set({ name })} name="receiver.name" />
      <SelectField label="Tipo de documento" value={value.documentType} onValue={(documentType) => set({ documentType })} name="receiver.documentType" options={PERSON_DOCUMENTS} />
      <TextField label="Número de documento" value={value.documentNumber} onValue={(documentNumber) => set({ documentNumber })} name="receiver.documentNumber" hint={documentHint(value.documentType)} tidy={value.documentType === '36' ? normalizeTaxId : undefined} />
      <AddressFields prefix="receiver.address" value={value.address} onChange={(address) => set({ address })} />
      <TextField label="Teléfono" value={value.phone} onValue={(phone) => set({ phone })} name="receiver.phone" />
      <TextField label="Correo del sujeto excluido" type="email" value={value.email} onValue={(email) => set({ email })} name="receiver.email" />
    </div>
  );
}
