/** Test helpers that look inside rendered PDFs: text and page count (pdfjs-dist), text lines (poppler's pdftotext), page images (poppler's pdftoppm). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TextItem {
  readonly str: string;
  /** Baseline origin in PDF units (y from the bottom of the page). */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  /** True for rotated text (the diagonal watermarks). */
  readonly rotated: boolean;
}

export interface PdfText {
  readonly pages: number;
  /** Text of each page, items joined with spaces and whitespace collapsed. */
  readonly pageTexts: string[];
  readonly pageItems: TextItem[][];
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

export async function extractText(pdf: Buffer): Promise<PdfText> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 });
  const doc = await task.promise;
  const pageTexts: string[] = [];
  const pageItems: TextItem[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    const items = content.items.flatMap((it) => ('str' in it && it.str.trim() !== ''
      ? [{ str: it.str, x: it.transform[4], y: it.transform[5], width: it.width, rotated: Math.abs(it.transform[1]) > 1e-6 }]
      : []));
    pageItems.push(items);
    pageTexts.push(collapse(content.items.map((it) => ('str' in it ? it.str : '')).join(' ')));
  }
  await task.destroy();
  return { pages: doc.numPages, pageTexts, pageItems };
}

export { collapse };

/** Path of poppler's pdftotext, or null when it is not installed. */
export function findPdftotext(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v pdftotext'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * The PDF's text lines as poppler reads them (reading order, no layout; with `layout`, each line as it
 * is laid out on the page, a label beside its value); one page when `page` is given.
 */
export function pdftotextLines(pdf: Buffer, page?: number, layout = false): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'dte-pdf-text-'));
  const file = join(dir, 'document.pdf');
  writeFileSync(file, pdf);
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return execFileSync('pdftotext', ['-enc', 'UTF-8', ...(layout ? ['-layout'] : []), ...range, file, '-'], { encoding: 'utf8' }).split('\n');
}

/** Path of poppler's pdftoppm, or null when it is not installed. */
export function findPdftoppm(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v pdftoppm'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Renders every page to PNG at `dpi` in a new temporary directory; returns the files in page order. */
export function renderPages(pdf: Buffer, dpi = 150): { dir: string; files: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'dte-pdf-'));
  const input = join(dir, 'document.pdf');
  writeFileSync(input, pdf);
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', input, join(dir, 'page')]);
  const files = readdirSync(dir).filter((f) => f.endsWith('.png')).sort().map((f) => join(dir, f));
  return { dir, files };
}

export function readPng(file: string): Buffer {
  return readFileSync(file);
}
