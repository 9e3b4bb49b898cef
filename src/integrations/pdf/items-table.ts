/**
 * The items table (`cuerpoDocumento`): quantity, unit, description, unit price, discount and the
 * non-subject / exempt / taxed sales columns. Long descriptions wrap; rows that do not fit go to
 * the next page, where the column header is repeated. Amounts are the JSON's, formatted only.
 */
import { CatalogCode } from '../../domain/catalog/catalogs';
import { type Json, asNumber, asObjects, asText, catalogName, tributeName, unitName } from './dte-view';
import { formatNumber, formatQuantity } from './format';
import { BODY_BOTTOM, COLOR, CONTENT_WIDTH, type Doc, FONT, GAP, LEFT, type PageFlow, drawFitted, drawText, fillRect, hLine, textHeight } from './pdf-layout';

interface Column {
  readonly key: string;
  readonly title: string;
  readonly width: number;
  readonly align: 'left' | 'right' | 'center';
}

const FIXED: readonly Column[] = [
  { key: 'num', title: 'N.º', width: 18, align: 'center' },
  { key: 'qty', title: 'Cantidad', width: 40, align: 'right' },
  { key: 'unit', title: 'Unidad', width: 46, align: 'left' },
  { key: 'desc', title: 'Descripción', width: 0, align: 'left' },
  { key: 'price', title: 'Precio unitario', width: 60, align: 'right' },
  { key: 'discount', title: 'Descuento', width: 46, align: 'right' },
  { key: 'nosuj', title: 'Ventas no sujetas', width: 50, align: 'right' },
  { key: 'exenta', title: 'Ventas exentas', width: 50, align: 'right' },
  { key: 'gravada', title: 'Ventas gravadas', width: 56, align: 'right' },
];

const COLUMNS: readonly Column[] = FIXED.map((c) =>
  c.key === 'desc' ? { ...c, width: CONTENT_WIDTH - FIXED.reduce((s, x) => s + x.width, 0) } : c,
);

const columnX = (key: string): number => LEFT + COLUMNS.slice(0, COLUMNS.findIndex((c) => c.key === key)).reduce((s, c) => s + c.width, 0);
const column = (key: string): Column => COLUMNS.find((c) => c.key === key)!;

const CELL_PAD = 3.5;
const ROW_PAD = 2.5;
const HEADER_HEIGHT = 22;
const BODY = { size: 7.5 };
const NOTE = { size: 6.5, color: COLOR.muted };

interface Row {
  readonly cells: Record<string, string>;
  readonly description: string;
  readonly notes: string;
  readonly height: number;
}

/** An amount cell: blank for zero (the column does not apply to the item). */
function amount(value: unknown): string {
  return asNumber(value) === 0 ? '' : formatNumber(value, 2);
}

function itemNotes(item: Json): string {
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

function buildRow(doc: Doc, item: Json): Row {
  const width = column('desc').width - 2 * CELL_PAD;
  const description = asText(item.descripcion) ?? '';
  const notes = itemNotes(item);
  const unit = unitName(item.uniMedida);
  const textH = textHeight(doc, description, width, BODY) + (notes ? 1.5 + textHeight(doc, notes, width, NOTE) : 0);
  const unitH = textHeight(doc, unit, column('unit').width - 2 * CELL_PAD, BODY);
  return {
    cells: {
      num: asText(item.numItem) ?? '',
      qty: formatQuantity(item.cantidad),
      unit,
      price: formatNumber(item.precioUni, 2),
      discount: amount(item.montoDescu),
      nosuj: amount(item.ventaNoSuj),
      exenta: amount(item.ventaExenta),
      gravada: amount(item.ventaGravada),
    },
    description,
    notes,
    height: Math.max(textH, unitH, 9) + 2 * ROW_PAD,
  };
}

function drawHeader(doc: Doc, y: number): number {
  fillRect(doc, LEFT, y, CONTENT_WIDTH, HEADER_HEIGHT, COLOR.accent, 0);
  for (const c of COLUMNS) {
    const style = { font: FONT.bold, size: 6.8, color: COLOR.white, align: c.align === 'left' ? ('left' as const) : ('center' as const), lineGap: 0.5 };
    const h = textHeight(doc, c.title, c.width - 2 * CELL_PAD, style);
    drawText(doc, c.title, columnX(c.key) + CELL_PAD, y + (HEADER_HEIGHT - h) / 2 + 0.5, c.width - 2 * CELL_PAD, style);
  }
  return y + HEADER_HEIGHT;
}

function drawRow(doc: Doc, row: Row, y: number, shaded: boolean): void {
  if (shaded) fillRect(doc, LEFT, y, CONTENT_WIDTH, row.height, COLOR.zebra);
  for (const c of COLUMNS) {
    const x = columnX(c.key) + CELL_PAD;
    const w = c.width - 2 * CELL_PAD;
    if (c.key === 'desc') {
      const h = drawText(doc, row.description, x, y + ROW_PAD, w, BODY);
      if (row.notes) drawText(doc, row.notes, x, y + ROW_PAD + h + 1.5, w, NOTE);
    } else if (c.key === 'unit') {
      drawText(doc, row.cells.unit, x, y + ROW_PAD, w, BODY);
    } else {
      drawFitted(doc, row.cells[c.key], x, y + ROW_PAD, w, { ...BODY, align: c.align });
    }
  }
  hLine(doc, LEFT, LEFT + CONTENT_WIDTH, y + row.height, '#e3e8ee', 0.4);
}

/** The "Sumas" line under the table: totals of the three sales columns, from `resumen`. */
function drawSums(doc: Doc, resumen: Json, y: number, note: string): number {
  const h = 15;
  hLine(doc, LEFT, LEFT + CONTENT_WIDTH, y, COLOR.accent, 0.8);
  drawFitted(doc, note, LEFT + CELL_PAD, y + 4.5, columnX('price') - LEFT - 2 * CELL_PAD, { font: FONT.italic, size: 6.5, color: COLOR.muted });
  drawText(doc, 'Sumas', columnX('price'), y + 4, column('price').width + column('discount').width - CELL_PAD, { font: FONT.bold, size: 7.5, align: 'right' });
  for (const [key, field] of [['nosuj', 'totalNoSuj'], ['exenta', 'totalExenta'], ['gravada', 'totalGravada']] as const) {
    drawFitted(doc, formatNumber(resumen[field], 2), columnX(key) + CELL_PAD, y + 4, column(key).width - 2 * CELL_PAD, { font: FONT.bold, size: 7.5, align: 'right' });
  }
  hLine(doc, LEFT, LEFT + CONTENT_WIDTH, y + h, COLOR.accent, 0.8);
  return y + h;
}

/** Draws the table from `flow.y`, breaking pages as needed; leaves `flow.y` under it. */
export function drawItemsTable(doc: Doc, flow: PageFlow, items: unknown, resumen: Json, priceNote: string): void {
  const rows = asObjects(items).map((item) => buildRow(doc, item));
  flow.ensure(HEADER_HEIGHT + (rows[0]?.height ?? 0));
  let y = drawHeader(doc, flow.y);
  rows.forEach((row, i) => {
    if (y + row.height > BODY_BOTTOM) {
      flow.newPage();
      y = drawHeader(doc, flow.y);
    }
    drawRow(doc, row, y, i % 2 === 1);
    y += row.height;
  });
  if (y + 15 > BODY_BOTTOM) {
    flow.newPage();
    y = flow.y;
  }
  flow.y = drawSums(doc, resumen, y, priceNote) + GAP;
}
