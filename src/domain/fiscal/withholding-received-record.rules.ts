/**
 * withholdings-received: IVA withheld or perceived **by an agent to the declarant**. `attributes.kind`
 * picks the annex: `retention_1` → annex 7 (tipos 05, 06, 07), `perception_1` → annex 8 (tipos 03, 05,
 * 06 and 12 declaración de mercancías). The agent is identified by NIT or DUI (the annexes have no NRC
 * or name column).
 */
import type { FieldError } from '../dte/dte.types';
import type { FiscalRecord } from './fiscal-record.schema';
import { WITHHOLDING_RECEIVED_AMOUNTS, WITHHOLDING_RECEIVED_ATTRIBUTES } from './record-keys.catalog';
import { checkCounterpart, checkDocumentIdentity, checkMapKeys } from './record-rules.helpers';

export const RECEIVED_KINDS = ['retention_1', 'perception_1'] as const;
export type ReceivedKind = (typeof RECEIVED_KINDS)[number];

export function checkWithholdingReceivedRecord(r: FiscalRecord): FieldError[] {
  const kind = r.attributes.kind;
  const errors: FieldError[] = [];
  if (kind === undefined) {
    errors.push({ path: 'attributes.kind', code: 'required', message: 'Indique attributes.kind: retention_1 (anexo 7) o perception_1 (anexo 8).' });
  } else if (!(RECEIVED_KINDS as readonly string[]).includes(kind)) {
    errors.push({ path: 'attributes.kind', code: 'invalid_value', message: `Valor no permitido: ${JSON.stringify(kind)}; valores válidos: retention_1, perception_1.` });
  }
  const perception = kind === 'perception_1';
  const retention = kind === 'retention_1';
  if (perception || retention) {
    errors.push(...checkDocumentIdentity(r, {
      allowed: perception
        ? { '1': ['03', '05', '06'], '2': ['03', '05', '06'], '3': ['12'], '4': ['03', '05', '06'] }
        : { '1': ['05', '06', '07'], '2': ['05', '06', '07'], '4': ['05', '06', '07'] },
      controlNumberRequired: false,
      physicalSeries: true,
      physicalResolution: false,
    }));
  }
  const amountKey = perception ? 'perceived_amount' : 'withheld_amount';
  errors.push(...checkMapKeys(r.amounts, 'amounts', {
    known: WITHHOLDING_RECEIVED_AMOUNTS,
    allowed: perception || retention ? ['subject_amount', amountKey] : WITHHOLDING_RECEIVED_AMOUNTS.map((k) => k.key),
    required: perception || retention ? ['subject_amount', amountKey] : [],
    context: perception ? 'una percepción recibida (perception_1)' : 'una retención recibida (retention_1)',
  }));
  errors.push(...checkMapKeys(r.attributes, 'attributes', {
    known: WITHHOLDING_RECEIVED_ATTRIBUTES,
    allowed: WITHHOLDING_RECEIVED_ATTRIBUTES.map((k) => k.key),
    context: 'una retención o percepción recibida',
  }));
  errors.push(...checkCounterpart(r, { required: true, nameRequired: false, ids: 'nit_dui', role: 'agente de retención o percepción' }));
  return errors;
}
