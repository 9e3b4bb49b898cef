/**
 * The columns of the items table per document type, and what each cell shows (the JSON's values,
 * formatted only). Sales documents (FE, CCF, NR, NC, ND) share one layout; CR, CL, FEX, FSE and CD
 * have their own lines; a DCL has no table (its settlement is drawn by settlement-block.ts).
 */
import { CatalogCode } from '../../domain/catalog/catalogs';
import { type Json, asNumber, asText, catalogName, documentTypeTitle, tributeName, unitName } from './dte-view';
import { formatIsoDate, formatNumber, formatQuantity } from './format';
import { CONTENT_WIDTH } from './pdf-layout';

export interface Column {
  readonly key: string;
  readonly title: string;
  readonly width: number;
  readonly align: 'left' | 'right' | 'center';
  /** Multi-line text cell (the row grows to fit it). */
  readonly wrap?: boolean;
}

export interface TableLayout {
  readonly columns: readonly Column[];
  /** `desc` column text and its small notes. */
  description(item: Json): string;
  notes(item: Json): string;
  cells(item: Json): Record<string, string>;
  /** Columns totalled on the "Sumas" line, with the summary field each one shows. */
  readonly sums: readonly (readonly [string, string])[];
}

/** The `desc` column takes the width the others leave. */
function fill(columns: readonly Column[]): Column[] {
  const fixed = columns.reduce((s, c) => s + c.width, 0);
  return columns.map((c) => (c.key === 'desc' ? { ...c, width: CONTENT_WIDTH - fixed } : c));
}

/** An amount cell: blank for zero (the column does not apply to the item). */
const amount = (value: unknown): string => (asNumber(value) === 0 ? '' : formatNumber(value, 2));
const money = (value: unknown): string => formatNumber(value, 2);

const NUM: Column = { key: 'num', title: 'N.º', width: 18, align: 'center' };
const QTY: Column = { key: 'qty', title: 'Cantidad', width: 40, align: 'right' };
const UNIT: Column = { key: 'unit', title: 'Unidad', width: 46, align: 'left', wrap: true };
const DESC: Column = { key: 'desc', title: 'Descripción', width: 0, align: 'left' };
const PRICE: Column = { key: 'price', title: 'Precio unitario', width: 60, align: 'right' };
const DISCOUNT: Column = { key: 'discount', title: 'Descuento', width: 46, align: 'right' };

function saleNotes(item: Json): string {
  const notes: string[] = [];
  const code = asText(item.codigo);
  if (code) notes.push(`Código: ${code}`);
  const related = asText(item.numeroDocumento);
  if (related) notes.push(`Documento relacionado: ${related}`);
  const codTributo = asText(item.codTributo);
  if (codTributo) notes.push(`Tributo: ${tributeName(codTributo, catalogName(CatalogCode.tribute, codTributo))}`);
  const tributes = (Array.isArray(item.tributos) ? item.tributos : []).map((t) => asText(t)).filter((t): t is string => t !== null && t !== '20');
  if (tributes.length > 0) notes.push(`Tributos: ${tributes.map((t) => tributeName(t, catalogName(CatalogCode.tribute, t))).join(', ')}`);
  if ((asNumber(item.noGravado) ?? 0) !== 0) notes.push(`Cargo/abono no gravado: ${formatNumber(item.noGravado, 2)}`);
  if ((asNumber(item.psv) ?? 0) !== 0) notes.push(`Precio sugerido de venta: ${formatNumber(item.psv, 2)}`);
  return notes.join(' · ');
}

const lineBasics = (item: Json) => ({ num: asText(item.numItem) ?? '', qty: formatQuantity(item.cantidad), unit: unitName(item.uniMedida), price: formatNumber(item.precioUni, 2) });
const description = (item: Json): string => asText(item.descripcion) ?? '';

const SALES: TableLayout = {
  columns: fill([NUM, QTY, UNIT, DESC, PRICE, DISCOUNT,
    { key: 'nosuj', title: 'Ventas no sujetas', width: 50, align: 'right' },
    { key: 'exenta', title: 'Ventas exentas', width: 50, align: 'right' },
    { key: 'gravada', title: 'Ventas gravadas', width: 56, align: 'right' }]),
  description,
  notes: saleNotes,
  cells: (item) => ({ ...lineBasics(item), discount: amount(item.montoDescu), nosuj: amount(item.ventaNoSuj), exenta: amount(item.ventaExenta), gravada: amount(item.ventaGravada) }),
  sums: [['nosuj', 'totalNoSuj'], ['exenta', 'totalExenta'], ['gravada', 'totalGravada']],
};

const EXPORT: TableLayout = {
  columns: fill([NUM, QTY, UNIT, DESC, PRICE, DISCOUNT, { key: 'gravada', title: 'Ventas afectas (0 %)', width: 70, align: 'right' }]),
  description,
  notes: saleNotes,
  cells: (item) => ({ ...lineBasics(item), discount: amount(item.montoDescu), gravada: amount(item.ventaGravada) }),
  sums: [['gravada', 'totalGravada']],
};

const EXCLUDED_SUBJECT: TableLayout = {
  columns: fill([NUM, QTY, UNIT, DESC, PRICE, DISCOUNT, { key: 'compra', title: 'Compras', width: 70, align: 'right' }]),
  description,
  notes: (item) => (asText(item.codigo) ? `Código: ${asText(item.codigo)}` : ''),
  cells: (item) => ({ ...lineBasics(item), discount: amount(item.montoDescu), compra: money(item.compra) }),
  sums: [['compra', 'totalCompra']],
};

const DONATION: TableLayout = {
  columns: fill([NUM, QTY, UNIT, DESC, { key: 'price', title: 'Valor unitario', width: 60, align: 'right' },
    { key: 'depreciation', title: 'Depreciación', width: 56, align: 'right' }, { key: 'valor', title: 'Valor donado', width: 64, align: 'right' }]),
  description,
  notes: (item) => [`Donación: ${catalogName(CatalogCode.donationType, item.tipoDonacion) ?? asText(item.tipoDonacion) ?? ''}`, asText(item.codigo) ? `Código: ${asText(item.codigo)}` : null].filter(Boolean).join(' · '),
  cells: (item) => ({ ...lineBasics(item), price: money(item.valorUni), depreciation: amount(item.tipoDepreciacion), valor: money(item.valor) }),
  sums: [['valor', 'valorTotal']],
};

/** "CCF 03 · 8A2C…" — the related document of a CR or CL line. */
function documentCell(item: Json): string {
  const type = asText(item.tipoDte);
  const kind = item.tipoGeneracion === 1 ? 'físico' : 'electrónico';
  const date = asText(item.fechaEmision);
  return [type ? `${documentTypeTitle(type)} (${type})` : null, `${asText(item.numeroDocumento) ?? ''} · ${kind}`, date ? formatIsoDate(date) : null].filter(Boolean).join('\n');
}

const RETENTION: TableLayout = {
  columns: fill([NUM, { key: 'doc', title: 'Documento relacionado', width: 150, align: 'left', wrap: true }, DESC,
    { key: 'code', title: 'Código de retención', width: 70, align: 'left', wrap: true },
    { key: 'base', title: 'Monto sujeto', width: 62, align: 'right' }, { key: 'retenido', title: 'IVA retenido', width: 60, align: 'right' }]),
  description,
  notes: () => '',
  cells: (item) => ({
    num: asText(item.numItem) ?? '', doc: documentCell(item), code: `${asText(item.codigoRetencionMH) ?? ''} ${catalogName(CatalogCode.retentionCode, item.codigoRetencionMH) ?? ''}`.trim(),
    base: money(item.montoSujetoGrav), retenido: money(item.ivaRetenido),
  }),
  sums: [['base', 'totalSujetoRetencion'], ['retenido', 'totalIvaRetenido']],
};

const SETTLEMENT: TableLayout = {
  columns: fill([NUM, { key: 'doc', title: 'Documento liquidado', width: 140, align: 'left', wrap: true }, { ...DESC, title: 'Observaciones' },
    { key: 'nosuj', title: 'No sujetas', width: 52, align: 'right' }, { key: 'exenta', title: 'Exentas', width: 52, align: 'right' },
    { key: 'gravada', title: 'Gravadas', width: 56, align: 'right' }, { key: 'exports', title: 'Exportaciones', width: 60, align: 'right' }]),
  description: (item) => asText(item.observaciones) ?? '',
  notes: (item) => ((asNumber(item.ivaItem) ?? 0) !== 0 ? `IVA: ${formatNumber(item.ivaItem, 2)}` : ''),
  cells: (item) => ({ num: asText(item.numItem) ?? '', doc: documentCell(item), nosuj: amount(item.ventaNoSuj), exenta: amount(item.ventaExenta), gravada: amount(item.ventaGravada), exports: amount(item.exportaciones) }),
  sums: [['nosuj', 'totalNoSuj'], ['exenta', 'totalExenta'], ['gravada', 'totalGravada'], ['exports', 'exportacion']],
};

const LAYOUTS: Readonly<Record<string, TableLayout>> = { '07': RETENTION, '08': SETTLEMENT, '11': EXPORT, '14': EXCLUDED_SUBJECT, '15': DONATION };

export function layoutFor(type: string): TableLayout {
  return LAYOUTS[type] ?? SALES;
}
