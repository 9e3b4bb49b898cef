/**
 * The battery's report: the JSON pinned by the decisions page (`counts`, `rejections`, `report_pdf`),
 * the full list of items beside it (`informe.json`), and a PDF an auditor reads (letter, Spanish):
 * summary against MH's minimums, the rejections with MH's observations, then every document and event
 * with its generation code and seal.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import PDFDocument from 'pdfkit';
import { COUNT_KEYS, minimum, target, type CountKey } from '../../domain/certification/battery-plan';
import { formatMhDateTime } from '../../domain/mh-rules/el-salvador-time';
import type { CertificationItem, CertificationRun } from '../../services/certification/certification-runs.service';
import { countsOf } from './certification-runner';

export const COUNT_LABELS: Record<CountKey, string> = {
  '01': 'Factura (FE)',
  '03': 'Comprobante de crédito fiscal (CCF)',
  '04': 'Nota de remisión (NR)',
  '05': 'Nota de crédito (NC)',
  '06': 'Nota de débito (ND)',
  '07': 'Comprobante de retención (CR)',
  '08': 'Comprobante de liquidación (CL)',
  '09': 'Documento contable de liquidación (DCL)',
  '11': 'Factura de exportación (FEX)',
  '14': 'Factura de sujeto excluido (FSE)',
  '15': 'Comprobante de donación (CD)',
  invalidation: 'Invalidaciones (tipo 2)',
  contingency: 'Eventos de contingencia',
  return: 'Eventos de retorno',
  special_operation: 'Eventos de operaciones especiales',
};

export interface Rejection {
  item: string;
  kind: string;
  type: string | null;
  generation_code: string | null;
  code: string | null;
  message: string | null;
  observations: string[];
}

export interface BatteryReport {
  counts: Record<CountKey, number>;
  rejections: Rejection[];
  report_pdf: string;
}

export interface ReportHeader {
  emitterName: string;
  nit: string;
  nrc: string | null;
  mode: string;
  generatedAt: Date;
}

export function rejectionsOf(items: CertificationItem[]): Rejection[] {
  return items
    .filter((i) => i.status === 'rejected')
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((i) => ({
      item: i.key, kind: i.kind, type: i.documentType, generation_code: i.generationCode,
      code: (i.mhResponse?.code as string | null | undefined) ?? null, message: (i.mhResponse?.message as string | null | undefined) ?? null,
      observations: (i.mhResponse?.observations as string[] | undefined) ?? [],
    }));
}

/** Where the report's PDF goes under `dir` (absolute). */
export function reportPdfPath(dir: string): string {
  return resolve(join(dir, 'informe.pdf'));
}

/** Writes `informe.pdf` and `informe.json` under `dir` and answers the pinned JSON. */
export async function writeReport(dir: string, run: CertificationRun, items: CertificationItem[], header: ReportHeader): Promise<BatteryReport> {
  mkdirSync(dir, { recursive: true });
  const pdfPath = reportPdfPath(dir);
  const report: BatteryReport = { counts: countsOf(items), rejections: rejectionsOf(items), report_pdf: pdfPath };
  const details = { run_id: run.id, emitter_id: run.emitterId, environment: run.environment, sample_limit: run.sampleLimit, items };
  writeFileSync(join(dir, 'informe.json'), `${reportJsonText(report, details, 2)}\n`);
  writeFileSync(pdfPath, await renderReportPdf(run, items, report, header));
  return report;
}

/**
 * The report as JSON text with `counts` in the pinned order ("01", "03", … "15", "invalidation",
 * "contingency", "return", "special_operation"). JSON.stringify cannot give it: a JavaScript object
 * lists integer-like keys ("11", "14", "15") before all others, whatever the insertion order.
 */
export function reportJsonText(report: BatteryReport, extra: Record<string, unknown> = {}, space = 0): string {
  const counts = new OrderedObject(COUNT_KEYS.map((k) => [k, report.counts[k]]));
  return jsonText(new OrderedObject([['counts', counts], ['rejections', report.rejections], ['report_pdf', report.report_pdf], ...Object.entries(extra)]), ' '.repeat(space))!;
}

/** An object whose keys keep the given order in `jsonText`. */
class OrderedObject {
  constructor(readonly entries: ReadonlyArray<readonly [string, unknown]>) {}
}

/** JSON.stringify's output (`space` as its indentation), except that an OrderedObject keeps its key order. */
function jsonText(value: unknown, space: string, indent = ''): string | undefined {
  const inner = indent + space;
  const wrap = (open: string, parts: string[], close: string) => {
    if (parts.length === 0) return `${open}${close}`;
    return space ? `${open}\n${inner}${parts.join(`,\n${inner}`)}\n${indent}${close}` : `${open}${parts.join(',')}${close}`;
  };
  const members = (entries: ReadonlyArray<readonly [string, unknown]>) => wrap('{', entries.flatMap(([k, v]) => {
    const text = jsonText(v, space, inner);
    return text === undefined ? [] : [`${JSON.stringify(k)}:${space ? ' ' : ''}${text}`];
  }), '}');
  if (value instanceof OrderedObject) return members(value.entries);
  if (Array.isArray(value)) return wrap('[', value.map((v) => jsonText(v, space, inner) ?? 'null'), ']');
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function') return members(Object.entries(value));
  return JSON.stringify(value);
}

const PAGE = { width: 612, height: 792 };
const MARGIN = 40;
const WIDTH = PAGE.width - 2 * MARGIN;

function fmt(d: Date): string {
  return `${formatMhDateTime(d)} (hora de El Salvador)`;
}

export function renderReportPdf(run: CertificationRun, items: CertificationItem[], report: BatteryReport, header: ReportHeader): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, bufferPages: true, info: { Title: `Informe de certificación ${run.id}`, Author: header.emitterName, CreationDate: header.generatedAt } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((res) => doc.on('end', () => res(Buffer.concat(chunks))));

  const ensure = (h: number) => {
    if (doc.y + h > PAGE.height - MARGIN - 20) doc.addPage();
  };
  const row = (cells: string[], widths: number[], opts: { bold?: boolean; size?: number; fill?: string } = {}) => {
    const size = opts.size ?? 8.5;
    doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i] - 6 }))) + 5;
    ensure(h);
    const y = doc.y;
    if (opts.fill) doc.rect(MARGIN, y, WIDTH, h).fill(opts.fill).fillColor('black');
    let x = MARGIN;
    cells.forEach((c, i) => {
      doc.fillColor('black').text(c, x + 3, y + 2.5, { width: widths[i] - 6 });
      x += widths[i];
    });
    doc.moveTo(MARGIN, y + h).lineTo(MARGIN + WIDTH, y + h).lineWidth(0.3).strokeColor('#999999').stroke();
    doc.x = MARGIN;
    doc.y = y + h;
  };

  doc.font('Helvetica-Bold').fontSize(15).text('Informe de la batería de certificación del MH', { align: 'left' });
  doc.moveDown(0.3).font('Helvetica').fontSize(9.5);
  const complete = COUNT_KEYS.every((k) => report.counts[k] >= minimum(k));
  const reached = COUNT_KEYS.every((k) => report.counts[k] >= target(k, run.sampleLimit));
  const lines = [
    `Emisor: ${header.emitterName} — NIT ${header.nit}${header.nrc ? ` — NRC ${header.nrc}` : ''}`,
    `Ambiente: ${run.environment === '00' ? '00 (pruebas)' : '01 (producción)'} — Corrida ${run.id}`,
    `Iniciada: ${fmt(run.createdAt)}${run.completedAt ? ` — Terminada: ${fmt(run.completedAt)}` : ''}`,
    `Informe generado: ${fmt(header.generatedAt)} — Ejecución: ${header.mode}`,
    run.sampleLimit !== null
      ? `Muestra: como máximo ${run.sampleLimit} por tipo (--limit). Esta corrida NO cubre los mínimos del MH.`
      : 'Cantidades: los mínimos que el MH exige antes de autorizar el ambiente de producción.',
  ];
  for (const l of lines) doc.text(l);
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(11).fillColor(complete ? '#1b5e20' : reached ? '#8a6d00' : '#b71c1c')
    .text(complete ? 'Resultado: todos los mínimos del MH se cumplen.' : reached ? 'Resultado: la muestra pedida se completó (no es la batería completa).' : 'Resultado: faltan documentos o eventos; vuelva a ejecutar la batería para continuarla.');
  doc.fillColor('black').moveDown(0.6);

  doc.font('Helvetica-Bold').fontSize(11).text('Resumen');
  doc.moveDown(0.2);
  const sw = [44, 220, 62, 62, 62, 82];
  row(['Código', 'Documento o evento', 'Mínimo MH', 'Procesados', 'Rechazos', 'Estado'], sw, { bold: true, fill: '#e8e8e8' });
  for (const k of COUNT_KEYS) {
    const rejected = report.rejections.filter((r) => (r.kind === 'document' ? r.type === k : r.kind === k)).length;
    const ok = report.counts[k] >= minimum(k);
    row([k.length === 2 ? k : '—', COUNT_LABELS[k], String(minimum(k)), String(report.counts[k]), String(rejected), ok ? 'Cumple' : report.counts[k] >= target(k, run.sampleLimit) ? 'Muestra completa' : 'Pendiente'], sw);
  }

  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text(`Rechazos (${report.rejections.length})`);
  doc.moveDown(0.2);
  if (!report.rejections.length) doc.font('Helvetica').fontSize(9).text('Ningún documento ni evento fue rechazado.');
  else {
    const rw = [100, 34, 178, 220];
    row(['Elemento', 'Código', 'Código de generación', 'Respuesta del MH y observaciones'], rw, { bold: true, fill: '#e8e8e8' });
    for (const r of report.rejections) row([r.item, r.code ?? '', r.generation_code ?? '', [r.message ?? '', ...r.observations.map((o) => `• ${o}`)].join('\n')], rw);
  }

  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(11).text('Detalle: cada documento y evento con su código de generación y sello de recepción');
  doc.moveDown(0.2);
  const dw = [96, 50, 166, 220];
  row(['Elemento', 'Estado', 'Código de generación', 'Sello de recepción'], dw, { bold: true, fill: '#e8e8e8', size: 7.5 });
  const order = (i: CertificationItem) => {
    const count = i.kind === 'document' ? i.documentType ?? '' : i.kind === 'held' ? 'contingency' : i.kind;
    return `${String(COUNT_KEYS.indexOf(count as CountKey)).padStart(2, '0')}-${i.key}`;
  };
  for (const i of [...items].sort((a, b) => order(a).localeCompare(order(b)))) {
    const label = i.kind === 'held' ? `${i.key} (FE retenida)` : i.key;
    row([label, i.status === 'processed' ? 'procesado' : i.status === 'rejected' ? 'rechazado' : 'pendiente', i.generationCode ?? '', i.seal ?? ''], dw, { size: 7 });
  }

  const range = doc.bufferedPageRange();
  const total = range.count;
  for (let p = range.start; p < range.start + total; p++) {
    doc.switchToPage(p);
    // Below the bottom margin: without lifting it, pdfkit would start a new page for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7.5).fillColor('#555555')
      .text(`${header.emitterName} — corrida ${run.id} — página ${p + 1} de ${total}`, MARGIN, PAGE.height - MARGIN + 8, { width: WIDTH, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
