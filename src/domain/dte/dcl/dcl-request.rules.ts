/**
 * Documento Contable de Liquidación (09) v2: the settlement a card issuer gives an affiliated
 * merchant for a period (`settlement`: period, gross value of the operations, values not subject to
 * perception with their description, commission and its percentage, and the person responsible —
 * MH's `extension`). Never issued in contingency. Receiver: name, NIT (36) or DUI (13), economic
 * activity, e-mail and `establishmentType` (CAT-009); address optional.
 */
import type { DocumentCreateInput } from '../document-create.schema';
import type { FieldError } from '../dte.types';
import { checkReceiverNeeds, required } from '../extended/extended-parts';

const nonZero = (v: string | undefined) => v !== undefined && /[1-9]/.test(v);

export function checkDclRules(input: DocumentCreateInput): FieldError[] {
  const errors = checkReceiverNeeds(input, '09', ['name', 'document', 'economicActivity', 'email']);
  const r = input.receiver;
  if (r) {
    if (r.documentType !== undefined && r.documentType !== '36' && r.documentType !== '13') {
      errors.push({ path: 'receiver.documentType', code: 'not_allowed_for_type', message: 'El afiliado se identifica con NIT (36) o DUI homologado (13).' });
    }
    if (r.establishmentType === undefined) errors.push(required('receiver.establishmentType', 'Indique el tipo de establecimiento del afiliado (CAT-009).'));
  }
  const s = input.settlement;
  if (!s) return [...errors, required('settlement', 'Indique los datos de la liquidación (período, valor de las operaciones, comisión y responsable).')];
  if (s.periodEnd < s.periodStart) errors.push({ path: 'settlement.periodEnd', code: 'out_of_range', message: 'El fin del período no puede ser anterior a su inicio.' });
  if (nonZero(s.nonPerceptionAmount) && s.nonPerceptionDescription === undefined) {
    errors.push(required('settlement.nonPerceptionDescription', 'Describa los valores no sujetos a percepción (propinas, ventas exentas, etc.).'));
  }
  if (!nonZero(s.nonPerceptionAmount) && s.nonPerceptionDescription !== undefined) {
    errors.push({ path: 'settlement.nonPerceptionDescription', code: 'invalid_combination', message: 'Sin valores no sujetos a percepción no lleva descripción.' });
  }
  if (s.commissionPercent !== undefined && Number(s.commissionPercent) > 100) {
    errors.push({ path: 'settlement.commissionPercent', code: 'out_of_range', message: 'El porcentaje de comisión va de 0 a 100.' });
  }
  return errors;
}
