import { useEffect, useState } from 'preact/hooks';
import { DOCUMENT_TYPES, currentPeriod, formatCount, formatDateTime, formatMoney } from '../lib/format';
import { useLoad } from '../lib/hooks';
import { Button } from '../ui/button';
import { TextField } from '../ui/form';
import { PdfLabel, documentColumns, pdfLabel, pdfName } from '../ui/document-columns';
import { Card, DetailList } from '../ui/page';
import { PagedList, fromConnection, useCursors } from '../ui/paged-list';
import { DataTable, type Column } from '../ui/table';
import { Alert, EmptyState, ErrorState, Loading } from '../ui/states';
import { downloadWithViewToken, exchangeToken, setViewToken, viewQuery, type EmbedView, type ExchangeOutcome } from './embed-api';

const GONE: Record<Exclude<ExchangeOutcome, { ok: true }>['reason'], { title: string; text: string }> = {
  used: { title: 'Este enlace ya fue usado', text: 'Cada enlace abre la vista una sola vez. Pida uno nuevo a quien se lo compartió.' },
  expired: { title: 'Este enlace expiró', text: 'Los enlaces duran pocos minutos. Pida uno nuevo a quien se lo compartió.' },
  invalid: { title: 'Este enlace no es válido', text: 'Revise que lo copió completo, o pida uno nuevo a quien se lo compartió.' },
  error: { title: 'No se pudo abrir la vista', text: 'El servicio no respondió. Intente de nuevo en unos minutos.' },
};

interface Row {
  id: string;
  controlNumber: string | null;
  type: string;
  status: string;
  issuedAt: string;
  receiver: { name: string | null } | null;
  totals: { total: string };
}

function DocumentsView({ view }: { view: EmbedView }) {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = window.setTimeout(() => setSearch(q.trim()), 300);
    return () => window.clearTimeout(t);
  }, [q]);
  const pages = useCursors([search]);
  const page = useLoad(
    () =>
      viewQuery<{ documents: { nodes: Row[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>(
        'query EmbedDocuments($filter: DocumentFilter, $after: String) { documents(filter: $filter, first: 25, after: $after) { nodes { id controlNumber type status issuedAt receiver { name } totals { total } } pageInfo { hasNextPage endCursor } } }',
        { filter: { emitterId: view.emitterId, ...(search ? { q: search } : {}) }, after: pages.after },
      ).then((r) => r.documents),
    [search, pages.after],
  );
  const columns = documentColumns<Row>({
    pdf: (d) => (
      <button type="button" class="btn btn-ghost btn-sm" aria-label={pdfLabel(d)} onClick={() => void downloadWithViewToken(`/v1/documents/${encodeURIComponent(d.id)}/pdf`, pdfName(d))}>
        <PdfLabel />
      </button>
    ),
  });
  return (
    <div class="stack">
      <div class="card filters-single">
        <TextField label="Buscar" type="search" placeholder="Número de control, código, sello o receptor" value={q} onValue={setQ} />
      </div>
      <div class="card card-flush">
        <PagedList
          {...fromConnection(page)}
                    pages={pages}
          skeletonRows={6}
          empty={<EmptyState icon="documents" title={search ? 'Ningún documento coincide' : 'Sin documentos'} />}
        >
          {(rows) => <DataTable caption="Documentos" columns={columns} rows={rows} rowKey={(d) => d.id} />}
        </PagedList>
      </div>
    </div>
  );
}

interface Group {
  key: string;
  label: string | null;
  documents: number;
  subtotal: string;
  iva: string;
  total: string;
}

function BooksView({ view }: { view: EmbedView }) {
  const [period, setPeriod] = useState(currentPeriod());
  const sums = useLoad(
    () =>
      viewQuery<{ byAnnex: { nodes: Group[]; totals: Omit<Group, 'key' | 'label'> }; byType: { nodes: Group[] } }>(
        `query EmbedBooks($id: ID!, $period: String) {
          byAnnex: documentAggregates(emitterId: $id, groupBy: ANNEX, filter: { period: $period }, first: 20) { nodes { key label documents subtotal iva total } totals { documents subtotal iva total } }
          byType: documentAggregates(emitterId: $id, groupBy: TYPE, filter: { period: $period }, first: 20) { nodes { key label documents subtotal iva total } }
        }`,
        { id: view.emitterId, period },
      ),
    [period],
  );
  const columns: Column<Group>[] = [
    { key: 'key', label: 'Grupo', primary: true, render: (g) => <span class="strong">{g.label ?? (g.key || 'Otros')}</span> },
    { key: 'documents', label: 'Documentos', align: 'right', render: (g) => formatCount(g.documents) },
    { key: 'subtotal', label: 'Subtotal', align: 'right', render: (g) => <span class="amount">{formatMoney(g.subtotal)}</span> },
    { key: 'iva', label: 'IVA', align: 'right', render: (g) => <span class="amount">{formatMoney(g.iva)}</span> },
    { key: 'total', label: 'Total', align: 'right', render: (g) => <span class="amount">{formatMoney(g.total)}</span> },
  ];
  return (
    <div class="stack">
      <div class="card filters-single">
        <TextField label="Mes" type="month" value={period} onValue={(v) => v && setPeriod(v)} />
      </div>
      {sums.error ? (
        <ErrorState error={sums.error} onRetry={sums.reload} />
      ) : !sums.data ? (
        <Loading />
      ) : (
        <>
          <div class="grid-3">
            <div class="card kpi">
              <div class="kpi-label">Documentos procesados</div>
              <div class="kpi-value">{formatCount(sums.data.byAnnex.totals.documents)}</div>
            </div>
            <div class="card kpi">
              <div class="kpi-label">IVA débito</div>
              <div class="kpi-value">{formatMoney(sums.data.byAnnex.totals.iva)}</div>
            </div>
            <div class="card kpi">
              <div class="kpi-label">Ventas totales</div>
              <div class="kpi-value">{formatMoney(sums.data.byAnnex.totals.total)}</div>
            </div>
          </div>
          <Card title="Por anexo de ventas del F-07" class="card-flush">
            {sums.data.byAnnex.nodes.length ? <DataTable caption="Ventas por anexo" columns={columns} rows={sums.data.byAnnex.nodes} rowKey={(g) => g.key} /> : <EmptyState icon="book" title="Sin ventas procesadas en este mes" />}
          </Card>
          <Card title="Por tipo de documento" class="card-flush">
            {sums.data.byType.nodes.length ? <DataTable caption="Ventas por tipo" columns={columns.map((c) => (c.key === 'key' ? { ...c, render: (g: Group) => <span class="strong">{DOCUMENT_TYPES[g.key]?.name ?? g.key}</span> } : c))} rows={sums.data.byType.nodes} rowKey={(g) => g.key} /> : <EmptyState icon="book" title="Sin documentos en este mes" />}
          </Card>
        </>
      )}
    </div>
  );
}

interface Report {
  type: string;
  period: string;
  status: string;
  rowCount: number;
  formats: string[];
  totals: Record<string, string> | null;
  warnings: { code: string; message: string }[];
}

function ReportView({ view }: { view: EmbedView }) {
  const data = useLoad(
    () =>
      viewQuery<{ fiscalReport: Report | null; fiscalReportTypes: { type: string; name: string }[]; fiscalReportRows: { columns: { key: string; label: string; kind: string }[]; rows: { n: number; cells: string[] }[] } }>(
        `query EmbedReport($emitterId: ID!, $id: ID!) {
          fiscalReport(emitterId: $emitterId, id: $id) { type period status rowCount formats totals warnings { code message } }
          fiscalReportTypes(emitterId: $emitterId) { type name }
          fiscalReportRows(emitterId: $emitterId, id: $id, first: 200) { columns { key label kind } rows { n cells } }
        }`,
        { emitterId: view.emitterId, id: view.reportId },
      ),
    [],
  );
  const [downloading, setDownloading] = useState<string | null>(null);
  if (data.error) return <ErrorState error={data.error} onRetry={data.reload} />;
  if (!data.data) return <Loading />;
  const r = data.data.fiscalReport;
  if (!r) return <EmptyState icon="book" title="El reporte ya no está disponible" />;
  const name = data.data.fiscalReportTypes.find((t) => t.type === r.type)?.name ?? r.type;
  const cols = data.data.fiscalReportRows.columns;
  const labelOf = (k: string) => cols.find((c) => c.key === k)?.label ?? k.replace(/_/g, ' ');
  const download = async (format: string) => {
    setDownloading(format);
    try {
      const d = await viewQuery<{ fiscalReport: { downloadUrl: string } }>('query EmbedDownload($emitterId: ID!, $id: ID!, $format: FiscalReportFormat!) { fiscalReport(emitterId: $emitterId, id: $id) { downloadUrl(format: $format) } }', {
        emitterId: view.emitterId,
        id: view.reportId,
        format,
      });
      window.location.assign(d.fiscalReport.downloadUrl);
    } finally {
      setDownloading(null);
    }
  };
  type Cells = { n: number; cells: string[] };
  const columns: Column<Cells>[] = cols.map((c, i) => ({ key: c.key, label: c.label, align: c.kind === 'amount' ? 'right' : undefined, primary: i === 0, render: (row: Cells) => row.cells[i] ?? '' }));
  return (
    <div class="stack">
      <div class="page-header">
        <div class="page-heading">
          <h2 class="embed-title">{name}</h2>
          <p class="page-subtitle">Período {r.period}</p>
        </div>
        <div class="page-actions">
          {r.formats.map((f) => (
            <Button key={f} icon="download" pending={downloading === f} onClick={() => void download(f)}>
              Descargar {f}
            </Button>
          ))}
        </div>
      </div>
      {r.totals ? (
        <Card title="Totales">
          <DetailList items={Object.entries(r.totals).map(([k, v]) => [labelOf(k), <span class="amount">{v}</span>])} />
        </Card>
      ) : null}
      {r.warnings.length ? (
        <Alert tone="warning" title={`${r.warnings.length} advertencias`}>
          <ul class="field-errors">
            {r.warnings.slice(0, 50).map((w, i) => (
              <li key={i}>{w.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Card title={`Detalle (${formatCount(r.rowCount)} filas${r.rowCount > 200 ? '; se muestran las primeras 200' : ''})`} class="card-flush">
        {data.data.fiscalReportRows.rows.length ? <DataTable caption={name} columns={columns} rows={data.data.fiscalReportRows.rows} rowKey={(row) => String(row.n)} /> : <EmptyState icon="book" title="Sin filas en este período" />}
      </Card>
    </div>
  );
}

export function EmbedApp() {
  const [state, setState] = useState<{ kind: 'opening' } | { kind: 'gone'; reason: keyof typeof GONE } | { kind: 'open'; view: EmbedView }>({ kind: 'opening' });
  const [emitter, setEmitter] = useState<{ name: string; nit: string } | null>(null);
  const [tab, setTab] = useState<'documentos' | 'libros'>('documentos');
  useEffect(() => {
    const token = decodeURIComponent(window.location.hash.slice(1));
    if (!token) return void setState({ kind: 'gone', reason: 'invalid' });
    void exchangeToken(token).then((r) => {
      if (!r.ok) return setState({ kind: 'gone', reason: r.reason });
      setViewToken(r.view.token);
      setState({ kind: 'open', view: r.view });
      viewQuery<{ emitter: { name: string; nit: string } | null }>('query EmbedEmitter($id: ID!) { emitter(id: $id) { name nit } }', { id: r.view.emitterId }).then(
        (d) => setEmitter(d.emitter),
        () => setEmitter(null),
      );
    });
  }, []);

  if (state.kind === 'opening') return <Loading label="Abriendo la vista…" />;
  if (state.kind === 'gone') {
    const g = GONE[state.reason];
    return (
      <div class="auth-page">
        <div class="auth-card">
          <h1>{g.title}</h1>
          <p class="muted">{g.text}</p>
        </div>
      </div>
    );
  }
  const view = state.view;
  return (
    <div class="embed">
      <header class="embed-header">
        <div>
          <p class="label">Vista de solo lectura</p>
          <h1>{emitter?.name ?? 'Emisor'}</h1>
          {emitter ? <p class="muted">NIT {emitter.nit}</p> : null}
        </div>
        <p class="muted small">Disponible hasta {formatDateTime(view.expiresAt)}</p>
      </header>
      {view.reportId ? (
        <ReportView view={view} />
      ) : (
        <>
          <div class="tabs" role="tablist" aria-label="Secciones">
            <button type="button" role="tab" aria-selected={tab === 'documentos' ? 'true' : 'false'} onClick={() => setTab('documentos')}>
              Documentos
            </button>
            <button type="button" role="tab" aria-selected={tab === 'libros' ? 'true' : 'false'} onClick={() => setTab('libros')}>
              Libros
            </button>
          </div>
          {tab === 'documentos' ? <DocumentsView view={view} /> : <BooksView view={view} />}
        </>
      )}
    </div>
  );
}
