import { TextField, normalizeAmount } from '../form';

/** FSE: the income tax withheld from the excluded subject, as a percentage of the subtotal. */
export function IncomeWithholdingField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div class="form-grid">
      <TextField label="Retención de renta (%)" inputMode="decimal" placeholder="10" value={value} onValue={onChange} name="withholding.renta" tidy={normalizeAmount} hint="Porcentaje del subtotal; déjelo vacío si no retiene. El servicio calcula el monto." />
    </div>
  );
}
