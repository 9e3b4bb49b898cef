import type { ComponentChildren } from 'preact';
import type { ApiError } from '../lib/http';
import { useCurrentFormScope } from './form';
import { Button } from './button';
import { Icon, type IconName } from './icons';

export function Loading({ label = 'Cargando…' }: { label?: string }) {
  return (
    <div class="state state-loading" role="status" aria-live="polite">
      <span class="spinner spinner-lg" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** Placeholder rows while a table loads, so the layout does not jump. */
export function SkeletonRows({ rows = 6 }: { rows?: number }) {
  return (
    <div class="skeleton" role="status" aria-label="Cargando…">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} class="skeleton-row" />
      ))}
    </div>
  );
}

export function EmptyState({ icon = 'info', title, children, action }: { icon?: IconName; title: string; children?: ComponentChildren; action?: ComponentChildren }) {
  return (
    <div class="state state-empty">
      <div class="state-icon">
        <Icon name={icon} size={28} />
      </div>
      <h3>{title}</h3>
      {children ? <p>{children}</p> : null}
      {action ? <div class="state-action">{action}</div> : null}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: ApiError; onRetry?: () => void }) {
  return (
    <div class="state state-error" role="alert">
      <div class="state-icon">
        <Icon name="alert" size={28} />
      </div>
      <h3>No se pudo cargar la información</h3>
      <p>{error.message}</p>
      {onRetry ? (
        <div class="state-action">
          <Button icon="refresh" onClick={onRetry}>
            Reintentar
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A message block inside a form or a card. */
export function Alert({ tone = 'danger', title, children }: { tone?: 'danger' | 'warning' | 'info' | 'success'; title?: string; children?: ComponentChildren }) {
  const icon: IconName = tone === 'success' ? 'check' : tone === 'info' ? 'info' : 'alert';
  return (
    <div class={`alert alert-${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <Icon name={icon} />
      <div>
        {title ? <strong>{title}</strong> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}

/**
 * An action's refusal, in the service's words. Inside a form (FormScope) it is the form's summary: only
 * what no field on screen shows (ADR 0042). Never the service's internal field names.
 */
export function ErrorAlert({ error, title }: { error: ApiError | null; title?: string }) {
  const scope = useCurrentFormScope();
  if (!error) return null;
  let general: string | null;
  let rest: string[];
  if (scope) {
    general = scope.generalMessage();
    rest = scope.unclaimed().map((f) => f.message);
  } else {
    general = error.message;
    rest = [...new Set(error.fieldErrors.map((f) => f.message).filter((m) => m && m !== error.message))];
    if (rest.length && error.fieldErrors.length && error.message === error.fieldErrors.map((f) => f.message).join(' ')) general = null;
  }
  if (!general && !rest.length) return null;
  return (
    <Alert tone="danger" title={title}>
      {general ? <p>{general}</p> : null}
      {rest.length ? (
        <ul class="field-errors">
          {rest.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
