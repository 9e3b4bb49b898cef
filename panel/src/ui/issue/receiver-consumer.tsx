import type { ReceiverDraft } from '../../lib/issue-draft';
import { SelectField, TextField, normalizeTaxId } from '../form';

export const PERSON_DOCUMENTS = [
  { value: '13', label: 'DUI' },
  { value: '36', label: 'NIT' },
  { value: '03', label: 'Pasaporte' },
  { value: '02', label: 'Carné de residente' },
  { value: '37', label: 'Otro' },
];

export const documentHint = (documentType: string) => (documentType === '36' ? 'Con o sin guiones.' : documentType === '13' ? 'Con su guion: 01234567-8.' : undefined);

/** FE: the consumer, optional below the identification threshold. */
export function ConsumerReceiver({ value, onChange }: { value: ReceiverDraft; onChange: (r: ReceiverDraft) => void }) {
  const set = (patch: Partial<ReceiverDraft>) => onChange({ ...value, ...patch });
  return (
    <div class="form-grid">
      <TextField class="span-2" label="Nombre" value={value.name} onValue={(name) => set({ name })} name="receiver.name" />
      <SelectField label="Tipo de documento" value={value.documentType} onValue={(documentType) => set({ documentType })} name="receiver.documentType" options={PERSON_DOCUMENTS} />
      <TextField label="Número de documento" value={value.documentNumber} onValue={(documentNumber) => set({ documentNumber })} name="receiver.documentNumber" hint={documentHint(value.documentType)} tidy={value.documentType === '36' ? normalizeTaxId : undefined} />
      <TextField class="span-2" label="Correo del receptor" type="email" value={value.email} onValue={(email) => set({ email })} name="receiver.email" />
    </div>
  );
}
