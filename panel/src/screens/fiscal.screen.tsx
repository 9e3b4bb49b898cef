import { useEffect, useRef, useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import type { EmitterSummary } from '../api/emitters.api';
import {
  closePeriod, getReport, listPeriods, listReports, listReportTypes, reopenPeriod, reportDownloadUrl, requestReport, upsertRecords, type FiscalPeriod, type FiscalReport, type RecordResult, type ReportType,
} from '../api/fiscal.api';
import { CSV_TEMPLATES, parseCsv, recordsFromCsv, rowProblem } from '../lib/fiscal-csv';
import { countOf, currentPeriod, formatCount, formatDateTime } from '../lib/format';
import { useAction, useLoad } from '../lib/hooks';
import { setQuery } from '../lib/router';
import { can, type Session } from '../lib/session';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { EmitterPicker } from '../ui/emitter-picker';
import { PeriodArchiveCard } from '../ui/period-archive-card';
import { Field, SelectField, TextAreaField, TextField, useFormScope } from '../ui/form';
import { Card } from '../ui/page';
import { PageHeader } from '../ui/page';
import { DataTable, type Column } from '../ui/table';
import { Alert, EmptyState, ErrorAlert, ErrorState, SkeletonRows } from '../ui/states';
import { toast } from '../ui/toast';

const PERIOD_STATUS: Record<FiscalPeriod['status'], { label: string; tone: 'success' | 'info' | 'neutral' }> = {
  OPEN: { label: 'Abierto', tone: 'info' },
  CLOSING: { label: 'Cerrando…', tone: 'neutral' },
  CLOSED: { label: 'Cerrado', tone: 'success' },
};

function previousPeriod(): string {
  const [y, m] = currentPeriod().split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

function periodName(period: string): string {
  const [y, m] = period.split('-');
  const months = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
  return `${months[Number(m) - 1] ?? m} de ${y}`;
}

// ——— Periods ———

function PeriodsTab({ emitter, session }: { emitter: EmitterSummary; session: Session }) {
  const periods = useLoad(() => listPeriods(emitter.id), [emitter.id]);
  const [closing, setClosing] = useState<string | null>(null);
  const [reopening, setReopening] = useState<string | null>(null);
  const [other, setOther] = useState(previousPeriod());
  const [reason, setReason] = useState('');
  const close = useAction(async (key: string) => {
    await closePeriod(emitter.id, closing!, key);
    toast(`Cierre de ${periodName(closing!)} en curso: se generan todos los reportes con su copia fija.`);
    setClosing(null);
    periods.reload();
  });
  const reopen = useAction(async (key: string) => {
    await reopenPeriod(emitter.id, reopening!, reason.trim(), key);
    toast(`${periodName(reopening!)} reabierto; las copias anteriores se conservan.`);
    setReopening(null);
    setReason('');
    periods.reload();
  });
  const reopenForm = useFormScope(reopen.error, { checks: reason.trim() ? [] : [{ path: 'reason', code: 'required', message: 'Escriba por qué se reabre el período (queda en la auditoría).' }] });
  // A period being closed turns CLOSED on its own: look again while one is closing.
  const anyClosing = periods.data?.some((p) => p.status === 'CLOSING');
  useEffect(() => {
    if (!anyClosing) return;
    const t = window.setInterval(periods.reload, 2000);
    return () => window.clearInterval(t);
  }, [anyClosing]);
  const writer = can(session, 'write');
  const owner = can(session, 'manage');
  const columns: Column<FiscalPeriod>[] = [
    { key: 'period', label: 'Período', primary: true, render: (p) => <span class="strong">{periodName(p.period)}</span> },
    { key: 'status', label: 'Estado', render: (p) => <Badge tone={PERIOD_STATUS[p.status].tone}>{PERIOD_STATUS[p.status].label}</Badge> },
    { key: 'version', label: 'Versión', render: (p) => p.version },
    { key: 'closed', label: 'Cerrado el', render: (p) => (p.closedAt ? formatDateTime(p.closedAt) : '—') },
    { key: 'drift', label: 'Cambios tras el cierre', render: (p) => (p.drift ? <Badge tone="warning">Sí</Badge> : 'No') },
    // Closing and reopening: a read-only user gets no empty column.
    ...(writer
      ? [
          {
            key: 'actions',
            label: 'Acciones',
            noLabel: true,
            render: (p: FiscalPeriod) =>
              p.status === 'OPEN' ? (
                <Button size="sm" onClick={() => setClosing(p.period)} aria-label={`Cerrar ${periodName(p.period)}`}>
                  Cerrar período
                </Button>
              ) : p.status === 'CLOSED' && owner ? (
                <Button size="sm" variant="ghost" onClick={() => setReopening(p.period)} aria-label={`Reabrir ${periodName(p.period)}`}>
                  Reabrir
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <div class="stack">
      <Card class="card-flush" title="Períodos">
        {periods.error ? (
          <ErrorState error={periods.error} onRetry={periods.reload} />
        ) : !periods.data ? (
          <SkeletonRows rows={3} />
        ) : periods.data.length ? (
          <DataTable caption="Períodos fiscales" columns={columns} rows={periods.data} rowKey={(p) => p.period} />
        ) : (
          <EmptyState icon="book" title="Sin períodos todavía">
            Aparecen aquí los meses con documentos o registros fiscales.
          </EmptyState>
        )}
      </Card>
      {writer ? (
        <Card title="Cerrar otro período">
          <div class="row">
            <TextField label="Período" type="month" value={other} onValue={setOther} />
            <Button disabled={!/^\d{4}-\d{2}$/.test(other)} onClick={() => setClosing(other)}>
              Cerrar período
            </Button>
          </div>
        </Card>
      ) : null}
      <Dialog
        open={Boolean(closing)}
        title={`Cerrar ${closing ? periodName(closing) : ''}`}
        onClose={() => setClosing(null)}
        confirm={{ label: 'Cerrar período', pending: close.pending, onClick: () => void close.run() }}
      >
        <p>Se generan todos los anexos y libros del período y se guarda una copia fija de cada archivo. Después no se aceptan registros nuevos de ese mes; un cambio a un documento queda señalado como «cambio tras el cierre».</p>
        <p class="muted">Solo el propietario de la cuenta puede reabrirlo, indicando el motivo.</p>
        <ErrorAlert error={close.error} />
      </Dialog>
      <Dialog
        open={Boolean(reopening)}
        title={`Reabrir ${reopening ? periodName(reopening) : ''}`}
        onClose={() => setReopening(null)}
        form={reopenForm}
        confirm={{ label: 'Reabrir', variant: 'danger', pending: reopen.pending, onClick: () => void (reason.trim() && reopen.run()) }}
      >
        <p>El período vuelve a aceptar cambios y su versión aumenta; las copias de la versión anterior se conservan. Queda en la auditoría.</p>
        <TextAreaField label="Motivo" value={reason} onValue={setReason} name="reason" />
        <ErrorAlert error={reopen.error} />
      </Dialog>
    </div>
  );
}

// ——— Reports ———

const REPORT_STATUS: Record<FiscalReport['status'], string> = { QUEUED: 'En cola', RUNNING: 'Generando…', READY: 'Listo', FAILED: 'Falló' };

function ReportRow({ emitterId, type, period, writer, existing }: { emitterId: string; type: ReportType; period: string; writer: boolean; existing: FiscalReport | null }) {
  const [report, setReport] = useState<FiscalReport | null>(existing);
  const [downloading, setDownloading] = useState<string | null>(null);
  const alive = useRef(true);
  // Progress: a report is generated by a job; ask for its state until it is ready or failed.
  const follow = async (first: FiscalReport | null) => {
    let r = first;
    setReport(r);
    while (alive.current && r && (r.status === 'QUEUED' || r.status === 'RUNNING')) {
      await new Promise((resolve) => window.setTimeout(resolve, 1000));
      r = await getReport(emitterId, r.id);
      if (alive.current) setReport(r);
    }
  };
  useEffect(() => {
    alive.current = true;
    // The period's latest report of this type, if it has one (one generated earlier, by anyone).
    void follow(existing).catch(() => undefined);
    return () => {
      alive.current = false;
    };
  }, [period, emitterId, existing]);
  const generate = useAction(async (key: string) => follow(await requestReport(emitterId, type.type, period, key)));
  const download = async (format: string) => {
    if (!report) return;
    setDownloading(format);
    try {
      const url = await reportDownloadUrl(emitterId, report.id, format);
      if (url) window.location.assign(url);
    } catch (err) {
      toast((err as Error).message, 'danger');
    } finally {
      setDownloading(null);
    }
  };
  const busy = generate.pending || report?.status === 'QUEUED' || report?.status === 'RUNNING';
  return (
    <div class="report-row">
      <div class="report-name">
        <span class="strong">{type.name}</span>
        <span class="muted small">{type.kind === 'BOOK' ? 'Libro de IVA: CSV, Excel o PDF' : 'Anexo para el portal del MH (CSV)'}</span>
      </div>
      <div class="report-state">
        {report ? (
          <span class="row">
            {busy ? <span class="spinner" aria-hidden="true" /> : null}
            <Badge tone={report.status === 'READY' ? 'success' : report.status === 'FAILED' ? 'danger' : 'info'}>{REPORT_STATUS[report.status]}</Badge>
            {report.status === 'READY' ? <span class="muted small">{countOf(report.rowCount, 'fila', 'filas')}{report.warnings.length ? ` · ${countOf(report.warnings.length, 'advertencia', 'advertencias')}` : ''}</span> : null}
          </span>
        ) : null}
        {report?.status === 'FAILED' && report.error ? <p class="field-error">{report.error}</p> : null}
        {generate.error ? <p class="field-error">{generate.error.message}</p> : null}
      </div>
      <div class="report-actions">
        {report?.status === 'READY' ? (
          <>
            {report.formats.map((f) => (
              <Button key={f} size="sm" icon="download" pending={downloading === f} onClick={() => void download(f)} aria-label={`Descargar ${f} de ${type.name}`}>
                {f}
              </Button>
            ))}
            {writer ? (
              <Button size="sm" variant="ghost" icon="refresh" pending={generate.pending} onClick={() => void generate.run()} aria-label={`Generar de nuevo ${type.name}`} title="Generar de nuevo con los datos de hoy (si nada cambió, se obtiene el mismo reporte)">
                Actualizar
              </Button>
            ) : null}
          </>
        ) : writer ? (
          <Button size="sm" variant="primary" pending={busy} onClick={() => void generate.run()} aria-label={`Generar ${type.name}`}>
            Generar
          </Button>
        ) : report ? null : (
          <span class="muted small">Aún no generado</span>
        )}
      </div>
    </div>
  );
}

/** The newest report of a type in a list sorted newest first. */
const latestOfType = (reports: FiscalReport[], type: string): FiscalReport | null => reports.find((r) => r.type === type) ?? null;

function ReportsTab({ emitter, session, query }: { emitter: EmitterSummary; session: Session; query: URLSearchParams }) {
  const types = useLoad(() => listReportTypes(emitter.id), [emitter.id]);
  const period = query.get('periodo') ?? previousPeriod();
  const existing = useLoad(() => listReports(emitter.id, period), [emitter.id, period]);
  return (
    <>
    <Card
      title="Anexos del F-07 y libros de IVA"
      actions={<TextField label="Período" type="month" value={period} onValue={(v) => setQuery({ periodo: v || null })} />}
      class="card-flush"
    >
      {can(session, 'write') ? null : <p class="muted card-note">Su usuario es de solo lectura: puede abrir y descargar los reportes ya generados; los genera un miembro o el propietario de la cuenta.</p>}
      {types.error ? (
        <ErrorState error={types.error} onRetry={types.reload} />
      ) : existing.error ? (
        <ErrorState error={existing.error} onRetry={existing.reload} />
      ) : !types.data || !existing.data ? (
        <SkeletonRows rows={5} />
      ) : (
        <div class="report-list">
          {types.data.map((t) => (
            <ReportRow key={`${t.type}:${period}`} emitterId={emitter.id} type={t} period={period} writer={can(session, 'write')} existing={latestOfType(existing.data!, t.type)} />
          ))}
        </div>
      )}
    </Card>
      <PeriodArchiveCard emitterId={emitter.id} period={period} writer={can(session, 'write')} />
    </>
  );
}

// ——— Records import ———

const RESOURCES = [
  { value: 'purchases', label: 'Compras (anexo 3 y libro de compras)' },
  { value: 'withholdings-received', label: 'Retenciones y percepciones recibidas (anexos 7 y 8)' },
  { value: 'external-sales', label: 'Ventas emitidas fuera del servicio (anexos 1 y 2)' },
  { value: 'withholdings-made', label: 'Retenciones efectuadas (anexos 10 y 12)' },
];
const BATCH = 500;

function ImportTab({ emitter, session }: { emitter: EmitterSummary; session: Session }) {
  const [resource, setResource] = useState('purchases');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<{ counts: Record<string, number>; errors: { line: number; id: string | null; message: string }[]; unknown: string[] } | null>(null);
  const run = useAction(async (key: string) => {
    if (!file) return;
    const { items, lines, unknownColumns } = recordsFromCsv(parseCsv(await file.text()));
    setOutcome(null);
    setProgress({ done: 0, total: items.length });
    const counts: Record<string, number> = { CREATED: 0, UPDATED: 0, UNCHANGED: 0, ERROR: 0 };
    const errors: { line: number; id: string | null; message: string }[] = [];
    for (let start = 0; start < items.length; start += BATCH) {
      // One key per batch of this action: a retried import sends the same batches with the same keys.
      const results: RecordResult[] = await upsertRecords(emitter.id, resource, items.slice(start, start + BATCH), `${key}-${start / BATCH}`);
      results.forEach((r, i) => {
        const status = r.status.toUpperCase();
        counts[status] = (counts[status] ?? 0) + 1;
        if (r.error) errors.push({ line: lines[start + i], id: r.externalId, message: rowProblem(r.error) });
      });
      setProgress({ done: Math.min(items.length, start + BATCH), total: items.length });
    }
    setOutcome({ counts, errors, unknown: unknownColumns });
    toast(`Importación terminada: ${formatCount(items.length - errors.length)} de ${formatCount(items.length)} registros aceptados.`, errors.length ? 'info' : 'success');
  });
  const template = () => {
    const blob = new Blob([`${CSV_TEMPLATES[resource].join(',')}\n`], { type: 'text/csv' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `plantilla-${resource}.csv`;
    a.click();
    URL.revokeObjectURL(a.href);
  };
  return (
    <Card title="Importar registros desde CSV">
      <div class="stack">
        <p class="muted">
          Compras, retenciones y ventas que no emitió este servicio llegan a los libros como registros. Una fila por registro; las columnas se llaman como los campos de la API (<code>external_id</code>, <code>accounting_date</code>, <code>counterpart.nit</code>, <code>amounts.taxed_internal</code>…). Importar el mismo archivo dos veces no duplica nada.
        </p>
        <div class="form-grid">
          <SelectField class="span-2" label="Tipo de registro" value={resource} onValue={setResource} options={RESOURCES} />
          <Field label="Archivo CSV" hint="Separado por comas o por punto y coma, con encabezados en la primera fila.">
            {(id, describedBy) => (
              <div class="file-drop">
                <input id={id} type="file" accept=".csv,text/csv" aria-describedby={describedBy} onChange={(e) => setFile((e.currentTarget as HTMLInputElement).files?.[0] ?? null)} />
              </div>
            )}
          </Field>
          <div class="row">
            <Button icon="download" variant="ghost" onClick={template}>
              Descargar plantilla
            </Button>
          </div>
        </div>
        <div class="form-actions">
          <Button variant="primary" icon="upload" disabled={!file} pending={run.pending} onClick={() => void run.run()}>
            Importar
          </Button>
        </div>
        {progress && run.pending ? (
          <div>
            <div class="progress" role="progressbar" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.done} aria-label="Progreso de la importación">
              <div class="progress-bar" style={{ width: `${progress.total ? Math.round((progress.done / progress.total) * 100) : 0}%` }} />
            </div>
            <p class="muted small">
              {formatCount(progress.done)} de {formatCount(progress.total)} registros
            </p>
          </div>
        ) : null}
        <ErrorAlert error={run.error} title="La importación se detuvo" />
        {outcome ? (
          <div class="stack">
            <div class="grid-4">
              {(
                [
                  ['CREATED', 'Nuevos'],
                  ['UPDATED', 'Actualizados'],
                  ['UNCHANGED', 'Sin cambios'],
                  ['ERROR', 'Con error'],
                ] as const
              ).map(([k, label]) => (
                <div key={k} class="card kpi">
                  <div class="kpi-label">{label}</div>
                  <div class="kpi-value">{formatCount(outcome.counts[k] ?? 0)}</div>
                </div>
              ))}
            </div>
            {outcome.unknown.length ? <Alert tone="warning">Columnas que no se reconocieron y se omitieron: {outcome.unknown.join(', ')}.</Alert> : null}
            {outcome.errors.length ? (
              <Alert tone="danger" title="Filas con error (no se guardaron)">
                <ul class="field-errors">
                  {outcome.errors.slice(0, 100).map((e) => (
                    <li key={e.line}>
                      Línea {e.line}
                      {e.id ? ` (${e.id})` : ''}: {e.message}
                    </li>
                  ))}
                </ul>
              </Alert>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}

const TABS: { id: string; label: string; writes?: true }[] = [
  { id: 'reportes', label: 'Reportes' },
  { id: 'periodos', label: 'Períodos' },
  { id: 'importar', label: 'Importar registros', writes: true },
];

export default function FiscalScreen({ session, query }: ScreenProps) {
  // Importing writes records: a read-only user does not get the tab.
  const tabs = TABS.filter((t) => !t.writes || can(session, 'write'));
  const tab = tabs.find((t) => t.id === query.get('seccion'))?.id ?? 'reportes';
  return (
    <div class="screen">
      <PageHeader title="Libros fiscales" subtitle="Anexos del F-07, libros de IVA y cierre mensual, con los documentos emitidos y los registros que usted importa." />
      <EmitterPicker query={query}>
        {(emitter) => (
          <>
            <div class="tabs" role="tablist" aria-label="Secciones de libros fiscales">
              {tabs.map((t) => (
                <button key={t.id} type="button" role="tab" aria-selected={tab === t.id ? 'true' : 'false'} onClick={() => setQuery({ seccion: t.id })}>
                  {t.label}
                </button>
              ))}
            </div>
            {tab === 'reportes' ? <ReportsTab emitter={emitter} session={session} query={query} /> : tab === 'periodos' ? <PeriodsTab emitter={emitter} session={session} /> : <ImportTab emitter={emitter} session={session} />}
          </>
        )}
      </EmitterPicker>
    </div>
  );
}
