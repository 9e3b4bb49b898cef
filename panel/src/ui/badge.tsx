import type { ComponentChildren } from 'preact';
import { STATUS_LABELS, STATUS_TONES, type Tone } from '../lib/format';

export function Badge({ tone = 'neutral', children, title, status }: { tone?: Tone; children: ComponentChildren; title?: string; status?: string }) {
  return (
    <span class={`badge badge-${tone}`} title={title} data-status={status}>
      {children}
    </span>
  );
}

/** A document's status in Spanish («Procesado», «Rechazado», …). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={STATUS_TONES[status] ?? 'neutral'} status={status}>
      <span class="badge-dot" aria-hidden="true" />
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
