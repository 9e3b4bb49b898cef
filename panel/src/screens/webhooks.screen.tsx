import { useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { createWebhookEndpoint, listWebhookEndpoints, type WebhookEndpoint } from '../api/webhooks.api';
import { countOf, formatDateTime } from '../lib/format';
import { useAction, useLoad } from '../lib/hooks';
import { href, navigate } from '../lib/router';
import { can } from '../lib/session';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { EventPicker } from '../ui/event-picker';
import { TextField, useFormScope } from '../ui/form';
import { PageHeader } from '../ui/page';
import { PagedList, fromConnection, useCursors } from '../ui/paged-list';
import { SecretReveal } from '../ui/secret-reveal';
import { DataTable, type Column } from '../ui/table';
import { EmptyState, ErrorAlert } from '../ui/states';

export function DeliveryStatusBadge({ status }: { status: number | null }) {
  if (status === null) return <span class="muted">Sin entregas</span>;
  if (status >= 200 && status < 300) return <Badge tone="success">{status}</Badge>;
  return <Badge tone="danger">{status === 0 ? 'Sin respuesta' : status}</Badge>;
}

function CreateDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const [url, setUrl] = useState('https://');
  const [events, setEvents] = useState<string[]>(['*']);
  const [created, setCreated] = useState<WebhookEndpoint | null>(null);
  const create = useAction(async (key: string) => {
    setCreated(await createWebhookEndpoint(url.trim(), events, key));
    onCreated();
  });
  const close = () => {
    setCreated(null);
    setUrl('https://');
    setEvents(['*']);
    create.clear();
    onClose();
  };
  const scope = useFormScope(create.error);
  return (
    <Dialog
      open={open}
      title={created ? 'Endpoint registrado' : 'Agregar endpoint'}
      onClose={close}
      form={scope}
      footer={
        created ? (
          <>
            <Button onClick={close}>Listo</Button>
            <Button variant="primary" onClick={() => navigate(`/webhooks/${created.id}`)}>
              Ver endpoint
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close}>Cancelar</Button>
            <Button variant="primary" pending={create.pending} disabled={!events.length} onClick={() => (scope.submit(), void create.run())}>
              Registrar
            </Button>
          </>
        )
      }
    >
      {created?.secret ? (
        <SecretReveal value={created.secret} label="el secreto de firma" note="Con este secreto su sistema verifica la firma (Service-Signature) de cada evento. No se vuelve a mostrar; si lo pierde, genere uno nuevo." />
      ) : (
        <>
          <TextField label="URL" type="url" value={url} onValue={setUrl} hint="https y accesible desde internet. Recibe un POST firmado por evento." name="url" />
          <EventPicker value={events} onChange={setEvents} />
          <ErrorAlert error={create.error} />
        </>
      )}
    </Dialog>
  );
}

export default function WebhooksScreen({ session }: ScreenProps) {
  const pages = useCursors();
  const page = useLoad(() => listWebhookEndpoints(pages.after), [pages.after]);
  const [creating, setCreating] = useState(false);
  const writer = can(session, 'write');
  const columns: Column<WebhookEndpoint>[] = [
    {
      key: 'url',
      label: 'URL',
      primary: true,
      render: (w) => (
        <a class="mono strong" href={href(`/webhooks/${w.id}`)}>
          {w.url}
        </a>
      ),
    },
    { key: 'events', label: 'Eventos', render: (w) => (w.events.includes('*') ? 'Todos' : countOf(w.events.length, 'evento', 'eventos')) },
    { key: 'state', label: 'Estado', render: (w) => (w.disabled ? <Badge>Pausado</Badge> : <Badge tone="success">Activo</Badge>) },
    { key: 'last', label: 'Última entrega', render: (w) => (w.lastDeliveryAt ? formatDateTime(w.lastDeliveryAt) : '—') },
    { key: 'status', label: 'Respuesta', render: (w) => <DeliveryStatusBadge status={w.lastDeliveryStatus} /> },
  ];
  return (
    <div class="screen">
      <PageHeader
        title="Webhooks"
        subtitle="Su sistema recibe al instante cada cambio de estado de sus documentos y libros, firmado con su secreto."
        actions={
          writer ? (
            <Button variant="primary" icon="plus" onClick={() => setCreating(true)}>
              Agregar endpoint
            </Button>
          ) : null
        }
      />
      <div class="card card-flush">
        <PagedList
          {...fromConnection(page)}
                    pages={pages}
          empty={
            <EmptyState icon="webhook" title="Sin endpoints en este ambiente" action={writer ? <Button variant="primary" onClick={() => setCreating(true)}>Agregar endpoint</Button> : null}>
              Registre la URL de su sistema para recibir eventos como «documento procesado» o «reporte listo».
            </EmptyState>
          }
        >
          {(rows) => <DataTable caption="Endpoints de webhook" columns={columns} rows={rows} rowKey={(w) => w.id} rowHref={(w) => `/webhooks/${w.id}`} />}
        </PagedList>
      </div>
      <CreateDialog open={creating} onClose={() => setCreating(false)} onCreated={page.reload} />
    </div>
  );
}
