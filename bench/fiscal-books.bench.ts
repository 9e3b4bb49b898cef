/**
 * Fiscal books of one busy period: every F-07 annex and VAT book (default params) with its CSV for a
 * period of 100,000 issued documents (CCF, FE, NC, ND, a few voided and in contingency) and 20,000
 * purchase records, generated in memory by the pure domain. Targets: the CSV workload under 5 s
 * (decisions.md "Fiscal books"). The PDF of the three VAT books (about 87,000 rows in all) is timed
 * book by book, and the sales book alone at 100,000 rows (its rows repeated): target under 10 s each
 * way. CPU seconds are reported beside wall seconds (the machine may be shared). XLSX is timed.
 * Documents are clones of engine-built templates with their own identifiers and dates, so every one is
 * a distinct object the generators read from scratch.
 */
import { bookSummary, generateAllForBench, reportTypeInfo, type LedgerDocument, type LedgerRecord, type ReportType } from '../src/domain/fiscal';
import { writeBookXlsx } from '../src/integrations/fiscal-xlsx/book-xlsx.writer';
import { PdfkitBookRenderer } from '../src/integrations/fiscal-pdf/book-pdf.renderer';
import { controlOf, genCode, ledgerDoc, ledgerRecord, PURCHASE_BODY, sealOf } from '../test/unit/fiscal/fiscal-fixtures';

const DOCUMENTS = 100_000;
const PURCHASES = 20_000;
const PERIOD = '2026-03';
const TARGET_S = 5;
const PDF_TARGET_S = 10;
const PDF_ROWS = 100_000;

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return Number(((u.user + u.system) / 1e6).toFixed(3));
};

function syntheticLedger(): { documents: LedgerDocument[]; records: LedgerRecord[] } {
  const templates = (['03', '01', '03', '01', '05', '06'] as const).map((type, i) => ledgerDoc({ type, n: i + 1, at: '2026-03-02T15:00:00Z' }));
  const documents: LedgerDocument[] = [];
  for (let n = 1; n <= DOCUMENTS; n++) {
    const tpl = templates[n % templates.length];
    const day = String(1 + (n % 28)).padStart(2, '0');
    const json = tpl.json as { identificacion: Record<string, unknown> };
    const status = n % 997 === 0 ? 'voided' : n % 1499 === 0 ? 'contingency' : 'processed';
    documents.push({
      ...tpl,
      id: `doc_${n}`,
      status,
      seal: status === 'contingency' ? null : sealOf(n),
      issuedOn: `${PERIOD}-${day}`,
      voidedAt: status === 'voided' ? `${PERIOD}-28T20:00:00Z` : null,
      voidInfo: status === 'voided' ? { reasonType: '2', replacementGenerationCode: null, seal: sealOf(900_000 + n) } : null,
      json: { ...tpl.json, identificacion: { ...json.identificacion, codigoGeneracion: genCode(n), numeroControl: controlOf(tpl.type, n), fecEmi: `${PERIOD}-${day}` } },
    });
  }
  const records: LedgerRecord[] = [];
  for (let n = 1; n <= PURCHASES; n++) {
    const day = String(1 + (n % 28)).padStart(2, '0');
    records.push(ledgerRecord('purchases', { ...PURCHASE_BODY, externalId: `P${n}`, accountingDate: `${PERIOD}-${day}`, issueDate: `${PERIOD}-${day}`, generationCode: genCode(500_000 + n) }, `rec_${n}`));
  }
  return { documents, records };
}

export default async function fiscalBooksBench(): Promise<Record<string, unknown>> {
  const { documents, records } = syntheticLedger();
  const t0 = performance.now();
  const { reports, files } = generateAllForBench(documents, records, PERIOD);
  const csvS = (performance.now() - t0) / 1000;
  const books = (Object.keys(reports) as ReportType[]).filter((t) => reportTypeInfo(t).kind === 'book');
  const header = (type: ReportType) => ({ title: reportTypeInfo(type).name, taxpayerName: 'Empresa de prueba, S.A. de C.V.', nrc: '1234567', nit: '06140101901234', period: PERIOD, summary: bookSummary(type, reports[type].totals) });
  const t1 = performance.now();
  let xlsxBytes = 0;
  for (const type of books) xlsxBytes += (await writeBookXlsx(reports[type], header(type))).length;
  const xlsxS = (performance.now() - t1) / 1000;
  const pdf = new PdfkitBookRenderer();
  const cpu0 = process.cpuUsage();
  const t2 = performance.now();
  let pdfBytes = 0;
  const pdfBooks: Record<string, { rows: number; s: number; bytes: number }> = {};
  for (const type of books) {
    const t = performance.now();
    const bytes = (await pdf.render(reports[type], header(type))).length;
    pdfBooks[type] = { rows: reports[type].rows.length, s: Number(((performance.now() - t) / 1000).toFixed(3)), bytes };
    pdfBytes += bytes;
  }
  const pdfS = (performance.now() - t2) / 1000;
  const pdfCpuS = cpuSeconds(cpu0);
  const sales = reports.libro_ventas_contribuyentes;
  const big = { ...sales, rows: Array.from({ length: PDF_ROWS }, (_, i) => sales.rows[i % sales.rows.length]) };
  const cpu1 = process.cpuUsage();
  const t3 = performance.now();
  const bigBytes = (await pdf.render(big, header('libro_ventas_contribuyentes'))).length;
  const bigS = (performance.now() - t3) / 1000;
  const bigCpuS = cpuSeconds(cpu1);
  return {
    documents: DOCUMENTS,
    purchase_records: PURCHASES,
    report_types: Object.keys(reports).length,
    rows: Object.fromEntries(Object.entries(reports).map(([k, r]) => [k, r.rows.length])),
    csv_bytes: Object.values(files).reduce((a, b) => a + b.length, 0),
    csv_s: Number(csvS.toFixed(3)),
    csv_target_s: TARGET_S,
    csv_within_target: csvS < TARGET_S,
    xlsx_s: Number(xlsxS.toFixed(3)),
    xlsx_bytes: xlsxBytes,
    pdf_s: Number(pdfS.toFixed(3)),
    pdf_cpu_s: pdfCpuS,
    pdf_rows: Object.values(pdfBooks).reduce((a, b) => a + b.rows, 0),
    pdf_target_s: PDF_TARGET_S,
    pdf_within_target: pdfS <= PDF_TARGET_S,
    pdf_bytes: pdfBytes,
    pdf_books: pdfBooks,
    pdf_sales_book_100k_rows: { rows: PDF_ROWS, s: Number(bigS.toFixed(3)), cpu_s: bigCpuS, bytes: bigBytes, within_target: bigS <= PDF_TARGET_S },
  };
}
