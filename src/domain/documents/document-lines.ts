/**
 * A document's lines and payment terms as issued: read from its official JSON as signed (ADR 0041),
 * never from the request or a later edit. One shape for every type; a field a type's lines do not
 * carry is null. Amounts are decimal strings exactly as the JSON holds them (items up to 8 decimals);
 * a line's total is the sum of its sale columns. Pure.
 */
import Decimal from 'decimal.js';

import type { DocumentItemView, DocumentPaymentMethodView, DocumentPaymentView, LINE_TAXES } from './document-lines-view';

/** How a line is taxed (the request's `items[].tax`): the one sale column that holds its amount. */
export type LineTax = (typeof LINE_TAXES)[number];

/** What a document's detail shows of its sale: its lines and, where the type has them, its payment terms. */
export interface DocumentIssuedLines {
  items: DocumentItemView[];
  payment: DocumentPaymentView | null;
}

type Json = Record<string, unknown>;

function obj(v: unknown): Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
}

function text(v: unknown): string | null {
  if (typeof v === 'string') return v === '' ? null : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/** A JSON amount as a decimal string (the JSON's number text: no float arithmetic, no exponent). */
function amount(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return new Decimal(String(v)).toFixed();
  if (typeof v === 'string' && v !== '' && /^-?\d+(\.\d+)?$/.test(v)) return new Decimal(v).toFixed();
  return null;
}

function sum(values: (string | null)[]): string {
  return values.reduce((acc: Decimal, v) => (v === null ? acc : acc.plus(v)), new Decimal(0)).toFixed();
}

const SALE_COLUMNS: readonly [LineTax, string][] = [['gravada', 'ventaGravada'], ['exenta', 'ventaExenta'], ['no_sujeta', 'ventaNoSuj'], ['no_gravado', 'noGravado']];

function taxOf(line: Json): LineTax | null {
  for (const [tax, key] of SALE_COLUMNS) {
    const a = amount(line[key]);
    if (a !== null && !new Decimal(a).isZero()) return tax;
  }
  return null;
}

function line(raw: unknown, index: number): DocumentItemView {
  const l = obj(raw);
  const sales = { taxed: amount(l.ventaGravada), exempt: amount(l.ventaExenta), nonSubject: amount(l.ventaNoSuj), nonTaxed: amount(l.noGravado) };
  const hasSales = Object.values(sales).some((v) => v !== null) || l.exportaciones !== undefined;
  const total = hasSales
    ? sum([sales.taxed, sales.exempt, sales.nonSubject, sales.nonTaxed, amount(l.exportaciones)])
    : amount(l.compra) ?? amount(l.valor) ?? amount(l.montoSujetoGrav) ?? '0';
  return {
    number: typeof l.numItem === 'number' ? l.numItem : index + 1,
    type: text(l.tipoItem),
    code: text(l.codigo),
    description: text(l.descripcion),
    quantity: amount(l.cantidad),
    unitCode: text(l.uniMedida),
    unitPrice: amount(l.precioUni) ?? amount(l.valorUni),
    discount: amount(l.montoDescu),
    tax: hasSales ? taxOf(l) : null,
    nonSubjectAmount: sales.nonSubject,
    exemptAmount: sales.exempt,
    taxedAmount: sales.taxed,
    nonTaxedAmount: sales.nonTaxed,
    iva: amount(l.ivaItem),
    taxes: Array.isArray(l.tributos) ? l.tributos.map((t) => text(t)).filter((t): t is string => t !== null) : [],
    total,
    relatedDocument: text(l.numeroDocumento),
    relatedDocumentType: text(l.tipoDte),
    relatedDocumentIssuedOn: text(l.fechaEmision),
    withholdingCode: text(l.codigoRetencionMH),
    withheld: amount(l.ivaRetenido),
    donationType: text(l.tipoDonacion),
    depreciation: amount(l.tipoDepreciacion),
  };
}

function payment(resumen: Json): DocumentPaymentView | null {
  const hasCondition = resumen.condicionOperacion !== undefined && resumen.condicionOperacion !== null;
  const pagos = Array.isArray(resumen.pagos) ? resumen.pagos : null;
  if (!hasCondition && !pagos) return null;
  return {
    condition: hasCondition ? text(resumen.condicionOperacion) : null,
    methods: (pagos ?? []).map((raw) => {
      const p = obj(raw);
      return {
        code: text(p.codigo) ?? '',
        amount: new Decimal(amount(p.montoPago) ?? '0').toFixed(2),
        reference: text(p.referencia),
        term: text(p.plazo),
        period: typeof p.periodo === 'number' ? p.periodo : null,
      };
    }),
  };
}

/** The lines and payment terms of an official DTE JSON (an object, or its text as signed). */
export function issuedLinesOf(dte: unknown): DocumentIssuedLines {
  let json: unknown = dte;
  if (typeof dte === 'string') {
    try {
      json = JSON.parse(dte);
    } catch {
      json = {};
    }
  }
  const root = obj(json);
  const body = root.cuerpoDocumento;
  // DCL (09) has one settlement object instead of lines.
  const items = Array.isArray(body) ? body.map(line) : [];
  return { items, payment: payment(obj(root.resumen)) };
}
