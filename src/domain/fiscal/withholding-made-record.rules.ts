/**
 * withholdings-made: IVA withheld **by the declarant** to domiciled third parties, until the service
 * issues withholding receipts itself (decisions.md). `attributes.kind`: `retention_1` → annex 10,
 * `retention_13` → annex 12; tipos 05, 06, 07.
 */
import type { FieldError } from '../dte/dte.types';
import type { FiscalRecord } from './fiscal-record.schema';
import { WITHHOLDING_MADE_AMOUNTS, WITHHOLDING_MADE_ATTRIBUTES } from './record-keys.catalog';
import { checkCounterpart, checkDocumentIdentity, checkMapKeys } from './record-rules.helpers';

export const MADE_KINDS = ['retention_1', 'retention_13'] as const;
export type MadeKind = (typeof MADE_KINDS)[number];

export function checkWithholdingMadeRecord(r: FiscalRecord): FieldError[] {
  const kind = r.attributes.kind;
  const errors: FieldError[] = [];
  if (kind === undefined) {
    errors.push({ path: 'attributes.kind', code: 'required', message: 'Indique attributes.kind: retention_1 (anexo 10) o retention_13 (anexo 12).' });
  } else if (!(MADE_KINDS as readonly string[]).includes(kind)) {
    errors.push({ path: 'attributes.kind', code: 'invalid_value', message: `Valor no permitido: ${JSON.stringify(kind)}; valores válidos: retention_1, retention_13.` });
  }
  errors.push(...checkDocumentIdentity(r, {
    allowed: { '1': ['05', '06', '07'], '2': ['05', '06', '07'], '4': ['05', '06', '07'] },
    controlNumberRequired: true,
    physicalSeries: true,
    physicalResolution: true,
  }));
  errors.push(...checkMapKeys(r.amounts, 'amounts', {
    known: WITHHOLDING_MADE_AMOUNTS,
    allowed: ['subject_amount', 'withheld_amount'],
    required: ['subject_amount', 'withheld_amount'],
    context: 'una retención efectuada',
  }));
  errors.push(...checkMapKeys(r.attributes, 'attributes', {
    known: WITHHOLDING_MADE_ATTRIBUTES,
    allowed: WITHHOLDING_MADE_ATTRIBUTES.map((k) => k.key),
    context: 'una retención efectuada',
  }));
  errors.push(...checkCounterpart(r, { required: true, nameRequired: false, ids: 'nit_dui', role: 'sujeto retenido' }));
  return errors;
}
