/**
 * What the issuance form holds for any of the eleven DTE types, and the request it sends (pure; the
 * form's parts in ui/issue/ edit it). Which parts a type has follows the service's field placement
 * (src/domain/dte/extended/field-placement.ts): a field the type has no place for is never sent.
 */
import { normalizeAmount, normalizeTaxId } from './form-values';

export type DteType = '01' | '03' | '04' | '05' | '06' | '07' | '08' | '09' | '11' | '14' | '15';

export const DTE_TYPES: { code: DteType; short: string; label: string }[] = [
  { code: '01', short: 'FE', label: 'Factura (FE)' },
  { code: '03', short: 'CCF', label: 'Crédito fiscal (CCF)' },
  { code: '05', short: 'NC', label: 'Nota de crédito (NC)' },
  { code: '06', short: 'ND', label: 'Nota de débito (ND)' },
  { code: '04', short: 'NR', label: 'Nota de remisión (NR)' },
  { code: '07', short: 'CR', label: 'Comprobante de retención (CR)' },
  { code: '08', short: 'CL', label: 'Comprobante de liquidación (CL)' },
  { code: '09', short: 'DCL', label: 'Documento contable de liquidación (DCL)' },
  { code: '11', short: 'FEX', label: 'Factura de exportación (FEX)' },
  { code: '14', short: 'FSE', label: 'Sujeto excluido (FSE)' },
  { code: '15', short: 'CD', label: 'Comprobante de donación (CD)' },
];

export const isDteType = (t: string | null): t is DteType => DTE_TYPES.some((d) => d.code === t);

/** How the receiver is asked for: a consumer, a registered taxpayer, a buyer abroad, an excluded subject. */
export type ReceiverKind = 'consumer' | 'taxpayer' | 'foreign' | 'excluded';

export function receiverKind(t: DteType): ReceiverKind {
  if (t === '01') return 'consumer';
  if (t === '11') return 'foreign';
  if (t === '14') return 'excluded';
  return 'taxpayer';
}

/** The types whose lines are items (CR, CL and DCL carry other lines). */
export const hasItems = (t: DteType) => !['07', '08', '09'].includes(t);
/** The types with payment terms in the form (NC and ND carry no payment methods; CL and CD none here). */
export const hasPayment = (t: DteType) => ['01', '03', '11', '14'].includes(t);
/** The types whose lines have a sale type (gravada/exenta/no sujeta). */
export const hasTax = (t: DteType) => ['01', '03', '04', '05', '06'].includes(t);
/** NC and ND correct documents; each line names the one it touches. */
export const isNote = (t: DteType) => t === '05' || t === '06';

export interface Place {
  department: string;
  municipality: string;
  district: string;
  line: string;
}

export interface ReceiverDraft {
  name: string;
  documentType: string;
  documentNumber: string;
  nrc: string;
  economicActivity: string;
  email: string;
  phone: string;
  address: Place;
  country: string;
  personType: string;
  foreignAddress: string;
  activityDescription: string;
  establishmentType: string;
  fiscalDomicile: string;
}

export interface ItemDraft {
  type: string;
  description: string;
  quantity: string;
  unitCode: string;
  unitPrice: string;
  tax: string;
  discount: string;
  relatedDocument: string;
  donationType: string;
  depreciation: string;
  /** The product picked from the catalogue, if any (sent as `productId` with the line's fields, which prevail). */
  productId?: string;
}

export interface DocRef {
  type: string;
  generationCode: string;
  issuedOn: string;
}

export interface WithholdingDraft {
  related: DocRef;
  taxableAmount: string;
  code: string;
  withheldAmount: string;
  description: string;
}

export interface SettledDraft {
  related: DocRef;
  gravada: string;
  exenta: string;
  noSujeta: string;
  perception: string;
}

export interface SettlementDraft {
  periodStart: string;
  periodEnd: string;
  code: string;
  documentCount: string;
  operationsAmount: string;
  commission: string;
  commissionPercent: string;
  responsibleName: string;
  responsibleDocument: string;
}

export interface ExportDraft {
  customsOffice: string;
  regime: string;
  regimeType: string;
  incoterms: string;
  freight: string;
  insurance: string;
}

export interface AssociatedDraft {
  code: string;
  identification: string;
  description: string;
}

export interface IssueDraft {
  type: DteType;
  receiver: ReceiverDraft;
  /** The customer picked from the catalogue, if any: sent as `customerId` in place of the receiver (editing a receiver field forgets it). */
  customerId?: string;
  items: ItemDraft[];
  related: DocRef[];
  goodsTitle: string;
  withholdings: WithholdingDraft[];
  settled: SettledDraft[];
  settlement: SettlementDraft;
  exportInfo: ExportDraft;
  associated: AssociatedDraft[];
  renta: string;
  notes: string;
}

export const EMPTY_PLACE: Place = { department: '', municipality: '', district: '', line: '' };
export const EMPTY_RECEIVER: ReceiverDraft = {
  name: '', documentType: '13', documentNumber: '', nrc: '', economicActivity: '', email: '', phone: '', address: EMPTY_PLACE,
  country: '', personType: '2', foreignAddress: '', activityDescription: '', establishmentType: '01', fiscalDomicile: '1',
};
export const newItem = (): ItemDraft => ({ type: '1', description: '', quantity: '1', unitCode: '59', unitPrice: '', tax: 'gravada', discount: '', relatedDocument: '', donationType: '1', depreciation: '' });
export const newDocRef = (type = '03'): DocRef => ({ type, generationCode: '', issuedOn: '' });
export const newWithholding = (): WithholdingDraft => ({ related: newDocRef('03'), taxableAmount: '', code: '22', withheldAmount: '', description: '' });
export const newSettled = (): SettledDraft => ({ related: newDocRef('03'), gravada: '', exenta: '', noSujeta: '', perception: '' });
export const newAssociated = (): AssociatedDraft => ({ code: '1', identification: '', description: '' });

export function emptyDraft(type: DteType): IssueDraft {
  return {
    type,
    receiver: EMPTY_RECEIVER,
    items: [newItem()],
    related: [newDocRef('03')],
    goodsTitle: '04',
    withholdings: [newWithholding()],
    settled: [newSettled()],
    settlement: { periodStart: '', periodEnd: '', code: '', documentCount: '', operationsAmount: '', commission: '', commissionPercent: '', responsibleName: '', responsibleDocument: '' },
    exportInfo: { customsOffice: '', regime: '', regimeType: '', incoterms: '', freight: '', insurance: '' },
    associated: [newAssociated()],
    renta: '',
    notes: '',
  };
}

type Json = Record<string, unknown>;
const opt = (v: string): string | undefined => v.trim() || undefined;
const amount = (v: string): string | undefined => (v.trim() ? normalizeAmount(v) : undefined);
const ref = (r: DocRef): Json => ({ type: r.type, generationCode: r.generationCode.trim(), issuedOn: r.issuedOn });

function address(p: Place): Json | undefined {
  if (!p.department && !p.municipality && !p.district && !p.line.trim()) return undefined;
  return { department: p.department, municipality: p.municipality, district: p.district, line: p.line.trim() };
}

/** The receiver as the type takes it; FE without anything typed is the unidentified consumer (null). */
export function receiverInput(t: DteType, r: ReceiverDraft): Json | null {
  const kind = receiverKind(t);
  if (kind === 'consumer') {
    if (!r.name.trim() && !r.documentNumber.trim() && !r.email.trim()) return null;
    // A NIT typed with dashes is sent as MH takes it (a DUI keeps its own dash, ########-#).
    const documentNumber = r.documentType === '36' ? normalizeTaxId(r.documentNumber) : r.documentNumber.trim();
    return { name: opt(r.name), documentType: documentNumber ? r.documentType : undefined, documentNumber: documentNumber || undefined, email: opt(r.email) };
  }
  if (kind === 'foreign') {
    return {
      name: r.name.trim(), documentType: r.documentType, documentNumber: r.documentNumber.trim(), country: r.country || undefined, personType: r.personType,
      activityDescription: opt(r.activityDescription), foreignAddress: opt(r.foreignAddress), email: opt(r.email), phone: opt(r.phone),
    };
  }
  if (kind === 'excluded') {
    const documentNumber = r.documentType === '36' ? normalizeTaxId(r.documentNumber) : r.documentNumber.trim();
    return { name: r.name.trim(), documentType: r.documentType, documentNumber, address: address(r.address), email: opt(r.email), phone: opt(r.phone) };
  }
  const out: Json = {
    name: r.name.trim(), documentType: '36', documentNumber: normalizeTaxId(r.documentNumber), nrc: opt(normalizeTaxId(r.nrc)),
    economicActivity: opt(r.economicActivity), address: address(r.address), email: opt(r.email), phone: opt(r.phone),
  };
  if (t === '08') out.fiscalDomicile = r.fiscalDomicile;
  if (t === '09') out.establishmentType = r.establishmentType;
  if (t === '15') {
    out.fiscalDomicile = r.fiscalDomicile;
    out.country = 'SV';
  }
  return out;
}

function itemInput(t: DteType, i: ItemDraft): Json {
  const base: Json = { description: i.description.trim(), quantity: normalizeAmount(i.quantity), unitCode: i.unitCode, unitPrice: normalizeAmount(i.unitPrice) };
  if (i.productId) base.productId = i.productId;
  if (t === '15') return { ...base, donationType: i.donationType, depreciation: amount(i.depreciation) };
  base.type = i.type;
  base.discount = amount(i.discount);
  if (hasTax(t)) base.tax = i.tax;
  if (isNote(t)) base.relatedDocument = i.relatedDocument || undefined;
  return base;
}

/** The GraphQL DocumentCreateInput's type-dependent part (emitter, establishment and payment are the form's). */
export function draftInput(d: IssueDraft): Json {
  const t = d.type;
  // A customer picked and left as picked: the directory's receiver is issued (and its last use recorded).
  const out: Json = d.customerId ? { type: t, customerId: d.customerId } : { type: t, receiver: receiverInput(t, d.receiver) };
  if (hasItems(t)) out.items = d.items.map((i) => itemInput(t, i));
  if (isNote(t)) out.relatedDocuments = d.related.map(ref);
  if (t === '04') out.goodsTitle = d.goodsTitle;
  if (t === '07') {
    out.withholdings = d.withholdings.map((w) => ({
      relatedDocument: ref(w.related), taxableAmount: normalizeAmount(w.taxableAmount), code: w.code,
      withheldAmount: w.code === 'C9' ? amount(w.withheldAmount) : undefined, description: opt(w.description),
    }));
  }
  if (t === '08') {
    out.settledDocuments = d.settled.map((s) => ({ relatedDocument: ref(s.related), gravada: amount(s.gravada), exenta: amount(s.exenta), noSujeta: amount(s.noSujeta), perception: amount(s.perception) }));
  }
  if (t === '09') {
    const s = d.settlement;
    out.settlement = {
      periodStart: s.periodStart, periodEnd: s.periodEnd, code: opt(s.code), documentCount: /^\d+$/.test(s.documentCount.trim()) ? Number(s.documentCount.trim()) : undefined,
      operationsAmount: normalizeAmount(s.operationsAmount), commission: normalizeAmount(s.commission), commissionPercent: amount(s.commissionPercent),
      responsible: { name: s.responsibleName.trim(), documentNumber: s.responsibleDocument.trim() },
    };
  }
  if (t === '11') {
    const x = d.exportInfo;
    const goods = d.items.some((i) => i.type !== '2');
    out.export = goods
      ? { customsOffice: x.customsOffice || undefined, regime: x.regime || undefined, regimeType: x.regimeType || undefined, incoterms: x.incoterms || undefined, freight: amount(x.freight), insurance: amount(x.insurance) }
      : { freight: amount(x.freight), insurance: amount(x.insurance) };
  }
  if (t === '14' && d.renta.trim()) out.withholding = { renta: normalizeAmount(d.renta) };
  if (t === '15') out.associatedDocuments = d.associated.map((a) => ({ code: a.code, identification: opt(a.identification), description: opt(a.description) }));
  if (t !== '15' && d.notes.trim()) out.notes = d.notes.trim();
  return out;
}
