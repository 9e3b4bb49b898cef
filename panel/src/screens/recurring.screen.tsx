import { useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { RECURRING_STATUS, deleteRecurringDocument, listRecurringDocuments, pauseRecurringDocument, resumeRecurringDocument, scheduleLabel, type RecurringDocument } from '../api/recurring.api';
import { useAction, useLoad } from '../lib/hooks';
import { href } from '../lib/router';
import { can } from '../lib/session';
import { Badge } from '../ui/badge';
import { Button, LinkButton } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { EmitterPicker } from '../ui/emitter-picker';
import { PageHeader } from '../ui/page';
import { PagedList, fromConnection, useCursors } from '../ui/paged-list';
import { DataTable, type Column } from '../ui/table';
import { EmptyState, ErrorAlert } from '../ui/states';

/** yyyy-MM-dd (an El Salvador date) as dd/MM/yyyy, with no time zone in between. */
export function localDate(ymd: string | null | undefined): string {
  if (!ymd) return '—';
  const [y, m, d] = ymd.split('-');
  return `${d}/${m}/${y}`;
}

/** What the template issues: «Juan Pérez · 2 líneas». */
export function templateSummary(r: RecurringDocument): string {
  const receiver = (r.template.receiver as { name?: string } | undefined)?.name;
  const items = (r.template.items as { description?: string }[] | undefined) ?? [];
  const what = items.length === 1 ? items[0].description ?? '1 línea' : `${items.length} líneas`;
  return receiver ? `${receiver} · ${what}` : `Consumidor final · ${what}`;
}

export function RecurringStatusBadge({ status }: { status: string }) {
  const s = RECURRING_STATUS[status] ?? { label: status, tone: 'neutral' as const };
  return (
    <span data-recurring-status={status}>
      <Badge tone={s.tone}>{s.label}</Badge>
    </span>
  );
}

/** Pause, resume and delete of one recurring document; `onChanged` reloads whoever shows it. */
export function RecurringActions({ item, onChanged, onDeleted }: { item: RecurringDocument; onChanged: () => void; onDeleted: () => void }) {
  const [deleting, setDeleting] = useState(false);
  const pause = useAction(async (key: string) => (await pauseRecurringDocument(item.id, key), onChanged()));
  const resume = useAction(async (key: string) => (await resumeRecurringDocument(item.id, key), onChanged()));
  const del = useAction(async (key: string) => {
    await deleteRecurringDocument(item.id, key);
    setDeleting(false);
    onDeleted();
  });
  return (
    <div class="report-actions">
      {item.status === 'active' ? (
        <Button size="sm" pending={pause.pending} onClick={() => void pause.run()} aria-label={`Pausar ${templateSummary(item)}`}>
          Pausar
        </Button>
      ) : null}
      {item.status === 'paused' ? (
        <Button size="sm" variant="primary" pending={resume.pending} onClick={() => void resume.run()} aria-label={`Reanudar ${templateSummary(item)}`}>
          Reanudar
        </Button>
      ) : null}
      <Button size="sm" variant="danger" onClick={() => setDeleting(true)} aria-label={`Eliminar ${templateSummary(item)}`}>
        Eliminar
      </Button>
      <ErrorAlert error={pause.error ?? resume.error} />
      <Dialog open={deleting} title="¿Eliminar la factura recurrente?" onClose={() => setDeleting(false)} confirm={{ label: 'Eliminar', variant: 'danger', pending: del.pending, onClick: () => void del.run() }}>
        <p>
          No se emitirá ningún documento más de <strong>{templateSummary(item)}</strong>. Los documentos ya emitidos no cambian.
        </p>
        <ErrorAlert error={del.error} />
      </Dialog>
    </div>
  );
}

function RecurringList({ emitterId, writer }: { emitterId: string; writer: boolean }) {
  const pages = useCursors([emitterId]);
  const page = useLoad(() => listRecurringDocuments(emitterId, pages.after), [emitterId, pages.after]);
  const columns: Column<RecurringDocument>[] = [
    {
      key: 'what',
      label: 'Factura',
      primary: true,
      render: (r) => (
        <a class="strong" href={href(`/recurrentes/${r.id}`)}>
          {templateSummary(r)}
        </a>
      ),
    },
    { key: 'schedule', label: 'Calendario', render: (r) => scheduleLabel(r.schedule) },
    { key: 'next', label: 'Próxima emisión', render: (r) => <span data-next-run={r.nextRunOn ?? ''}>{localDate(r.nextRunOn)}</span> },
    { key: 'count', label: 'Emitidas', align: 'right', hideOnPhone: true, render: (r) => (r.count ? `${r.occurrencesCount} de ${r.count}` : String(r.occurrencesCount)) },
    { key: 'status', label: 'Estado', render: (r) => <RecurringStatusBadge status={r.status} /> },
  ];
  if (writer) columns.push({ key: 'actions', label: 'Acciones', noLabel: true, render: (r) => <RecurringActions item={r} onChanged={page.reload} onDeleted={page.reload} /> });
  return (
    <div class="card card-flush">
      <PagedList
        {...fromConnection(page)}
        pages={pages}
        empty={
          <EmptyState icon="clock" title="Sin facturas recurrentes" action={writer ? <LinkButton variant="primary" href={href(`/recurrentes/nuevo?emisor=${emitterId}`)}>Nueva factura recurrente</LinkButton> : null}>
            Programe una factura que se emite sola cada mes o cada semana: una iguala, una suscripción, un alquiler.
          </EmptyState>
        }
      >
        {(rows) => <DataTable caption="Facturas recurrentes" columns={columns} rows={rows} rowKey={(r) => r.id} />}
      </PagedList>
    </div>
  );
}

export default function RecurringScreen({ session, query }: ScreenProps) {
  const writer = can(session, 'write');
  const emitter = query.get('emisor');
  return (
    <div class="screen">
      <PageHeader
        title="Facturas recurrentes"
        subtitle="Facturas que el servicio emite solo en cada fecha de su calendario, en el ambiente actual."
        actions={
          writer ? (
            <LinkButton variant="primary" icon="plus" href={href(`/recurrentes/nuevo${emitter ? `?emisor=${emitter}` : ''}`)}>
              Nueva factura recurrente
            </LinkButton>
          ) : null
        }
      />
      <EmitterPicker query={query}>{(e) => <RecurringList emitterId={e.id} writer={writer} />}</EmitterPicker>
    </div>
  );
}
