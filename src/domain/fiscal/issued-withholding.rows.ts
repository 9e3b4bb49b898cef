/**
 * Annexes 10 and 12 — IVA withheld **by the declarant** [F-07 doc §3.10, §3.12, §4.1]: one line per
 * Comprobante de Retención (07) the service issued, with the items of the annex's CAT-006 code
 * (`22` 1 % → annex 10, `C4` 13 % → annex 12; a CR mixing both is split across the two annexes):
 * A NIT (DUI in I), B fecEmi, C `07`, resolution = control number, series = seal, number =
 * generation code, G = Σ montoSujetoGrav, H = Σ ivaRetenido. Invalidated CRs follow the `voids`
 * rule of annex 1 ("sin incluir anulados"); `C9` items (other special cases) go to no annex and
 * are named in a `withholding_not_reported` warning of annex 10. withholdings-made records come
 * after, minus those an issued CR replaces (issued-supersedes.rules.ts).
 */
import type { CentsTotals } from './cents.math';
import { dteFacts, textOf } from './dte-facts.reader';
import { formatCents } from './cents.math';
import { idSlots } from './identifier-format.helpers';
import { isSuperseded } from './issued-supersedes.rules';
import { sealWarnings, selectRecords, selectSales, type VoidBasis } from './ledger.selector';
import { recordDate } from './record-row.helpers';
import { WarningCode, warn } from './report-warning.catalog';
import type { ReportInput, ReportWarning } from './report.types';
import { checkRate, recordLine, type RecordLineLayout } from './withholding-row.helpers';

export const CR_TYPES: ReadonlySet<string> = new Set(['07']);

export interface WithholdingAnnex {
  code: '22' | 'C4';
  kinds: ReadonlySet<string>;
  /** Orders [resolution, series, number] as the annex's columns D, E (annex 12: series first). */
  ids: (resolution: string, series: string, number: string) => string[];
  percent: number;
  annex: '10' | '12';
}

/** Rows of annex 10 or 12: issued CRs of the period, then the records not replaced, each with its sort key. */
export function withholdingMadeEntries(input: ReportInput, voids: VoidBasis, a: WithholdingAnnex, totals: CentsTotals, warnings: ReportWarning[]): { key: string; row: string[] }[] {
  const entries: { key: string; row: string[] }[] = [];
  const { active, lateVoids } = selectSales(input.documents, input.period, CR_TYPES, voids, warnings);
  for (const doc of active) {
    const f = dteFacts(doc);
    const w = f.typeFacts.withholding!;
    if (a.annex === '10' && w.byCode.C9.withheld !== 0) {
      warnings.push(warn(WarningCode.withholdingNotReported, `El comprobante de retención ${f.controlNumber} tiene ${formatCents(w.byCode.C9.withheld)} retenidos con el código C9 (otras retenciones IVA casos especiales), que no corresponde a los anexos 10 ni 12.`, doc.id));
    }
    const amounts = w.byCode[a.code];
    if (amounts.subject === 0 && amounts.withheld === 0) continue;
    const t = textOf(f);
    sealWarnings(doc, warnings);
    checkRate(amounts.subject, amounts.withheld, a.percent, `El comprobante de retención ${f.controlNumber}`, doc.id, warnings);
    const slots = idSlots({ nit: f.receiver.nit, dui: f.receiver.dui }, false);
    if (!slots.nitOrNrc && !slots.dui) warnings.push(warn(WarningCode.missingCounterpartId, `El comprobante de retención ${f.controlNumber} no identifica al sujeto retenido con NIT ni DUI.`, doc.id));
    entries.push({
      key: f.sortKey,
      row: [slots.nitOrNrc, t.date, f.type, ...a.ids(t.control, doc.seal ?? '', t.code),
        totals.cell('subject_amount', amounts.subject), totals.cell('withheld_amount', amounts.withheld), slots.dui, a.annex],
    });
  }
  for (const doc of lateVoids) {
    const f = dteFacts(doc);
    if (f.typeFacts.withholding!.byCode[a.code].withheld === 0) continue;
    warnings.push(warn(WarningCode.lateVoid, `El comprobante de retención ${f.controlNumber} del ${f.issuedOn} se invalidó en este período; el anexo ${a.annex} no admite valores negativos: sigue en el anexo de su período y el ajuste requiere una declaración modificatoria de ese período. Aparece en el anexo de anulados.`, doc.id));
  }
  const layout: RecordLineLayout = { ids: (id) => a.ids(id.resolution, id.series, id.number), amountKey: 'withheld_amount', percent: a.percent, annex: a.annex };
  const keep = (x: Parameters<typeof isSuperseded>[0]) => a.kinds.has(x.record.attributes.kind ?? '') && !isSuperseded(x, input.documents, warnings);
  for (const lr of selectRecords(input.records, input.period, 'withholdings-made', keep)) {
    entries.push({ key: `${recordDate(lr)}T~|${lr.record.externalId}`, row: recordLine(lr, input.period, layout, totals, warnings) });
  }
  return entries;
}
