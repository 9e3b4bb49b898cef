/**
 * What annex 4 reads from a Comprobante de Liquidación (08, fe-cl-v2) [F-07 doc §3.4, §4.1]: the
 * principal's fiscal domicile (`receptor.codDomiciliado`, CAT-032: 1 domiciliado, 2 no domiciliado)
 * and one entry per `cuerpoDocumento` line — the sale document settled (type, generation type 1
 * paper / 2 DTE, number, date) with its amounts in integer cents, half up. MH's CL manual puts each
 * document's sales per bucket net of global discounts and **without IVA** (an invalidated document
 * with negative values), and the line IVA `ivaItem` = 13 % of `ventaGravada`.
 */
import { centsFromJson, type Cents } from './cents.math';

type Json = Record<string, unknown>;

export interface SettlementLine {
  item: number;
  type: string;
  /** `1` physical document, `2` DTE (CAT-007). */
  generationType: string;
  /** `numeroDocumento` as in the JSON (a DTE's generation code, or the paper document's number). */
  number: string;
  /** `fechaEmision` (yyyy-MM-dd) of the sale document. */
  issuedOn: string;
  nonSubject: Cents;
  exempt: Cents;
  taxed: Cents;
  exports: Cents;
  vat: Cents;
}

export interface SettlementFacts {
  /** `receptor.codDomiciliado` is not 2 (the CL builder defaults it to 1). */
  domiciled: boolean;
  lines: SettlementLine[];
}

function obj(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
}

export function settlementFacts(json: Json): SettlementFacts {
  const body = Array.isArray(json.cuerpoDocumento) ? (json.cuerpoDocumento as unknown[]).map(obj) : [];
  return {
    domiciled: text(obj(json.receptor).codDomiciliado) !== '2',
    lines: body.map((l, i) => ({
      item: Number(l.numItem ?? i + 1),
      type: text(l.tipoDte),
      generationType: text(l.tipoGeneracion),
      number: text(l.numeroDocumento),
      issuedOn: text(l.fechaEmision),
      nonSubject: centsFromJson(l.ventaNoSuj),
      exempt: centsFromJson(l.ventaExenta),
      taxed: centsFromJson(l.ventaGravada),
      exports: centsFromJson(l.exportaciones),
      vat: centsFromJson(l.ivaItem),
    })),
  };
}
