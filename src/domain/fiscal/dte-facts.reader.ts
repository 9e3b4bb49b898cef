/**
 * Reads what the books need from an issued DTE's official JSON (FE v2, CCF v4, NC v4, ND v4; CR,
 * FEX and FSE through dte-type-facts.reader.ts), once
 * per document (cached), with amounts in integer cents (F-07 doc §4.3):
 *   exempt = totalExenta − descuExenta, nonSubject = totalNoSuj − descuNoSuj,
 *   taxed = totalGravada − descuGravada (NC/ND v4 have no per-bucket discounts),
 *   vat = tributo 20 (CCF/NC/ND; NC/ND fall back to totalIva), FE: totalIva (inside the price),
 *   perceived = ivaPerci;
 * and the income codes inferred from those amounts and the items (income-codes.inference.ts), used
 * when the document has no `income_codes` tag.
 */
import { centsFromJson, type Cents } from './cents.math';
import { compactCode, compactControlNumber, sanitizeText, stripHyphens } from './identifier-format.helpers';
import { mhDate } from './period.helpers';
import { inferIncomeCodes, type IncomeCodes } from './income-codes.inference';
import type { LedgerDocument } from './ledger.types';
import { typeFacts, type TypeFacts } from './dte-type-facts.reader';

export interface DteFacts {
  type: string;
  /** fecEmi (yyyy-MM-dd) and horEmi. */
  issuedOn: string;
  issuedTime: string;
  /** fecEmi + horEmi + control number: MH's "first/last DTE emitted" order (§4.4). */
  sortKey: string;
  controlNumber: string;
  generationCode: string;
  /** Establishment + point of sale segment of the control number (`M001P001`). */
  pointOfSale: string;
  exempt: Cents;
  nonSubject: Cents;
  taxed: Cents;
  vat: Cents;
  perceived: Cents;
  receiver: { nit: string | null; nrc: string | null; dui: string | null; name: string };
  /** Cache of textOf(); null until first used. */
  text: FactsText | null;
  thirdParty: { nit: string | null; name: string } | null;
  /** Annex 1 R/S, annex 2 U/V inferred from the amounts and items; null when nothing to infer from. */
  inferredIncomeCodes: IncomeCodes | null;
  /** CR withholdings, FEX export split, FSE excluded subject (dte-type-facts.reader.ts). */
  typeFacts: TypeFacts;
}

type Json = Record<string, unknown>;

const cache = new WeakMap<LedgerDocument, DteFacts>();

function obj(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function receiverOf(type: string, receptor: Json): DteFacts['receiver'] {
  const name = str(receptor.nombre) ?? '';
  const nrc = str(receptor.nrc);
  if (type === '03') {
    const nit = str(receptor.nit);
    return { nit: nit ? stripHyphens(nit) : null, nrc, dui: null, name };
  }
  const docType = str(receptor.tipoDocumento);
  const number = str(receptor.numDocumento);
  if (number && docType === '36') return { nit: stripHyphens(number), nrc, dui: null, name };
  if (number && docType === '13') return { nit: null, nrc, dui: stripHyphens(number), name };
  return { nit: null, nrc, dui: null, name };
}

function vatOf(type: string, resumen: Json): Cents {
  if (type === '01') return centsFromJson(resumen.totalIva);
  const tributos = Array.isArray(resumen.tributos) ? (resumen.tributos as unknown[]) : [];
  for (const t of tributos) {
    const o = obj(t);
    if (o.codigo === '20') return centsFromJson(o.valor);
  }
  return centsFromJson(resumen.totalIva);
}

/** Item summary for the income type: goods/services item counts, and (FEX only) amounts in cents. */
function itemKinds(type: string, json: Json): { goods: Cents; services: Cents; items: number; serviceItems: number } {
  const body = Array.isArray(json.cuerpoDocumento) ? (json.cuerpoDocumento as unknown[]) : [];
  const fex = type === '11';
  const exportKind = fex ? obj(json.emisor).tipoItemExpor : undefined;
  let goods = 0;
  let services = 0;
  let items = 0;
  let serviceItems = 0;
  for (const raw of body) {
    const it = obj(raw);
    const kind = it.tipoItem ?? exportKind;
    if (kind === 4 || kind === '4') continue;
    const service = kind === 2 || kind === '2';
    items += 1;
    if (service) serviceItems += 1;
    if (fex) {
      const amount = centsFromJson(it.ventaGravada) + centsFromJson(it.ventaExenta) + centsFromJson(it.ventaNoSuj) + centsFromJson(it.noGravado);
      if (service) services += amount;
      else goods += amount;
    }
  }
  return { goods, services, items, serviceItems };
}

export interface FactsText { date: string; control: string; code: string; name: string }

/** Display forms of a document (MH date, compact control number and code, clean name), computed once on first use. */
export function textOf(f: DteFacts): FactsText {
  return (f.text ??= { date: mhDate(f.issuedOn), control: compactControlNumber(f.controlNumber), code: compactCode(f.generationCode), name: sanitizeText(f.receiver.name) });
}

export function dteFacts(doc: LedgerDocument): DteFacts {
  const hit = cache.get(doc);
  if (hit) return hit;
  const json = obj(doc.json);
  const ident = obj(json.identificacion);
  const resumen = obj(json.resumen);
  const type = str(ident.tipoDte) ?? doc.type;
  const issuedOn = str(ident.fecEmi) ?? doc.issuedOn;
  const issuedTime = str(ident.horEmi) ?? '00:00:00';
  const controlNumber = str(ident.numeroControl) ?? '';
  const tercero = json.ventaTercero ? obj(json.ventaTercero) : null;
  const code = str(ident.codigoGeneracion) ?? '';
  const exempt = centsFromJson(resumen.totalExenta) - centsFromJson(resumen.descuExenta);
  const nonSubject = centsFromJson(resumen.totalNoSuj) - centsFromJson(resumen.descuNoSuj);
  const taxed = centsFromJson(resumen.totalGravada) - centsFromJson(resumen.descuGravada);
  const facts: DteFacts = {
    type,
    issuedOn,
    issuedTime,
    sortKey: `${issuedOn}T${issuedTime}|${controlNumber}`,
    controlNumber,
    generationCode: /[a-f]/.test(code) ? code.toUpperCase() : code,
    pointOfSale: controlNumber.length === 31 ? controlNumber.slice(7, 15) : '',
    exempt,
    nonSubject,
    taxed,
    vat: vatOf(type, resumen),
    perceived: centsFromJson(resumen.ivaPerci),
    receiver: receiverOf(type, obj(json.receptor)),
    thirdParty: tercero ? { nit: str(tercero.nit), name: str(tercero.nombre) ?? '' } : null,
    text: null,
    inferredIncomeCodes: inferIncomeCodes({ type, exempt, nonSubject, taxed, ...itemKinds(type, json) }),
    typeFacts: typeFacts(type, json, taxed),
  };
  cache.set(doc, facts);
  return facts;
}
