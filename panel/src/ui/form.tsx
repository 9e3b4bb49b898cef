import type { ComponentChildren, PartialInputHTMLAttributes } from 'preact';
import { useId } from 'preact/hooks';
import type { ApiError } from '../lib/http';

/** The message the service gave for one field (paths like "receiver.email" or "items[0].unitPrice"). */
export function fieldError(error: ApiError | null, ...paths: string[]): string | undefined {
  if (!error) return undefined;
  const norm = (p: string) => p.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()).toLowerCase();
  const wanted = paths.map(norm);
  return error.fieldErrors.find((f) => f.path && wanted.includes(norm(f.path)))?.message;
}

interface FieldProps {
  label: string;
  hint?: ComponentChildren;
  error?: string;
  children: (id: string, describedBy: string | undefined) => ComponentChildren;
  class?: string;
}

/** A labelled control with its hint and its error (the label is the control's accessible name). */
export function Field({ label, hint, error, children, class: className }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label for={id}>{label}</label>
      {children(id, describedBy)}
      {hint ? (
        <p class="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'onInput' | 'value' | 'label' | 'role' | 'type'> & { type?: string } & { value: string; onValue: (v: string) => void };

export function TextField({ label, hint, error, value, onValue, class: className, ...rest }: { label: string; hint?: ComponentChildren; error?: string } & InputProps) {
  return (
    <Field label={label} hint={hint} error={error} class={className as string | undefined}>
      {(id, describedBy) => (
        <input
          {...(rest as Record<string, unknown>)}
          id={id}
          value={value}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy}
          onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)}
        />
      )}
    </Field>
  );
}

export function SelectField({ label, hint, error, value, onValue, options, class: className, disabled }: { label: string; hint?: ComponentChildren; error?: string; value: string; onValue: (v: string) => void; options: { value: string; label: string }[]; class?: string; disabled?: boolean }) {
  return (
    <Field label={label} hint={hint} error={error} class={className}>
      {(id, describedBy) => (
        <select id={id} value={value} disabled={disabled} aria-invalid={error ? 'true' : undefined} aria-describedby={describedBy} onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function TextAreaField({ label, hint, error, value, onValue, rows = 3, class: className }: { label: string; hint?: ComponentChildren; error?: string; value: string; onValue: (v: string) => void; rows?: number; class?: string }) {
  return (
    <Field label={label} hint={hint} error={error} class={className}>
      {(id, describedBy) => <textarea id={id} rows={rows} value={value} aria-invalid={error ? 'true' : undefined} aria-describedby={describedBy} onInput={(e) => onValue((e.currentTarget as HTMLTextAreaElement).value)} />}
    </Field>
  );
}

export function Checkbox({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  return (
    <label class="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)} />
      <span>
        {label}
        {hint ? <small class="muted"> {hint}</small> : null}
      </span>
    </label>
  );
}
