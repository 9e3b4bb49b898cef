import type { SettlementDraft } from '../../lib/issue-draft';
import { TextField, normalizeAmount } from '../form';

/** DCL: the settled period, its gross operations, the commission and who is responsible for it. */
export function SettlementFields({ value, onChange }: { value: SettlementDraft; onChange: (v: SettlementDraft) => void }) {
  const set = (patch: Partial<SettlementDraft>) => onChange({ ...value, ...patch });
  return (
    <div class="form-grid">
      <TextField label="Inicio del período" type="date" value={value.periodStart} onValue={(periodStart) => set({ periodStart })} name="settlement.periodStart" />
      <TextField label="Fin del período" type="date" value={value.periodEnd} onValue={(periodEnd) => set({ periodEnd })} name="settlement.periodEnd" />
      <TextField label="Código de la liquidación" value={value.code} onValue={(code) => set({ code })} name="settlement.code" hint="Opcional." />
      <TextField label="Documentos liquidados" inputMode="numeric" value={value.documentCount} onValue={(documentCount) => set({ documentCount })} name="settlement.documentCount" hint="Opcional: cuántos." />
      <TextField label="Valor de las operaciones (IVA incluido)" inputMode="decimal" placeholder="0.00" value={value.operationsAmount} onValue={(operationsAmount) => set({ operationsAmount })} name="settlement.operationsAmount" tidy={normalizeAmount} />
      <TextField label="Comisión" inputMode="decimal" placeholder="0.00" value={value.commission} onValue={(commission) => set({ commission })} name="settlement.commission" tidy={normalizeAmount} />
      <TextField label="Porcentaje de comisión" inputMode="decimal" value={value.commissionPercent} onValue={(commissionPercent) => set({ commissionPercent })} name="settlement.commissionPercent" hint="Opcional." tidy={normalizeAmount} />
      <span />
      <TextField label="Responsable de la liquidación" value={value.responsibleName} onValue={(responsibleName) => set({ responsibleName })} name="settlement.responsible.name" />
      <TextField label="Documento del responsable" value={value.responsibleDocument} onValue={(responsibleDocument) => set({ responsibleDocument })} name="settlement.responsible.documentNumber" hint="DUI con su guion: 01234567-8." />
    </div>
  );
}
