/**
 * A customer of the directory as the issuance form's receiver and back (pure): the directory keeps
 * DocumentCreate's receiver fields, so picking a customer fills the receiver part as typed by hand.
 */
import type { Customer, CustomerInput } from '../api/directory.api';
import { normalizeTaxId } from './form-values';
import { EMPTY_RECEIVER, type ReceiverDraft } from './issue-draft';

export type CustomerKind = 'taxpayer' | 'consumer' | 'foreign';

export function customerKind(c: Pick<Customer, 'documentType' | 'nrc' | 'country'>): CustomerKind {
  if (c.country && c.country !== 'SV') return 'foreign';
  if (c.documentType === '36' && c.nrc) return 'taxpayer';
  return 'consumer';
}

export function receiverOf(c: Customer): ReceiverDraft {
  return {
    ...EMPTY_RECEIVER,
    name: c.name,
    documentType: c.documentType ?? EMPTY_RECEIVER.documentType,
    documentNumber: c.documentNumber ?? '',
    nrc: c.nrc ?? '',
    economicActivity: c.economicActivity ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    address: c.address ?? EMPTY_RECEIVER.address,
    country: c.country ?? '',
    personType: c.personType ?? EMPTY_RECEIVER.personType,
    foreignAddress: c.foreignAddress ?? '',
    activityDescription: c.activityDescription ?? '',
    establishmentType: c.establishmentType ?? EMPTY_RECEIVER.establishmentType,
    fiscalDomicile: c.fiscalDomicile ?? EMPTY_RECEIVER.fiscalDomicile,
  };
}

/** What the directory stores for a receiver typed as `kind` (empty fields left out). */
export function customerInput(kind: CustomerKind, r: ReceiverDraft, tradeName = ''): CustomerInput {
  const opt = (v: string) => v.trim() || undefined;
  const a = r.address;
  const address = a.department || a.line.trim() ? { department: a.department, municipality: a.municipality, district: a.district, line: a.line.trim() } : undefined;
  if (kind === 'taxpayer') {
    return { name: r.name.trim(), tradeName: opt(tradeName), documentType: '36', documentNumber: normalizeTaxId(r.documentNumber), nrc: opt(normalizeTaxId(r.nrc)), economicActivity: opt(r.economicActivity), email: opt(r.email), phone: opt(r.phone), address } as CustomerInput;
  }
  if (kind === 'foreign') {
    return { name: r.name.trim(), tradeName: opt(tradeName), documentType: r.documentType, documentNumber: opt(r.documentNumber), country: opt(r.country), personType: r.personType, foreignAddress: opt(r.foreignAddress), activityDescription: opt(r.activityDescription), email: opt(r.email), phone: opt(r.phone) } as CustomerInput;
  }
  const documentNumber = r.documentType === '36' ? normalizeTaxId(r.documentNumber) : r.documentNumber.trim();
  return { name: r.name.trim(), tradeName: opt(tradeName), documentType: documentNumber ? r.documentType : undefined, documentNumber: documentNumber || undefined, email: opt(r.email), phone: opt(r.phone) } as CustomerInput;
}
