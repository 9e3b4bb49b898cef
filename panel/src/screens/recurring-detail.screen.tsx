import type { ScreenProps } from '../app';
import { getRecurringDocument, listRecurringOccurrences, scheduleLabel, type RecurringOccurrence } from '../api/recurring.api';
import { ENVIRONMENT_LABELS, formatMoney } from '../lib/format';
import { useLoad } from '../lib/hooks';
import { href, navigate } from '../lib/router';
import { can } from '../lib/session';
import { Badge, StatusBadge } from '../ui/badge';
import { Card, DetailList, PageHeader } from '../ui/page';
import { PagedList, fromConnection, useCursors } from '../ui/paged-list';
import { DataTable, type Column } from '../ui/table';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { RecurringActions, RecurringStatusBadge, localDate, templateSummary } from './recurring.screen';

const OCCURRENCE_STATUS: Record<string, { label: string; tone: 'success' | 'danger' | 'info' }> = {
  issuing: { label: 'Emitiendo', tone: 'info' },
  issued: { label: 'Emitida', tone: 'success' },
  failed: { label: 'Rechazada', tone: 'danger' },
};

interface TemplateItem {
  description?: string;
  quantity?: string;
  unitPrice?: string;
}

function Occurrences({ id }: { id: string }) {
  const pages = useCursors();
  const page = useLoad(() => listRecurringOccurrences(id, pages.after), [id, pages.after]);
  const columns: Column<RecurringOccurrence>[] = [
    { key: 'date', label: 'Fecha', primary: true, render: (o) => localDate(o.occurrenceOn) },
    {
      key: 'status',
      label: 'Emisión',
      render: (o) => {
        const s = OCCURRENCE_STATUS[o.status] ?? { label: o.status, tone: 'info' as const };
        return <Badge tone={s.tone}>{s.label}</Badge>;
      },
    },
    {
      key: 'document',
      label: 'Documento',
      render: (o) =>
        o.documentId ? (
          <a class="mono" href={href(`/documentos/${o.documentId}`)}>
            {o.controlNumber ?? o.documentId}
          </a>
        ) : (
          <span class="muted">{o.error ? [o.error.message, ...o.error.errors.map((e) => e.message)].join(' ') : '—'}</span>
        ),
    },
    { key: 'docStatus', label: 'Estado del documento', render: (o) => (o.documentStatus ? <StatusBadge status={o.documentStatus.toUpperCase()} /> : '—') },
  ];
  return (
    <PagedList
      {...fromConnection(page)}
      pages={pages}
      empty={
        <EmptyState icon="clock" title="Aún no se ha emitido">
          La primera factura se emite en su próxima fecha, desde las 00:00 de El Salvador.
        </EmptyState>
      }
    >
      {(rows) => <DataTable caption="Emisiones" columns={columns} rows={rows} rowKey={(o) => o.id} rowHref={(o) => (o.documentId ? `/documentos/${o.documentId}` : null)} />}
    </PagedList>
  );
}

export default function RecurringDetailScreen({ session, params }: ScreenProps) {
  const item = useLoad(() => getRecurringDocument(params.id), [params.id]);
  if (item.error) return <ErrorState error={item.error} onRetry={item.reload} />;
  if (item.data === undefined) return <Loading />;
  const r = item.data;
  if (!r) {
    return (
      <EmptyState icon="clock" title="Esta factura recurrente no existe">
        Puede haberse eliminado, o ser de otro ambiente. <a href={href('/recurrentes')}>Ver facturas recurrentes</a>
      </EmptyState>
    );
  }
  const back = `/recurrentes?emisor=${r.emitterId}`;
  const receiver = r.template.receiver as { name?: string; email?: string } | undefined;
  const items = (r.template.items as TemplateItem[] | undefined) ?? [];
  return (
    <div class="screen">
      <PageHeader
        back={{ to: back, label: 'Facturas recurrentes' }}
        title={templateSummary(r)}
        subtitle={
          <>
            {scheduleLabel(r.schedule)} · <RecurringStatusBadge status={r.status} />
          </>
        }
        actions={can(session, 'write') ? <RecurringActions item={r} onChanged={item.reload} onDeleted={() => navigate(back)} /> : null}
      />
      <div class="stack">
        <Card title="Calendario">
          <DetailList
            items={[
              ['Calendario', scheduleLabel(r.schedule)],
              ['Próxima emisión', <span data-next-run={r.nextRunOn ?? ''}>{r.nextRunOn ? localDate(r.nextRunOn) : r.status === 'paused' ? 'En pausa' : 'Ninguna'}</span>],
              ['Desde', localDate(r.startsOn)],
              ['Hasta', r.endsOn ? localDate(r.endsOn) : 'Sin fecha final'],
              ['Emisiones', r.count ? `${r.occurrencesCount} de ${r.count}` : String(r.occurrencesCount)],
              ['Correo al receptor', r.sendEmail ? 'Sí' : 'No'],
              ['Ambiente', ENVIRONMENT_LABELS[r.environment] ?? r.environment],
            ]}
          />
        </Card>
        <Card title="Plantilla (FE)">
          <DetailList
            items={[
              ['Receptor', receiver?.name ? `${receiver.name}${receiver.email ? ` · ${receiver.email}` : ''}` : 'Consumidor final'],
              ['Punto de venta', `${String(r.template.establishment ?? '')} · ${String(r.template.pointOfSale ?? '')}`],
              ...items.map((it, i): [string, string] => [`Línea ${i + 1}`, `${it.description ?? ''} — ${it.quantity ?? ''} × ${formatMoney(it.unitPrice ?? null)}`]),
            ]}
          />
        </Card>
        <Card title="Emisiones" class="card-flush">
          <Occurrences id={r.id} />
        </Card>
      </div>
    </div>
  );
}
