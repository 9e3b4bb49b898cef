/**
 * XLSX of the document list, written as the pages arrive (exceljs streaming WorkbookWriter straight
 * into the sink, no shared strings, each row committed at once): a bold header row frozen at the top, amounts as numeric cells `#,##0.00`,
 * codes and dates as text. A text cell of a workbook is never run as a formula, so it keeps its text
 * as it was issued (the CSV is the one that neutralises).
 */
import { EventEmitter, once } from 'node:events';
import type { Writable } from 'node:stream';
import { exceljs } from '../shared/lazy-library';
import type { ExportColumn } from '../../domain/documents/document-export';

const AMOUNT_FORMAT = '#,##0.00';

/**
 * The zip's input for the sheet: exceljs's sheet stream writes into it without heeding its
 * back-pressure, so the sheet's XML piles up there while the deflate waits on the response. Waiting
 * for it to drain between pages keeps the memory flat (docs/benchmarks.md). exceljs 4.4 internals
 * (`_stream.pipes[0]`, pinned); null when that shape is not there.
 */
interface SheetInput extends EventEmitter {
  _writableState?: { length: number; highWaterMark: number };
}
function sheetInput(ws: unknown): SheetInput | null {
  const pipe = (ws as { _stream?: { pipes?: unknown[] } })._stream?.pipes?.[0] as SheetInput | undefined;
  return pipe instanceof EventEmitter && pipe._writableState ? pipe : null;
}

/** Waits for `emitter`'s `event` or the sink's close, leaving no listener behind. */
async function eventOrClose(emitter: EventEmitter, event: string, sink: Writable): Promise<void> {
  const ac = new AbortController();
  try {
    await Promise.race([once(emitter, event, { signal: ac.signal }), once(sink, 'close', { signal: ac.signal })]);
  } finally {
    ac.abort();
  }
}

async function drained(input: SheetInput | null, sink: Writable): Promise<void> {
  const state = input?._writableState;
  if (!input || !state || state.length <= state.highWaterMark || sink.destroyed) return;
  await eventOrClose(input, 'drain', sink);
}

const WIDTHS: Readonly<Record<ExportColumn['kind'], number>> = { text: 24, amount: 14, date: 14 };

export async function writeDocumentsXlsx(columns: readonly ExportColumn[], pages: AsyncIterable<readonly string[][]>, sink: Writable): Promise<void> {
  const wb = new (exceljs()).stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  wb.creator = 'dte-service';
  const ws = wb.addWorksheet('Documentos', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c, i) => ({
    key: String(i),
    width: c.label === 'Código de generación' || c.label === 'Sello de recepción' ? 42 : c.label === 'Receptor' || c.label === 'Emisor' ? 36 : WIDTHS[c.kind],
    style: c.kind === 'amount' ? { numFmt: AMOUNT_FORMAT, alignment: { horizontal: 'right' } } : {},
  }));
  const h = ws.addRow(columns.map((c) => c.label));
  h.font = { bold: true };
  h.commit();
  const amountIdx = columns.map((c, i) => (c.kind === 'amount' ? i : -1)).filter((i) => i >= 0);
  for await (const page of pages) {
    for (const row of page) {
      const values: (string | number)[] = row.slice();
      for (const i of amountIdx) values[i] = Number(row[i]);
      ws.addRow(values).commit();
    }
    // Back-pressure: the next page is read once the zip has taken the sheet's XML written so far
    // and the response what is already zipped.
    await drained(sheetInput(ws), sink);
    if (sink.writableNeedDrain && !sink.destroyed) await eventOrClose(sink, 'drain', sink);
    if (sink.destroyed) break;
  }
  ws.commit();
  await wb.commit();
}
