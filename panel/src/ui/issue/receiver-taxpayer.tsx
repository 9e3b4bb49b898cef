import type { DteType, ReceiverDraft } from '../../lib/issue-draft';
import { ActivityField } from '../activity-field';
import { AddressFields } from '../address-fields';
import { TextField, normalizeTaxId } from '../form';
import { CatalogSelect } from './catalog-select';

/**
 * A registered taxpayer by NIT and NRC (CCF, NC, ND, NR, CR, CL, DCL) or the donor of a CD; CL and CD
 * add the fiscal domicile, DCL the merchant's establishment type.
 */
export function TaxpayerReceiver({ type, value, onChange }: { type: DteType; value: ReceiverDraft; onChange: (r: ReceiverDraft) => void }) {
  const set = (patch: Partial<ReceiverDraft>) => onChange({ ...value, ...patch });
  return (
    <div class="form-grid">
      <TextField class="span-2" label="Nombre o razón social" value={value.name} onValue={(name) => set({ name })} name="receiver.name" />
      <TextField label="NIT" value={value.documentNumber} onValue={(documentNumber) => set({ documentNumber })} name="receiver.documentNumber" hint="Con o sin guiones." tidy={normalizeTaxId} />
      <TextField label="NRC" value={value.nrc} onValue={(nrc) => set({ nrc })} name="receiver.nrc" tidy={normalizeTaxId} hint={type === '15' ? 'Opcional.' : undefined} />
      <div class="span-2">
        <ActivityField value={value.economicActivity} onValue={(economicActivity) => set({ economicActivity })} name="receiver.economicActivity" />
      </div>
      {type === '08' || type === '15' ? <CatalogSelect catalog="CAT-032" label="Domicilio fiscal" value={value.fiscalDomicile} onValue={(fiscalDomicile) => set({ fiscalDomicile })} name="receiver.fiscalDomicile" /> : null}
      {type === '09' ? <CatalogSelect catalog="CAT-009" label="Tipo de establecimiento" value={value.establishmentType} onValue={(establishmentType) => set({ establishmentType })} name="receiver.establishmentType" /> : null}
      {type !== '15' ? <AddressFields prefix="receiver.address" value={value.address} onChange={(address) => set({ address })} /> : null}
      <TextField label="Teléfono" value={value.phone} onValue={(phone) => set({ phone })} name="receiver.phone" />
      <TextField label="Correo del receptor" type="email" value={value.email} onValue={(email) => set({ email })} name="receiver.email" />
    </div>
  );
}
