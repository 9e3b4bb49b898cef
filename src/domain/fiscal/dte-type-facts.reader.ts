/**
 * What the books read from the DTE types that are neither sales to contribuyentes nor FE
 * [F-07 doc §4.1, §4.3], in integer cents:
 * - CR 07 (fe-cr-v2): subject amount and IVA withheld per CAT-006 code (`22` 1 % → annex 10, `C4`
 *   13 % → annex 12, `C9` other special cases → no annex), and the 13 % withheld on each related FSE
 *   (annex 5 H);
 * - FEX 11 (fe-fex-v3): the receiver's CAT-020 country and the taxed export value
 *   (`totalGravada − descuGravada`, without freight and insurance: §10 Q6) split into goods and
 *   services by item type (item `tipoItem` 2 → services; the global discount shared in proportion);
 *   and the customs declaration number when `otrosDocumentos` names one (detalle de exportaciones);
 * - FSE 14 (fe-fse-v2): the excluded subject's identification (CAT-022 36 → 1 NIT, 13 → 2 DUI, else
 *   3 other; a 9-digit NIT is a DUI) and the operation amount `subTotal` (annex 5 G, §9 C5);
 * - CL 08 (fe-cl-v2): the settled sale documents (annex 4; settlement-facts.reader.ts).
 */
import Decimal from 'decimal.js';
import { centsFromJson, type Cents } from './cents.math';
import { compactCode, stripHyphens } from './identifier-format.helpers';
import { customsDeclarationOf } from './customs-declaration.reader';
import { settlementFacts, type SettlementFacts } from './settlement-facts.reader';

type Json = Record<string, unknown>;

export interface WithholdingAmounts { subject: Cents; withheld: Cents }

export interface WithholdingFacts {
  byCode: { '22': WithholdingAmounts; C4: WithholdingAmounts; C9: WithholdingAmounts };
  /** 13 % (C4) withheld per related FSE, keyed by the FSE's generation code without hyphens. */
  excludedSubjectRetentions: Record<string, Cents>;
}

/**
 * `customsDeclaration`: the number of the declaración de mercancías / formulario aduanero (RCT 84 e),
 * present only when the FEX names one (customs-declaration.reader.ts), so the fingerprint of a FEX
 * without it is unchanged.
 */
export interface ExportFacts { country: string; goods: Cents; services: Cents; customsDeclaration?: string }

export interface ExcludedSubjectFacts { idType: '' | '1' | '2' | '3'; idNumber: string; name: string; amount: Cents }

export interface TypeFacts {
  withholding: WithholdingFacts | null;
  exports: ExportFacts | null;
  excludedSubject: ExcludedSubjectFacts | null;
  settlement: SettlementFacts | null;
}

function obj(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function items(json: Json): Json[] {
  return Array.isArray(json.cuerpoDocumento) ? (json.cuerpoDocumento as unknown[]).map(obj) : [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
}

function withholdingFacts(json: Json): WithholdingFacts {
  const zero = (): WithholdingAmounts => ({ subject: 0, withheld: 0 });
  const byCode = { '22': zero(), C4: zero(), C9: zero() };
  const excludedSubjectRetentions: Record<string, Cents> = {};
  for (const it of items(json)) {
    const code = text(it.codigoRetencionMH);
    const withheld = centsFromJson(it.ivaRetenido);
    if (code === '22' || code === 'C4' || code === 'C9') {
      byCode[code].subject += centsFromJson(it.montoSujetoGrav);
      byCode[code].withheld += withheld;
    }
    if (code === 'C4' && text(it.tipoDte) === '14' && it.numeroDocumento) {
      const key = compactCode(text(it.numeroDocumento));
      excludedSubjectRetentions[key] = (excludedSubjectRetentions[key] ?? 0) + withheld;
    }
  }
  return { byCode, excludedSubjectRetentions };
}

function exportFacts(json: Json, taxed: Cents): ExportFacts {
  const exportKind = obj(json.emisor).tipoItemExpor;
  let goods = 0;
  let services = 0;
  for (const it of items(json)) {
    const kind = Number(it.tipoItem ?? exportKind);
    if (kind === 4) continue;
    const amount = centsFromJson(it.ventaGravada);
    if (kind === 2) services += amount;
    else goods += amount;
  }
  const gross = goods + services;
  const servicesNet = gross === 0 ? 0 : new Decimal(services).times(taxed).div(gross).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  const facts: ExportFacts = { country: text(obj(json.receptor).codPais).toUpperCase(), goods: taxed - servicesNet, services: servicesNet };
  const declaration = customsDeclarationOf(json);
  if (declaration) facts.customsDeclaration = declaration;
  return facts;
}

function excludedSubjectFacts(json: Json): ExcludedSubjectFacts {
  const r = obj(json.receptor);
  const docType = text(r.tipoDocumento);
  const number = stripHyphens(text(r.numDocumento)).toUpperCase();
  let idType: ExcludedSubjectFacts['idType'] = '';
  if (number) idType = docType === '13' || (docType === '36' && number.length === 9) ? '2' : docType === '36' ? '1' : '3';
  return { idType, idNumber: number, name: text(r.nombre), amount: centsFromJson(obj(json.resumen).subTotal) };
}

/** The facts of a CR, FEX, FSE or CL (null sections for every other type). `taxed` = the FEX's net taxed value. */
export function typeFacts(type: string, json: Json, taxed: Cents): TypeFacts {
  return {
    withholding: type === '07' ? withholdingFacts(json) : null,
    exports: type === '11' ? exportFacts(json, taxed) : null,
    excludedSubject: type === '14' ? excludedSubjectFacts(json) : null,
    settlement: type === '08' ? settlementFacts(json) : null,
  };
}
