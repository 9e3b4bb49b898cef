/**
 * The items table (`cuerpoDocumento`) with the columns of the document's type (item-table-layouts.ts):
 * sales documents show quantity, unit, description, unit price, discount and the non-subject /
 * exempt / taxed sales; the other types their own lines. Long descriptions wrap; rows that do not
 * fit go to the next page, where the column header is repeated. Amounts are the JSON's, formatted only.
 */
import { type Json, asObjects } from './dte-view';
import { formatNumber } from './format';
import { BODY_BOTTOM, COLOR, CONTENT_WIDTH, type Doc, FONT, GAP, LEFT, type PageFlow, drawFitted, drawText, fillRect, hLine, textHeight } from './pdf-layout';

import { type TableLayout, layoutFor } from './item-table-layouts';

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

function buildRow(doc: Doc, layout: TableLayout, item: Json): Row {
  const desc = layout.columns.find((c) => c.key === 'desc')!;
  const width = desc.width - 2 * CELL_PAD;
  const description = layout.description(item);
  const notes = layout.notes(item);
  const cells = layout.cells(item);
  const textH = textHeight(doc, description, width, BODY) + (notes ? 1.5 + textHeight(doc, notes, width, NOTE) : 0);
  const wrapped = layout.columns.filter((c) => c.wrap).map((c) => textHeight(doc, cells[c.key] ?? '', c.width - 2 * CELL_PAD, BODY));
  return { cells, description, notes, height: Math.max(textH, ...wrapped, 9) + 2 * ROW_PAD };
}

function columnX(layout: TableLayout, key: string): number {
  const i = layout.columns.findIndex((c) => c.key === key);
  return LEFT + layout.columns.slice(0, i).reduce((s, c) => s + c.width, 0);
}

function drawHeader(doc: Doc, layout: TableLayout, y: number): number {
  fillRect(doc, LEFT, y, CONTENT_WIDTH, HEADER_HEIGHT, COLOR.accent, 0);
  for (const c of layout.columns) {
    const style = { font: FONT.bold, size: 6.8, color: COLOR.white, align: c.align === 'left' ? ('left' as const) : ('center' as const), lineGap: 0.5 };
    const h = textHeight(doc, c.title, c.width - 2 * CELL_PAD, style);
    drawText(doc, c.title, columnX(layout, c.key) + CELL_PAD, y + (HEADER_HEIGHT - h) / 2 + 0.5, c.width - 2 * CELL_PAD, style);
  }
  return y + HEADER_HEIGHT;
}

function drawRow(doc: Doc, layout: TableLayout, row: Row, y: number, shaded: boolean): void {
  if (shaded) fillRect(doc, LEFT, y, CONTENT_WIDTH, row.height, COLOR.zebra);
  for (const c of layout.columns) {
    const x = columnX(layout, c.key) + CELL_PAD;
    const w = c.width - 2 * CELL_PAD;
    if (c.key === 'desc') {
      const h = drawText(doc, row.description, x, y + ROW_PAD, w, BODY);
      if (row.notes) drawText(doc, row.notes, x, y + ROW_PAD + h + 1.5, w, NOTE);
    } else if (c.wrap) {
      drawText(doc, row.cells[c.key] ?? '', x, y + ROW_PAD, w, BODY);
    } else {
      drawFitted(doc, row.cells[c.key], x, y + ROW_PAD, w, { ...BODY, align: c.align });
    }
  }
  hLine(doc, LEFT, LEFT + CONTENT_WIDTH, y + row.height, '#e3e8ee', 0.4);
}

/** The "Sumas" line under the table: the layout's totals, from the summary. */
function drawSums(doc: Doc, layout: TableLayout, resumen: Json, y: number, note: string): number {
  const h = 15;
  const first = layout.columns.findIndex((c) => c.key === layout.sums[0]?.[0]);
  const labelKey = layout.columns[Math.max(1, first - 1)].key;
  hLine(doc, LEFT, LEFT + CONTENT_WIDTH, y, COLOR.accent, 0.8);
  drawFitted(doc, note, LEFT + CELL_PAD, y + 4.5, columnX(layout, labelKey) - LEFT - 2 * CELL_PAD, { font: FONT.italic, size: 6.5, color: COLOR.muted });
  const labelColumn = layout.columns.find((c) => c.key === labelKey)!;
  drawText(doc, 'Sumas', columnX(layout, labelKey), y + 4, labelColumn.width - CELL_PAD, { font: FONT.bold, size: 7.5, align: 'right' });
  for (const [key, field] of layout.sums) {
    const c = layout.columns.find((x) => x.key === key)!;
    drawFitted(doc, formatNumber(resumen[field], 2), columnX(layout, key) + CELL_PAD, y + 4, c.width - 2 * CELL_PAD, { font: FONT.bold, size: 7.5, align: 'right' });
  }
  hLine(doc, LEFT, LEFT + CONTENT_WIDTH, y + h, COLOR.accent, 0.8);
  return y + h;
}

/** Draws the table from `flow.y`, breaking pages as needed; leaves `flow.y` under it. */
export function drawItemsTable(doc: Doc, flow: PageFlow, type: string, items: unknown, resumen: Json, priceNote: string): void {
  const layout = layoutFor(type);
  const rows = asObjects(items).map((item) => buildRow(doc, layout, item));
  if (rows.length === 0) return;
  flow.ensure(HEADER_HEIGHT + (rows[0]?.height ?? 0));
  let y = drawHeader(doc, layout, flow.y);
  rows.forEach((row, i) => {
    if (y + row.height > BODY_BOTTOM) {
      flow.newPage();
      y = drawHeader(doc, layout, flow.y);
    }
    drawRow(doc, layout, row, y, i % 2 === 1);
    y += row.height;
  });
  if (y + 15 > BODY_BOTTOM) {
    flow.newPage();
    y = flow.y;
  }
  flow.y = (layout.sums.length > 0 ? drawSums(doc, layout, resumen, y, priceNote) : y) + GAP;
}
