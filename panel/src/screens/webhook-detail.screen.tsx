import { useEffect, useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import {
  WEBHOOK_EVENTS, deleteWebhookEndpoint, getWebhookEndpoint, listDeliveries, replayDelivery, rollWebhookSecret, sendWebhookTest, updateWebhookEndpoint, type WebhookDelivery, type WebhookEndpoint,
} from '../api/webhooks.api';
import { ENVIRONMENT_LABELS, formatDateTime } from '../lib/format';
import { useAction, useLoad } from '../lib/hooks';
import { href, navigate } from '../lib/router';
import { can } from '../lib/session';
import { Badge } from '../ui/badge';
import { Button, LinkButton } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { EventPicker } from '../ui/event-picker';
import { Checkbox, SelectField, TextField, useFormScope } from '../ui/form';
import { Card, DetailList, PageHeader } from '../ui/page';
import { PagedList, fromConnection, useCursors } from '../ui/paged-list';
import { SecretReveal } from '../ui/secret-reveal';
import { DataTable, type Column } from '../ui/table';
import { EmptyState, ErrorAlert, ErrorState, Loading } from '../ui/states';
import { toast } from '../ui/toast';
import { DeliveryStatusBadge } from './webhooks.screen';

const DELIVERY_STATUS: Record<WebhookDelivery['status'], { label: string; tone: 'success' | 'danger' | 'info' }> = {
  DELIVERED: { label: 'Entregado', tone: 'success' },
  FAILED: { label: 'Fallido', tone: 'danger' },
  PENDING: { label: 'Pendiente', tone: 'info' },
};

const eventLabel = (name: string) => WEBHOOK_EVENTS.find((e) => e.name === name)?.label ?? name;

const SUBJECT_KINDS: Record<string, string> = {
  document: 'Documento',
  document_return: 'Devolución',
  special_operation: 'Operación especial',
  fiscal_report: 'Reporte',
  period: 'Período',
  credential: 'Certificado del ambiente',
  contingency: 'Contingencia',
};

/** What a delivery is about: a document by its control number (a link to it), or a report, a period… by name. */
function Subject({ delivery }: { delivery: WebhookDelivery }) {
  const s = delivery.subject;
  if (!s) return <span class="muted">—</span>;
  const text = s.label ?? s.id ?? '';
  // A test event's document is fictitious: nothing to open.
  if (s.documentId && !delivery.test) {
    return (
      <a class="mono" href={href(`/documentos/${s.documentId}`)} title={s.documentId}>
        {text || s.documentId}
      </a>
    );
  }
  return (
    <span class="stack-tight" title={s.id ?? undefined}>
      <span class="muted small">{SUBJECT_KINDS[s.object] ?? s.object}{delivery.test ? ' (ficticio)' : ''}</span>
      {text ? <span class="mono">{text}</span> : null}
    </span>
  );
}

function DeliveryDialog({ endpointId, delivery, onClose, onReplayed, writer }: { endpointId: string; delivery: WebhookDelivery | null; onClose: () => void; onReplayed: () => void; writer: boolean }) {
  const replay = useAction(async (key: string) => {
    await replayDelivery(endpointId, delivery!.id, key);
    toast('Entrega reenviada: se intentará de nuevo con el mismo evento.');
    onReplayed();
    onClose();
  });
  const d = delivery;
  return (
    <Dialog
      open={Boolean(d)}
      size="lg"
      title="Entrega"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cerrar</Button>
          {writer && d && d.status !== 'PENDING' && !d.test ? (
            <Button variant="primary" icon="refresh" pending={replay.pending} onClick={() => void replay.run()}>
              Reenviar
            </Button>
          ) : null}
        </>
      }
    >
      {d ? (
        <>
          <DetailList
            items={[
              ['Evento', `${eventLabel(d.eventType)}${d.test ? ' (prueba)' : ''}`],
              ['Sobre', <Subject delivery={d} />],
              ['Estado', <Badge tone={DELIVERY_STATUS[d.status].tone}>{DELIVERY_STATUS[d.status].label}</Badge>],
              ['Id del evento', <code>{d.eventId}</code>],
              ['Creada', formatDateTime(d.createdAt)],
              ['Próximo intento', d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : '—'],
              ['Intentos', d.attemptCount],
            ]}
          />
          <h3>Intentos</h3>
          {d.attempts.length ? (
            <ol class="timeline">
              {d.attempts.map((a) => (
                <li key={a.number} class={a.statusCode >= 200 && a.statusCode < 300 ? 'tone-success' : 'tone-danger'}>
                  <span class="timeline-title">
                    Intento {a.number}: <DeliveryStatusBadge status={a.statusCode} />
                  </span>
                  <span class="timeline-time">
                    {formatDateTime(a.at)} · {a.durationMs} ms
                  </span>
                  {a.error ? <p class="timeline-msg">{a.error}</p> : null}
                  {a.responseExcerpt ? <p class="verbatim">{a.responseExcerpt}</p> : null}
                </li>
              ))}
            </ol>
          ) : (
            <p class="muted">Todavía no hubo intentos.</p>
          )}
          <ErrorAlert error={replay.error} />
        </>
      ) : null}
    </Dialog>
  );
}

function EditDialog({ endpoint, open, onClose, onSaved }: { endpoint: WebhookEndpoint; open: boolean; onClose: () => void; onSaved: (w: WebhookEndpoint) => void }) {
  const [url, setUrl] = useState(endpoint.url);
  const [events, setEvents] = useState(endpoint.events);
  useEffect(() => {
    if (open) {
      setUrl(endpoint.url);
      setEvents(endpoint.events);
    }
  }, [open]);
  const save = useAction(async (key: string) => {
    onSaved(await updateWebhookEndpoint(endpoint.id, { url: url.trim(), events }, key));
    toast('Endpoint actualizado.');
    onClose();
  });
  const scope = useFormScope(save.error);
  return (
    <Dialog
      open={open}
      title="Editar endpoint"
      onClose={onClose}
      form={scope}
      confirm={{ label: 'Guardar', pending: save.pending, disabled: !events.length, onClick: () => void save.run() }}
    >
      <TextField label="URL" type="url" value={url} onValue={setUrl} name="url" />
      <EventPicker value={events} onChange={setEvents} />
      <ErrorAlert error={save.error} />
    </Dialog>
  );
}

function RollDialog({ endpoint, open, onClose }: { endpoint: WebhookEndpoint; open: boolean; onClose: () => void }) {
  const [overlap, setOverlap] = useState('3600');
  const [secret, setSecret] = useState<string | null>(null);
  const roll = useAction(async (key: string) => setSecret(await rollWebhookSecret(endpoint.id, Number(overlap), key)));
  const close = () => {
    setSecret(null);
    roll.clear();
    onClose();
  };
  return (
    <Dialog
      open={open}
      title="Rotar el secreto de firma"
      onClose={close}
      footer={
        secret ? (
          <Button variant="primary" onClick={close}>
            Listo
          </Button>
        ) : (
          <>
            <Button onClick={close}>Cancelar</Button>
            <Button variant="primary" pending={roll.pending} onClick={() => void roll.run()}>
              Generar secreto nuevo
            </Button>
          </>
        )
      }
    >
      {secret ? (
        <SecretReveal value={secret} label="el secreto nuevo" note="Desde ahora los eventos se firman con este secreto. No se vuelve a mostrar." />
      ) : (
        <>
          <p>Los eventos se firmarán con un secreto nuevo. Mientras actualiza su sistema, el anterior puede seguir firmando en paralelo.</p>
          <SelectField
            label="El secreto anterior sigue firmando durante"
            value={overlap}
            onValue={setOverlap}
            options={[
              { value: '0', label: 'Nada: deja de valer ya' },
              { value: '3600', label: '1 hora' },
              { value: '21600', label: '6 horas' },
              { value: '86400', label: '24 horas' },
            ]}
          />
          <ErrorAlert error={roll.error} />
        </>
      )}
    </Dialog>
  );
}

function DeleteDialog({ endpoint, open, onClose }: { endpoint: WebhookEndpoint; open: boolean; onClose: () => void }) {
  const [sure, setSure] = useState(false);
  const remove = useAction(async (key: string) => {
    await deleteWebhookEndpoint(endpoint.id, key);
    toast('Endpoint eliminado.');
    navigate('/webhooks');
  });
  return (
    <Dialog
      open={open}
      title="Eliminar endpoint"
      onClose={onClose}
      confirm={{ label: 'Eliminar', variant: 'danger', pending: remove.pending, disabled: !sure, onClick: () => void remove.run() }}
    >
      <p>
        Se elimina <code>{endpoint.url}</code> con su historial de entregas. Los eventos siguientes ya no se le enviarán.
      </p>
      <Checkbox label="Entiendo que esto no se puede deshacer." checked={sure} onChange={setSure} />
      <ErrorAlert error={remove.error} />
    </Dialog>
  );
}

export default function WebhookDetailScreen({ session, params }: ScreenProps) {
  const endpoint = useLoad(() => getWebhookEndpoint(params.id), [params.id]);
  const pages = useCursors([params.id]);
  const deliveries = useLoad(() => listDeliveries(params.id, pages.after), [params.id, pages.after]);
  const [dialog, setDialog] = useState<'edit' | 'roll' | 'delete' | null>(null);
  const [open, setOpen] = useState<WebhookDelivery | null>(null);
  const writer = can(session, 'write');
  const test = useAction(async (key: string) => {
    const r = await sendWebhookTest(params.id, key);
    toast(r.status >= 200 && r.status < 300 ? `Evento de prueba entregado (respuesta ${r.status}).` : `El receptor no aceptó el evento de prueba (${r.status === 0 ? 'sin respuesta' : `respuesta ${r.status}`}).`, r.status >= 200 && r.status < 300 ? 'success' : 'danger');
    deliveries.reload();
    endpoint.reload();
  });
  const toggle = useAction(async (key: string) => {
    const w = await updateWebhookEndpoint(params.id, { disabled: !endpoint.data!.disabled }, key);
    endpoint.setData(() => w);
    toast(w.disabled ? 'Endpoint pausado: no recibirá eventos.' : 'Endpoint reanudado.');
  });

  if (endpoint.error) return <ErrorState error={endpoint.error} onRetry={endpoint.reload} />;
  if (endpoint.loading && !endpoint.data) return <Loading />;
  const w = endpoint.data;
  if (!w) return <EmptyState icon="webhook" title="No se encontró el endpoint" action={<LinkButton href={href('/webhooks')}>Volver a Webhooks</LinkButton>} />;

  const columns: Column<WebhookDelivery>[] = [
    { key: 'event', label: 'Evento', primary: true, render: (d) => <span class="strong">{eventLabel(d.eventType)}{d.test ? ' (prueba)' : ''}</span> },
    { key: 'subject', label: 'Sobre', render: (d) => <Subject delivery={d} /> },
    { key: 'created', label: 'Creada', render: (d) => formatDateTime(d.createdAt) },
    { key: 'status', label: 'Estado', render: (d) => <Badge tone={DELIVERY_STATUS[d.status].tone}>{DELIVERY_STATUS[d.status].label}</Badge> },
    { key: 'attempts', label: 'Intentos', render: (d) => d.attemptCount },
    { key: 'last', label: 'Última respuesta', render: (d) => <DeliveryStatusBadge status={d.lastStatus} /> },
    {
      key: 'open',
      label: 'Detalle',
      noLabel: true,
      render: (d) => (
        <Button size="sm" variant="ghost" onClick={() => setOpen(d)}>
          Ver intentos
        </Button>
      ),
    },
  ];
  return (
    <div class="screen">
      <PageHeader
        back={{ to: '/webhooks', label: 'Webhooks' }}
        title={<span class="mono break">{w.url}</span>}
        subtitle={`${ENVIRONMENT_LABELS[w.environment] ?? w.environment} · registrado el ${formatDateTime(w.createdAt)}`}
        actions={
          writer ? (
            <>
              <Button icon="send" pending={test.pending} onClick={() => void test.run()}>
                Enviar evento de prueba
              </Button>
              <Button onClick={() => setDialog('roll')}>Rotar secreto</Button>
              <Button onClick={() => setDialog('edit')}>Editar</Button>
              <Button pending={toggle.pending} onClick={() => void toggle.run()}>
                {w.disabled ? 'Reanudar' : 'Pausar'}
              </Button>
              <Button variant="danger" icon="trash" onClick={() => setDialog('delete')}>
                Eliminar
              </Button>
            </>
          ) : null
        }
      />
      <ErrorAlert error={test.error ?? toggle.error} />
      <Card title="Configuración">
        <DetailList
          items={[
            ['Estado', w.disabled ? <Badge>Pausado</Badge> : <Badge tone="success">Activo</Badge>],
            ['Última respuesta', <DeliveryStatusBadge status={w.lastDeliveryStatus} />],
            [
              'Eventos',
              w.events.includes('*') ? (
                'Todos'
              ) : (
                <span class="chips">
                  {w.events.map((e) => (
                    <span key={e} class="chip" title={eventLabel(e)}>
                      {e}
                    </span>
                  ))}
                </span>
              ),
            ],
            ['Id', <code>{w.id}</code>],
          ]}
        />
      </Card>
      <Card title="Entregas" class="card-flush" actions={<Button size="sm" icon="refresh" onClick={deliveries.reload}>Actualizar</Button>}>
        <PagedList
          {...fromConnection(deliveries)}
                    pages={pages}
          empty={
            <EmptyState icon="send" title="Todavía no hay entregas">
              Envíe un evento de prueba para comprobar que su sistema recibe y verifica los eventos.
            </EmptyState>
          }
        >
          {(rows) => <DataTable caption="Entregas" columns={columns} rows={rows} rowKey={(d) => d.id} />}
        </PagedList>
      </Card>
      <DeliveryDialog endpointId={w.id} delivery={open} onClose={() => setOpen(null)} onReplayed={deliveries.reload} writer={writer} />
      <EditDialog endpoint={w} open={dialog === 'edit'} onClose={() => setDialog(null)} onSaved={(saved) => endpoint.setData(() => saved)} />
      <RollDialog endpoint={w} open={dialog === 'roll'} onClose={() => setDialog(null)} />
      <DeleteDialog endpoint={w} open={dialog === 'delete'} onClose={() => setDialog(null)} />
    </div>
  );
}
