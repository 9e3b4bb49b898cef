import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { DOCUMENTS_PAGE_SIZE, documentFilterFromQuery, firstDocumentsAtHand, listDocuments, watchDocumentStatus, type DocumentFilter, type DocumentRow } from '../api/documents.api';
import { listEmitterSummaries } from '../api/emitters.api';
import { DOCUMENT_TYPES, STATUS_LABELS } from '../lib/format';
import { liveStatus } from '../lib/graphql';
import { useDebounced, useLoad } from '../lib/hooks';
import { href, setQuery } from '../lib/router';
import { can } from '../lib/session';
import { useStore } from '../lib/store';
import { Button, LinkButton } from '../ui/button';
import { SelectField, TextField } from '../ui/form';
import { PdfLabel, documentColumns, pdfLabel, pdfName } from '../ui/document-columns';
import { PageHeader } from '../ui/page';
import { PagedList, useCursors } from '../ui/paged-list';
import { DataTable } from '../ui/table';
import { EmptyState } from '../ui/states';
import { Lazy } from '../ui/lazy';
import { ExportMenu } from '../ui/export-menu';

/** The first steps of an account without documents, fetched only then (the list's bundle stays small). */
const loadSetupChecklist = () => import('../ui/setup-checklist');

const PAGE_SIZE = DOCUMENTS_PAGE_SIZE;
const STATUS_FILTERS = ['PROCESSED', 'SENDING', 'SIGNED', 'REJECTED', 'CONTINGENCY', 'VOIDED', 'ERROR'];

export function LiveIndicator() {
  const live = useStore(liveStatus);
  return (
    <span class={`live live-${live}`} title={live === 'live' ? 'Los estados se actualizan solos.' : 'Reconectando las actualizaciones en vivo…'}>
      <span class="live-dot" aria-hidden="true" />
      {live === 'live' ? 'En vivo' : 'Reconectando…'}
    </span>
  );
}

export function DocumentsScreen({ session, query }: ScreenProps) {
  const emitters = useLoad(listEmitterSummaries, []);
  const [search, setSearch] = useState(query.get('q') ?? '');
  const q = useDebounced(search.trim(), 300);
  const filter: DocumentFilter = useMemo(() => documentFilterFromQuery(query, q), [query.toString(), q]);
  const filterKey = JSON.stringify(filter);
  useEffect(() => setQuery({ q: q || null }), [q]);

  const pages = useCursors([filterKey]);
  const page = useLoad(() => listDocuments(filter, pages.after, PAGE_SIZE), [filterKey, pages.after], () => firstDocumentsAtHand(filter));
  const [fresh, setFresh] = useState(0);
  useEffect(() => setFresh(0), [filterKey, pages.after]);
  const firstPage = pages.cursors.length === 1;

  // Live statuses: a row on screen changes in place. A new document joins the top of the first page
  // when the filters say for sure it belongs there; otherwise (search, dates) it is announced. The
  // page is read again each time the subscription (re)starts listening (a change made before it
  // listened, or while the connection was down, is not lost), and when a change arrives while the
  // page is on its way (useLoad drops that answer).
  const rowsRef = useRef<DocumentRow[]>([]);
  rowsRef.current = page.data?.nodes ?? [];
  const filterRef = useRef(filter);
  filterRef.current = filter;
  useEffect(
    () =>
      watchDocumentStatus({ emitterId: filter.emitterId }, (d) => {
        if (rowsRef.current.some((r) => r.id === d.id)) {
          page.setData((p) => (p ? { ...p, nodes: p.nodes.map((r) => (r.id === d.id ? { ...r, ...d } : r)) } : p));
          return;
        }
        if (!firstPage) return;
        const f = filterRef.current;
        if (f.q || f.issuedFrom || f.issuedTo) return setFresh((n) => n + 1);
        if ((f.type && f.type !== d.type) || (f.status && f.status !== d.status.toLowerCase())) return;
        page.setData((p) => (p ? { ...p, nodes: [d, ...p.nodes].slice(0, PAGE_SIZE) } : p));
      }, page.refresh),
    [filter.emitterId, firstPage],
  );

  const set = (param: string) => (v: string) => setQuery({ [param]: v || null });
  const emitterOptions = [{ value: '', label: 'Todos los emisores' }, ...(emitters.data ?? []).map((e) => ({ value: e.id, label: e.name }))];
  const anyFilter = Object.keys(filter).length > 0;

  const [filtersOpen, setFiltersOpen] = useState(false);
  const showEmitter = !filter.emitterId && (emitters.data?.length ?? 0) > 1;
  const columns = documentColumns<DocumentRow>({
    link: (d) => href(`/documentos/${d.id}`),
    showEmitter,
    pdf: (d) => (
      <a class="btn btn-ghost btn-sm" href={`/v1/documents/${encodeURIComponent(d.id)}/pdf`} download={pdfName(d)} aria-label={pdfLabel(d)}>
        <PdfLabel />
      </a>
    ),
  });

  return (
    <div class="screen">
      <PageHeader
        title="Documentos"
        subtitle={
          <>
            Facturas y comprobantes emitidos en este ambiente. <LiveIndicator />
          </>
        }
        actions={
          <>
            <ExportMenu filter={filter} />
            {can(session, 'write') ? (
              <LinkButton variant="primary" icon="plus" href={href('/emitir')}>
                Emitir documento
              </LinkButton>
            ) : null}
          </>
        }
      />
      <div class={`filters card${filtersOpen ? '' : ' collapsed'}`} role="search">
        <TextField class="filter-search" label="Buscar" type="search" placeholder="Número de control, código, sello o receptor" value={search} onValue={setSearch} />
        <div class="filters-toggle">
          <Button size="sm" variant="ghost" aria-expanded={filtersOpen ? 'true' : 'false'} onClick={() => setFiltersOpen(!filtersOpen)}>
            {filtersOpen ? 'Ocultar filtros' : anyFilter ? 'Filtros (activos)' : 'Más filtros'}
          </Button>
        </div>
        <SelectField class="filter-extra" label="Tipo" value={query.get('tipo') ?? ''} onValue={set('tipo')} options={[{ value: '', label: 'Todos los tipos' }, ...Object.entries(DOCUMENT_TYPES).map(([code, t]) => ({ value: code, label: `${t.short} · ${t.name}` }))]} />
        <SelectField class="filter-extra" label="Estado" value={query.get('estado') ?? ''} onValue={set('estado')} options={[{ value: '', label: 'Todos los estados' }, ...STATUS_FILTERS.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]} />
        <SelectField class="filter-extra" label="Emisor" value={query.get('emisor') ?? ''} onValue={set('emisor')} options={emitterOptions} />
        <TextField class="filter-extra" label="Desde" type="date" value={query.get('desde') ?? ''} onValue={set('desde')} />
        <TextField class="filter-extra" label="Hasta" type="date" value={query.get('hasta') ?? ''} onValue={set('hasta')} />
        {anyFilter ? (
          <div class="filters-clear">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setSearch('');
                setQuery({ tipo: null, estado: null, emisor: null, desde: null, hasta: null, q: null });
              }}
            >
              Quitar filtros
            </Button>
          </div>
        ) : null}
      </div>
      {fresh > 0 ? (
        <div class="notice-bar">
          <span>{fresh === 1 ? 'Hay 1 documento nuevo.' : `Hay ${fresh} documentos nuevos.`}</span>
          <Button size="sm" onClick={page.reload}>
            Mostrar
          </Button>
        </div>
      ) : null}
      <div class="card card-flush">
        <PagedList
          load={page}
          rows={page.loading && !page.data ? undefined : page.data?.nodes}
          hasNext={Boolean(page.data?.pageInfo.hasNextPage)}
          endCursor={page.data?.pageInfo.endCursor ?? null}
          pages={pages}
          skeletonRows={6}
          empty={
        anyFilter ? (
          <EmptyState icon="search" title="Ningún documento coincide con los filtros">
            Cambie la búsqueda o quite los filtros para ver todos los documentos.
          </EmptyState>
        ) : can(session, 'write') ? (
          <Lazy load={loadSetupChecklist} props={{ session }} />
        ) : (
          <EmptyState
            icon="documents"
            title="Todavía no hay documentos"
            action={
              can(session, 'write') ? (
                <LinkButton variant="primary" icon="plus" href={href('/emitir')}>
                  Emitir el primero
                </LinkButton>
              ) : null
            }
          >
            Los documentos que emita desde aquí o por la API aparecerán en esta lista.
          </EmptyState>
        )
          }
        >
          {(rows) => <DataTable caption="Documentos" columns={columns} rows={rows} rowKey={(d) => d.id} rowHref={(d) => `/documentos/${d.id}`} />}
        </PagedList>
      </div>
    </div>
  );
}
