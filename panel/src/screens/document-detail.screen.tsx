import { useEffect, useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { getDocument, retryDocument, sendDocumentEmail, watchDocument, type DocumentDetail } from '../api/documents.api';
import { DOCUMENT_TYPES, ENVIRONMENT_LABELS, EVENT_LABELS, formatDate, formatDateTime, formatMoney } from '../lib/format';
import { useAction, useLoad } from '../lib/hooks';
import { href, navigate } from '../lib/router';
import { can } from '../lib/session';
import { Badge, StatusBadge } from '../ui/badge';
import { Button, LinkButton } from '../ui/button';
import { Code } from '../ui/copy-button';
import { Dialog } from '../ui/dialog';
import { TextAreaField, useFormScope } from '../ui/form';
import { InvalidateDialog } from '../ui/invalidate-dialog';
import { DocumentItems, DocumentPaymentTerms } from '../ui/document-lines';
import { Card, DetailList, PageHeader } from '../ui/page';
import { Alert, EmptyState, ErrorAlert, ErrorState, Loading } from '../ui/states';
import { toast } from '../ui/toast';
import { LiveIndicator } from './documents.screen';
import { listDocumentReturns, type DocumentReturn } from '../api/dte-events.api';
import { ReturnDialog } from '../ui/return-dialog';
import { ReturnsCard } from '../ui/returns-card';
import { InvalidateEventDialog, type EventTarget } from '../ui/invalidate-event-dialog';
import { CorrectionsCard, RETURNABLE } from '../ui/corrections-card';

/** Thermal-printer widths offered as ticket PDFs (GET /v1/documents/{id}/pdf?layout=ticket-80|ticket-58). */
const TICKET_WIDTHS = [80, 58] as const;
const RETRYABLE = new Set(['REJECTED', 'ERROR', 'CONTINGENCY']);
const EVENT_TONES: Record<string, string> = { sealed: 'success', voided: 'success', email_sent: 'success', rejected: 'danger', invalidation_rejected: 'danger', email_failed: 'danger' };

/** A reason as a sentence: one final period, whether or not the person typed it. */
function sentence(text: string): string {
  const t = text.trim();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}

function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

function ResendDialog({ doc, open, onClose }: { doc: DocumentDetail; open: boolean; onClose: () => void }) {
  const [to, setTo] = useState(doc.receiver?.email ?? '');
  useEffect(() => {
    if (open) setTo(doc.receiver?.email ?? '');
  }, [open]);
  const send = useAction(async (key: string) => {
    const list = splitEmails(to);
    await sendDocumentEmail(doc.id, list, key);
    toast(`Correo en cola para ${list.join(', ')}.`);
    onClose();
  });
  const count = splitEmails(to).length;
  const scope = useFormScope(send.error, { checks: count > 10 ? [{ path: 'to', code: 'too_many', message: 'Escriba hasta 10 correos.' }] : [] });
  return (
    <Dialog
      open={open}
      title="Reenviar por correo"
      onClose={onClose}
      form={scope}
      confirm={{ label: 'Enviar', icon: 'send', pending: send.pending, disabled: count === 0, onClick: () => void (count <= 10 && send.run()) }}
    >
      <p>Se envían el PDF y el JSON firmado del documento. El resultado aparecerá en el historial.</p>
      <TextAreaField label="Destinatarios" hint="Hasta 10 correos, separados por comas." rows={2} value={to} onValue={setTo} name="to" />
      <ErrorAlert error={send.error} />
    </Dialog>
  );
}

function Timeline({ events }: { events: DocumentDetail['events'] }) {
  if (!events.length) return <p class="muted">Sin eventos todavía.</p>;
  return (
    <ol class="timeline">
      {events.map((e, i) => (
        <li key={i} class={EVENT_TONES[e.type] ? `tone-${EVENT_TONES[e.type]}` : undefined}>
          <span class="timeline-title">{EVENT_LABELS[e.type] ?? e.type}</span>
          <span class="timeline-time">{formatDateTime(e.at)}</span>
          {e.message ? <p class="timeline-msg">{e.message}</p> : null}
        </li>
      ))}
    </ol>
  );
}

function MhAnswer({ doc }: { doc: DocumentDetail }) {
  const r = doc.mhResponse;
  if (!r || (!r.code && !r.message && !r.observations.length)) return <p class="muted">El MH todavía no ha respondido.</p>;
  return (
    <div class="stack">
      <DetailList items={[['Código', r.code ? <code>{r.code}</code> : '—']]} />
      {r.message ? (
        <div>
          <p class="label">Mensaje</p>
          <p class="verbatim">{r.message}</p>
        </div>
      ) : null}
      {r.observations.length ? (
        <div>
          <p class="label">Observaciones</p>
          {r.observations.map((o, i) => (
            <p key={i} class="verbatim">
              {o}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export default function DocumentDetailScreen({ session, params }: ScreenProps) {
  const doc = useLoad(() => getDocument(params.id), [params.id]);
  const [dialog, setDialog] = useState<'resend' | 'invalidate' | 'return' | null>(null);
  const [voiding, setVoiding] = useState<EventTarget | null>(null);
  const returns = useLoad(() => (RETURNABLE.has(doc.data?.type ?? '') ? listDocumentReturns(params.id) : Promise.resolve([] as DocumentReturn[])), [params.id, doc.data?.type]);
  // A return MH has not answered yet is asked again until it has (a condition, not a fixed wait).
  const pendingReturn = (returns.data ?? []).some((r) => r.status === 'PENDING' || r.void?.status === 'pending');
  useEffect(() => {
    if (!pendingReturn) return;
    const t = window.setInterval(returns.refresh, 2000);
    return () => window.clearInterval(t);
  }, [pendingReturn]);
  // Subscribed first; reloaded each time the subscription (re)starts listening, so a change made
  // before it listened, or while the connection was down, is not lost.
  useEffect(() => watchDocument(params.id, (d) => doc.setData(() => d), doc.refresh), [params.id]);
  const retry = useAction(async (key: string) => {
    const r = await retryDocument(params.id, key);
    if (r.replaced) {
      toast('Se creó un documento nuevo que reemplaza al rechazado.');
      navigate(`/documentos/${r.id}`);
    } else {
      toast('Reintento en curso; el estado se actualizará solo.');
      doc.reload();
    }
  });

  if (doc.error) return <ErrorState error={doc.error} onRetry={doc.reload} />;
  if (doc.loading && !doc.data) return <Loading />;
  const d = doc.data;
  if (!d)
    return (
      <EmptyState icon="documents" title="No se encontró el documento" action={<LinkButton href={href('/documentos')}>Volver a Documentos</LinkButton>}>
        No existe o pertenece a otro ambiente. Revise el ambiente seleccionado arriba.
      </EmptyState>
    );

  const writer = can(session, 'write');
  const type = DOCUMENT_TYPES[d.type];
  const w = d.invalidationWindow;
  const canInvalidate = writer && d.status === 'PROCESSED' && w?.open && d.void?.status !== 'pending';
  const pdfName = `${d.controlNumber ?? d.id}.pdf`;
  return (
    <div class="screen">
      <PageHeader
        back={{ to: '/documentos', label: 'Documentos' }}
        title={
          <span class="row">
            {type ? `${type.name} (${type.short})` : `Documento ${d.type}`} <StatusBadge status={d.status} />
          </span>
        }
        subtitle={
          <>
            {d.emitterName} · emitido el {formatDateTime(d.issuedAt)} <LiveIndicator />
          </>
        }
        actions={
          <>
            <LinkButton icon="download" href={`/v1/documents/${encodeURIComponent(d.id)}/pdf`} download={pdfName}>
              Descargar PDF
            </LinkButton>
            {TICKET_WIDTHS.map((mm) => (
              <LinkButton key={mm} icon="download" href={`/v1/documents/${encodeURIComponent(d.id)}/pdf?layout=ticket-${mm}`} download={pdfName} title={`Ticket para impresora térmica de ${mm} mm`}>
                Imprimir ticket ({mm} mm)
              </LinkButton>
            ))}
            <LinkButton icon="file" href={`/v1/documents/${encodeURIComponent(d.id)}/json`} download={`${d.controlNumber ?? d.id}.json`}>
              Descargar JSON
            </LinkButton>
            {writer && (d.status === 'PROCESSED' || d.status === 'VOIDED') ? (
              <Button icon="mail" onClick={() => setDialog('resend')}>
                Reenviar por correo
              </Button>
            ) : null}
            {writer && RETRYABLE.has(d.status) && !d.replacedByDocumentId ? (
              <Button icon="refresh" pending={retry.pending} onClick={() => void retry.run()}>
                Reintentar
              </Button>
            ) : null}
            {canInvalidate ? (
              <Button variant="danger" onClick={() => setDialog('invalidate')}>
                Invalidar
              </Button>
            ) : null}
          </>
        }
      />
      <ErrorAlert error={retry.error} title="No se pudo reintentar" />
      {d.status === 'REJECTED' ? (
        <Alert tone="danger" title="El MH rechazó este documento">
          Revise la respuesta del MH abajo. {d.replacedByDocumentId ? <a href={href(`/documentos/${d.replacedByDocumentId}`)}>Ver el documento que lo reemplaza.</a> : 'Puede reintentarlo tal cual o corregirlo por la API.'}
        </Alert>
      ) : null}
      {d.status === 'CONTINGENCY' ? (
        <Alert tone="warning" title="En contingencia">
          El MH no respondió. El documento es válido y se transmitirá en cuanto el MH vuelva a responder.
        </Alert>
      ) : null}
      {d.void ? (
        <Alert tone={d.void.status === 'rejected' ? 'danger' : d.void.status === 'pending' ? 'info' : 'success'} title={d.void.status === 'sealed' ? 'Documento invalidado' : d.void.status === 'pending' ? 'Invalidación en curso' : 'El MH rechazó la invalidación'}>
          {d.void.reason ? `Motivo: ${sentence(d.void.reason)} ` : ''}
          {d.void.receptionStamp ? `Sello de la invalidación: ${d.void.receptionStamp}.` : ''}
        </Alert>
      ) : null}
      <Card title="Detalle">
        <DocumentItems items={d.items} />
      </Card>
      <div class="grid-2">
        <div class="stack">
          <Card title="Códigos">
            <DetailList
              single
              items={[
                ['Número de control', <Code value={d.controlNumber} label="el número de control" />],
                ['Código de generación', <Code value={d.generationCode} label="el código de generación" />],
                ['Sello de recepción', <Code value={d.receptionStamp} label="el sello de recepción" />],
                ['Id en el servicio', <Code value={d.id} label="el id" />],
              ]}
            />
            <hr class="divider" />
            <DetailList
              items={[
                ['Ambiente', <Badge tone={d.environment === '00' ? 'warning' : 'success'}>{ENVIRONMENT_LABELS[d.environment] ?? d.environment}</Badge>],
                ['Establecimiento / punto de venta', `${d.establishment} · ${d.pointOfSale}`],
                ['Procesado por el MH', formatDateTime(d.processedAt)],
                ['Id externo', d.externalId ?? '—'],
              ]}
            />
            {d.publicUrl ? (
              <p class="muted mt">
                <a href={d.publicUrl} target="_blank" rel="noopener noreferrer">
                  Consulta pública en el portal del MH
                </a>
              </p>
            ) : null}
          </Card>
          <Card title="Receptor">
            {d.receiver?.name ? (
              <DetailList
                items={[
                  ['Nombre', d.receiver.name],
                  ['Documento', d.receiver.documentNumber ?? '—'],
                  ['NRC', d.receiver.nrc ?? '—'],
                  ['Correo', d.receiver.email ?? '—'],
                ]}
              />
            ) : (
              <p class="muted">Consumidor final, sin identificar.</p>
            )}
          </Card>
          <Card title="Totales">
            <dl class="totals">
              <dt>Subtotal</dt>
              <dd>{formatMoney(d.totals.subtotal)}</dd>
              <dt>IVA</dt>
              <dd>{formatMoney(d.totals.iva)}</dd>
              <dt class="grand">Total a pagar</dt>
              <dd class="grand">{formatMoney(d.totals.total)}</dd>
            </dl>
            <p class="in-words">{d.totals.totalInWords}</p>
          </Card>
          <Card title="Condiciones de pago">
            <DocumentPaymentTerms payment={d.payment} />
          </Card>
        </div>
        <div class="stack">
          {writer ? <CorrectionsCard doc={d} returns={returns.data ?? []} onReturn={() => setDialog('return')} /> : null}
          <Card title="Respuesta del MH">
            <MhAnswer doc={d} />
          </Card>
          {d.warnings.length ? (
            <Card title="Advertencias">
              <ul class="obs-list">
                {d.warnings.map((w, i) => (
                  <li key={i}>
                    {w.message} <code class="muted">{w.code}</code>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
          {d.status === 'PROCESSED' && w ? (
            <Card title="Invalidación">
              <p>
                {w.open ? (
                  <>
                    Puede invalidarse hasta el <strong>{formatDate(`${w.lastDay}T12:00:00-06:00`)}</strong> a las 23:59 (hora de El Salvador).
                  </>
                ) : (
                  <>
                    El plazo para invalidarlo venció el {formatDate(`${w.lastDay}T12:00:00-06:00`)}.{d.type === '03' ? ' Ajústelo con una nota de crédito o de débito.' : ''}
                  </>
                )}
              </p>
            </Card>
          ) : null}
          <ReturnsCard
            returns={returns.data ?? []}
            items={d.items}
            actions={(r) =>
              writer && r.status === 'SEALED' && r.void?.status !== 'pending' ? (
                <Button variant="danger" onClick={() => setVoiding({ kind: 'return', documentId: d.id, event: r })}>
                  Anular devolución
                </Button>
              ) : null
            }
          />
          <Card title="Historial">
            <Timeline events={d.events} />
          </Card>
          {d.relatedDocuments.length || d.replacesDocumentId ? (
            <Card title="Documentos relacionados">
              <ul class="obs-list">
                {d.replacesDocumentId ? (
                  <li>
                    Reemplaza a <a href={href(`/documentos/${d.replacesDocumentId}`)}>{d.replacesDocumentId}</a>
                  </li>
                ) : null}
                {d.relatedDocuments.map((r) => (
                  <li key={r.generationCode}>
                    {DOCUMENT_TYPES[r.type]?.short ?? r.type} {r.id ? <a href={href(`/documentos/${r.id}`)}>{r.generationCode}</a> : <code>{r.generationCode}</code>}
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </div>
      </div>
      <ResendDialog doc={d} open={dialog === 'resend'} onClose={() => setDialog(null)} />
      <ReturnDialog doc={d} returns={returns.data ?? []} open={dialog === 'return'} onClose={() => setDialog(null)} onDone={(r) => returns.setData((list) => [r, ...(list ?? []).filter((x) => x.id !== r.id)])} />
      <InvalidateDialog doc={d} open={dialog === 'invalidate'} onClose={() => setDialog(null)} onDone={doc.reload} />
      <InvalidateEventDialog
        target={voiding}
        onClose={() => setVoiding(null)}
        onDone={(r) => returns.setData((list) => (list ?? []).map((x) => (x.id === r.id ? (r as DocumentReturn) : x)))}
      />
    </div>
  );
}
