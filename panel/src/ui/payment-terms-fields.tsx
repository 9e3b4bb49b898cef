import { useEffect, useState } from 'preact/hooks';
import { catalogEntries, type CatalogEntry } from '../api/catalogs.api';
import { SelectField, TextField } from './form';

/** What the issuance form asks about payment (CAT-016 condition, CAT-017 method, CAT-018 term). */
export interface PaymentDraft {
  condition: string;
  method: string;
  reference: string;
  term: string;
  period: string;
}

export const DEFAULT_PAYMENT: PaymentDraft = { condition: '1', method: '01', reference: '', term: '01', period: '30' };

/**
 * The request's `payment` for a total to pay: one method for the whole amount (the total the dry run
 * computed); on credit with its term and period. Without a total yet, the condition alone.
 */
export function paymentInput(d: PaymentDraft, total: string | null): Record<string, unknown> {
  if (total === null) return { condition: d.condition };
  const method: Record<string, unknown> = { code: d.method, amount: total };
  if (d.reference.trim()) method.reference = d.reference.trim();
  if (d.condition === '2') {
    method.term = d.term;
    method.period = /^\d+$/.test(d.period.trim()) ? Number(d.period.trim()) : d.period.trim();
  }
  return { condition: d.condition, methods: [method] };
}

function useCatalog(code: string): CatalogEntry[] {
  const [entries, setEntries] = useState<CatalogEntry[]>([]);
  useEffect(() => {
    catalogEntries(code).then(setEntries, () => setEntries([]));
  }, [code]);
  return entries;
}

/** Condition of the operation and the payment method, as MH's catalogs name them. */
export function PaymentTermsFields({ value, onChange }: { value: PaymentDraft; onChange: (d: PaymentDraft) => void }) {
  const methods = useCatalog('CAT-017');
  const terms = useCatalog('CAT-018');
  const set = (patch: Partial<PaymentDraft>) => onChange({ ...value, ...patch });
  return (
    <div class="form-grid">
      <SelectField
        label="Condición de la operación"
        value={value.condition}
        onValue={(condition) => set({ condition })}
        name="payment.condition"
        options={[
          { value: '1', label: 'Contado' },
          { value: '2', label: 'A crédito' },
          { value: '3', label: 'Otro' },
        ]}
      />
      <SelectField
        label="Forma de pago"
        value={value.method}
        onValue={(method) => set({ method })}
        name="payment.methods[0].code"
        options={(methods.length ? methods : [{ code: value.method, name: value.method, department: null }]).map((m) => ({ value: m.code, label: m.name }))}
      />
      {value.condition === '2' ? (
        <>
          <TextField label="Plazo" inputMode="numeric" value={value.period} onValue={(period) => set({ period })} name="payment.methods[0].period" hint="Cuántos días, meses o años." />
          <SelectField
            label="Unidad del plazo"
            value={value.term}
            onValue={(term) => set({ term })}
            name="payment.methods[0].term"
            options={(terms.length ? terms : [{ code: value.term, name: value.term, department: null }]).map((t) => ({ value: t.code, label: t.name }))}
          />
        </>
      ) : null}
      <TextField
        class="span-2"
        label="Referencia del pago"
        value={value.reference}
        onValue={(reference) => set({ reference })}
        name="payment.methods[0].reference"
        hint={value.method === '99' ? 'Obligatoria: indique el medio de pago.' : 'Opcional: número de transferencia, cheque o voucher.'}
      />
    </div>
  );
}
