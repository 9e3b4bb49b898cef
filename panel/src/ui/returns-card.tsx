import type { DocumentReturn } from '../api/dte-events.api';
import { formatDate, formatDecimal, formatMoney } from '../lib/format';
import { Badge } from './badge';
import { Card } from './page';
import type { ComponentChildren } from 'preact';

export const EVENT_STATUS: Record<string, { label: string; tone: 'success' | 'danger' | 'info' | 'neutral' }> = {
  PENDING: { label: 'Enviando', tone: 'info' },
  SEALED: { label: 'Sellado', tone: 'success' },
  REJECTED: { label: 'Rechazado', tone: 'danger' },
  VOIDED: { label: 'Anulado', tone: 'neutral' },
};

export function EventStatus({ status }: { status: string }) {
  const s = EVENT_STATUS[status] ?? { label: status, tone: 'neutral' as const };
  return (
<Badge tone={s.tone}>{s.label}</Badge>
  );
}

/** The document's returns, newest first, each with its lines, MH's answer and its own actions. */
export function ReturnsCard({ returns, items, actions }: { returns: DocumentReturn[]; items: { number: number; description: string | null }[]; actions?: (r: DocumentReturn) => ComponentChildren }) {
  if (!returns.length) return null;
  const name = (n: number) => items.find((i) => i.number === n)?.description ?? `Línea ${n}`;
  return (
    <Card title="Devoluciones">
      <ul class="event-list">
        {returns.map((r) => (
          <li key={r.id} data-return-id={r.id}>
            <div class="event-head">
              <span class="strong">Devolución del {formatDate(`${r.eventDate}T12:00:00-06:00`)}</span>
              <EventStatus status={r.status} />
              <span class="amount">{formatMoney(r.totals.total)}</span>
            </div>
            <p class="muted">{r.lines.map((l) => `${formatDecimal(l.quantity)} × ${name(l.numItem)}`).join(' · ')}</p>
            {r.receptionStamp ? <p class="muted small">Sello: <code>{r.receptionStamp}</code></p> : null}
            {r.status === 'REJECTED' && r.mhResponse?.message ? <p class="verbatim">{r.mhResponse.message}</p> : null}
            {actions ? <div class="row">{actions(r)}</div> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
