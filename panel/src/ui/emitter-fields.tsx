import type { Address, EmitterInput } from '../api/emitters.api';
import { ActivityField } from './activity-field';
import { AddressFields, EMPTY_ADDRESS } from './address-fields';
import { Checkbox, TextField, normalizeTaxId } from './form';

export interface EmitterDraft {
  nit: string;
  nrc: string;
  name: string;
  tradeName: string;
  economicActivity: string;
  email: string;
  phone: string;
  isLargeTaxpayer: boolean;
  address: Address;
}

export const EMPTY_EMITTER: EmitterDraft = { nit: '', nrc: '', name: '', tradeName: '', economicActivity: '', email: '', phone: '', isLargeTaxpayer: false, address: EMPTY_ADDRESS };

export function emitterInput(d: EmitterDraft): EmitterInput {
  return {
    nit: normalizeTaxId(d.nit),
    nrc: normalizeTaxId(d.nrc),
    name: d.name.trim(),
    tradeName: d.tradeName.trim() || null,
    economicActivity: d.economicActivity.trim(),
    email: d.email.trim(),
    phone: d.phone.trim() || null,
    isLargeTaxpayer: d.isLargeTaxpayer,
    address: { ...d.address, line: d.address.line.trim() },
  };
}

/** The emitter's fiscal data: what MH checks on every document. */
export function EmitterFields({ value, onChange }: { value: EmitterDraft; onChange: (d: EmitterDraft) => void }) {
  const set = (patch: Partial<EmitterDraft>) => onChange({ ...value, ...patch });
  return (
    <div class="form-grid">
      <TextField class="span-2" label="Nombre o razón social" value={value.name} onValue={(name) => set({ name })} name="name" />
      <TextField label="Nombre comercial" value={value.tradeName} onValue={(tradeName) => set({ tradeName })} name="tradeName" hint="Opcional." />
      <TextField label="NIT" value={value.nit} onValue={(nit) => set({ nit })} name="nit" hint="14 dígitos (o 9 si se basa en el DUI), con o sin guiones." inputMode="numeric" tidy={normalizeTaxId} />
      <TextField label="NRC" value={value.nrc} onValue={(nrc) => set({ nrc })} name="nrc" hint="2 a 8 dígitos." inputMode="numeric" tidy={normalizeTaxId} />
      <ActivityField value={value.economicActivity} onValue={(economicActivity) => set({ economicActivity })} name="economicActivity" />
      <TextField label="Correo" type="email" value={value.email} onValue={(email) => set({ email })} name="email" />
      <TextField label="Teléfono" value={value.phone} onValue={(phone) => set({ phone })} name="phone" />
      <AddressFields prefix="address" value={value.address} onChange={(address) => set({ address })} />
      <div class="span-2">
        <Checkbox label="Gran contribuyente" checked={value.isLargeTaxpayer} onChange={(isLargeTaxpayer) => set({ isLargeTaxpayer })} />
      </div>
    </div>
  );
}
