/**
 * Checks that need the computed amounts or the caller's context: the FE receiver threshold, payment
 * methods adding up to the total, items pointing at the related documents the caller resolved, the
 * dates of an NC/ND's related documents, and the dates of the documents a CR withholds on or a CL
 * settles.
 */
import Decimal from 'decimal.js';
import type { SummaryAmounts } from '../amounts/amount.types';
import type { DocumentCreateInput } from '../document-create.schema';
import { RELATED_DOCUMENT_TYPES } from '../document-type-rules';
import type { AnyDteType, DteType, FieldError } from '../dte.types';
import type { BuildContext } from './build-context';
import { addMonthsClamped, localDateTime } from '../../mh-rules/el-salvador-time';

/** FE: from `feReceiverThreshold` (montoTotalOperacion) on, the receiver's name and ID are mandatory. */
export function checkFeReceiverThreshold(input: DocumentCreateInput, summary: SummaryAmounts, ctx: BuildContext): FieldError[] {
  if (input.type !== '01') return [];
  if (new Decimal(summary.montoTotalOperacion).lt(ctx.feReceiverThreshold)) return [];
  const threshold = new Decimal(ctx.feReceiverThreshold).toFixed(2);
  const message = `Desde ${threshold} USD la factura debe identificar al receptor (nombre, tipo y número de documento).`;
  const r = input.receiver;
  if (!r) return [{ path: 'receiver', code: 'receiver_required', message }];
  const missing = (['name', 'documentType', 'documentNumber'] as const).filter((k) => r[k] === undefined);
  return missing.map((k) => ({ path: `receiver.${k}`, code: 'receiver_required', message }));
}

/** FE/CCF: the payment methods given must add up to `totalPagar`. */
export function checkPaymentTotal(input: DocumentCreateInput, summary: SummaryAmounts): FieldError[] {
  const methods = input.payment?.methods;
  if (!methods || methods.length === 0 || (input.type !== '01' && input.type !== '03')) return [];
  const paid = methods.reduce((acc, m) => acc.plus(m.amount), new Decimal(0));
  if (paid.eq(summary.totalPagar)) return [];
  return [{
    path: 'payment.methods',
    code: 'payment_total_mismatch',
    message: `Las formas de pago suman ${paid.toFixed(2)} y el total a pagar es ${summary.totalPagar}.`,
  }];
}

/** The related documents resolved by the caller, and every line's reference to them. */
export function checkResolvedRelatedDocuments(type: DteType, input: DocumentCreateInput, ctx: BuildContext): FieldError[] {
  const errors: FieldError[] = [];
  const related = ctx.relatedDocuments;
  if ((type === '05' || type === '06') && related.length === 0) {
    errors.push({ path: 'relatedDocuments', code: 'required', message: 'La nota debe relacionar el documento que ajusta (CCF 03 o CR 07).' });
  }
  if (related.length > 50) errors.push({ path: 'relatedDocuments', code: 'out_of_range', message: 'Se admiten como máximo 50 documentos relacionados.' });
  related.forEach((d, i) => {
    if (!RELATED_DOCUMENT_TYPES[type].includes(d.type) || d.type !== related[0].type) {
      errors.push({ path: `relatedDocuments[${i}].type`, code: 'not_allowed_for_type',
        message: `Los documentos relacionados deben ser todos de un mismo tipo entre ${RELATED_DOCUMENT_TYPES[type].join(', ')}.` });
    }
  });
  const numbers = new Set(related.map((d) => d.number));
  (input.items ?? []).forEach((item, i) => {
    if (item.relatedDocument !== undefined && !numbers.has(item.relatedDocument)) {
      errors.push({ path: `items[${i}].relatedDocument`, code: 'invalid_reference', message: 'La línea apunta a un documento que no está entre los documentos relacionados.' });
    }
  });
  return errors;
}

/** How long after a CCF or CR an NC/ND may adjust it (MH-2026-RULES §5: MF-2.0 §XV, Normativa Anexo IV N°14–17). */
export const NOTE_WINDOW_MONTHS = 3;

/**
 * NC/ND: each related document is dated on or before the note, and the note falls within
 * NOTE_WINDOW_MONTHS calendar months of it (same day-of-month, clamped to the month's end,
 * inclusive), both as El Salvador dates.
 */
export function checkRelatedDocumentDates(type: DteType, ctx: BuildContext): FieldError[] {
  if (type !== '05' && type !== '06') return [];
  const noteDate = localDateTime(ctx.issuedAt).date;
  const note = type === '05' ? 'La nota de crédito' : 'La nota de débito';
  const errors: FieldError[] = [];
  ctx.relatedDocuments.forEach((d, i) => {
    const path = `relatedDocuments[${i}].issuedOn`;
    if (d.issuedOn > noteDate) {
      errors.push({ path, code: 'out_of_range', message: `El documento relacionado es del ${d.issuedOn}, posterior a la nota (${noteDate}): una nota solo ajusta documentos ya emitidos.` });
      return;
    }
    const last = addMonthsClamped(d.issuedOn, NOTE_WINDOW_MONTHS);
    if (noteDate > last) {
      errors.push({
        path,
        code: 'out_of_range',
        message: `${note} (${noteDate}) está fuera del plazo del MH: ajusta un documento dentro de los ${NOTE_WINDOW_MONTHS} meses siguientes a su emisión, y el del ${d.issuedOn} admitía notas hasta el ${last}.`,
      });
    }
  });
  return errors;
}

/**
 * CR and CL: the document each line withholds on (`withholdings[i]`) or settles
 * (`settledDocuments[i]`) is dated on or before the CR/CL itself, as El Salvador dates — the rule
 * the NC/ND's related documents follow; no window before it. DCL: the settled period ends on or
 * before the DCL's date.
 */
export function checkLineDocumentDates(type: AnyDteType, input: DocumentCreateInput, ctx: BuildContext): FieldError[] {
  const lines = type === '07' ? { key: 'withholdings', list: input.withholdings ?? [], what: 'al comprobante de retención', verb: 'se retiene sobre' }
    : type === '08' ? { key: 'settledDocuments', list: input.settledDocuments ?? [], what: 'al comprobante de liquidación', verb: 'se liquidan' }
      : null;
  const date = localDateTime(ctx.issuedAt).date;
  // A DCL settles a period that has ended: it cannot close after the DCL itself.
  if (type === '09' && input.settlement && input.settlement.periodEnd > date) {
    return [{ path: 'settlement.periodEnd', code: 'out_of_range', message: `El período liquidado termina el ${input.settlement.periodEnd}, después del documento contable de liquidación (${date}): solo se liquidan períodos ya cerrados.` }];
  }
  if (!lines) return [];
  const errors: FieldError[] = [];
  lines.list.forEach((l, i) => {
    const issuedOn = l.relatedDocument.issuedOn;
    if (issuedOn > date) {
      errors.push({
        path: `${lines.key}[${i}].relatedDocument.issuedOn`,
        code: 'out_of_range',
        message: `El documento relacionado es del ${issuedOn}, posterior ${lines.what} (${date}): solo ${lines.verb} documentos ya emitidos.`,
      });
    }
  });
  return errors;
}
