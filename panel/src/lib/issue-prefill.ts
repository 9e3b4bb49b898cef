/**
 * A new document prefilled from one already issued (pure): «Duplicar» copies its receiver and lines;
 * «Nota de crédito» / «Nota de débito» relate it and copy its lines, each line pointing at it.
 * Everything is read from the document's own signed JSON (MH's field names), as it was issued.
 */
import { emptyDraft, EMPTY_RECEIVER, isDteType, newItem, type DteType, type IssueDraft, type ItemDraft, type ReceiverDraft } from './issue-draft';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- MH's signed JSON is read field by field, each one turned into text
type Json = Record<string, any>;

export interface SourceDocument {
  type: string;
  generationCode: string | null;
  issuedAt: string;
  json: Record<string, unknown> | null;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

function receiverFrom(r: Json | null | undefined): ReceiverDraft {
  if (!r) return EMPTY_RECEIVER;
  const dir = r.direccion ?? {};
  const documentNumber = text(r.nit ?? r.numDocumento);
  return {
    ...EMPTY_RECEIVER,
    name: text(r.nombre),
    documentType: text(r.tipoDocumento) || (r.nit ? '36' : EMPTY_RECEIVER.documentType),
    documentNumber,
    nrc: text(r.nrc),
    economicActivity: text(r.codActividad),
    email: text(r.correo),
    phone: text(r.telefono),
    address: { department: text(dir.departamento), municipality: text(dir.municipio), district: text(dir.distrito), line: text(dir.complemento) },
    country: text(r.codPais) || EMPTY_RECEIVER.country,
    personType: text(r.tipoPersona) || EMPTY_RECEIVER.personType,
    foreignAddress: text(r.complemento),
    activityDescription: text(r.descActividad),
  };
}

function saleTax(line: Json): string {
  if (Number(line.ventaExenta ?? 0) !== 0) return 'exenta';
  if (Number(line.ventaNoSuj ?? 0) !== 0) return 'no_sujeta';
  return 'gravada';
}

function itemsFrom(json: Json | null | undefined, related: string): ItemDraft[] {
  const lines: Json[] = json?.cuerpoDocumento ?? [];
  if (!lines.length) return [newItem()];
  return lines.map((l) => ({
    ...newItem(),
    type: text(l.tipoItem) || '1',
    description: text(l.descripcion),
    quantity: text(l.cantidad) || '1',
    unitCode: text(l.uniMedida) || '59',
    unitPrice: text(l.precioUni),
    tax: saleTax(l),
    discount: Number(l.montoDescu ?? 0) !== 0 ? text(l.montoDescu) : '',
    relatedDocument: related,
  }));
}

/** yyyy-MM-dd of the document, from its JSON's fecEmi (El Salvador date), else its issuedAt. */
function issuedOn(doc: SourceDocument): string {
  return text((doc.json as Json | null)?.identificacion?.fecEmi) || doc.issuedAt.slice(0, 10);
}

/** A copy of `doc` to issue again (the same type, receiver and lines). */
export function duplicateDraft(doc: SourceDocument): IssueDraft | null {
  if (!isDteType(doc.type)) return null;
  const t: DteType = doc.type;
  const json = doc.json as Json | null;
  const draft = emptyDraft(t);
  return { ...draft, receiver: receiverFrom(json?.receptor ?? json?.sujetoExcluido ?? json?.donante), items: itemsFrom(json, ''), notes: text(json?.extension?.observaciones) };
}

/** An NC (05) or ND (06) of the CCF `doc`: related to it, with its receiver and lines. */
export function noteDraft(doc: SourceDocument, type: '05' | '06'): IssueDraft {
  const code = doc.generationCode ?? '';
  const draft = emptyDraft(type);
  return {
    ...draft,
    receiver: receiverFrom((doc.json as Json | null)?.receptor),
    related: [{ type: doc.type, generationCode: code, issuedOn: issuedOn(doc) }],
    items: itemsFrom(doc.json as Json | null, code),
  };
}
