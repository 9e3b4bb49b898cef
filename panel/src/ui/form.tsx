/**
 * The panel's forms and their errors, one rule for every form (ADR 0042):
 *
 * - each error the service (or the form's own check) gives for a field is shown next to that field, in
 *   the service's Spanish, once the field has been left or the form sent;
 * - it disappears as soon as the field is edited, until an answer names it again;
 * - the summary (`ErrorAlert` inside the form) lists only the errors of no field on screen, by their
 *   message, never by the service's internal path (`economicActivity`, `address.department`);
 * - after a refused send, the first field in error takes the focus.
 *
 * A form wraps its fields in `<FormScope scope={useFormScope(action.error)}>`; a field names the path
 * of its value (`name="address.department"`, `name="items[0].unitPrice"`) and needs nothing else.
 */
import { createContext, type ComponentChildren, type PartialInputHTMLAttributes } from 'preact';
import { useContext, useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import { normalizePath } from '../lib/form-values';
import type { ApiError, FieldError } from '../lib/http';

export { normalizeAmount, normalizePath, normalizeTaxId } from '../lib/form-values';

/** The message the service gave for one field, outside any form scope (paths like "receiver.email" or "items[0].unitPrice"). */
export function fieldError(error: ApiError | null, ...paths: string[]): string | undefined {
  if (!error) return undefined;
  const wanted = paths.map(normalizePath);
  return error.fieldErrors.find((f) => f.path && wanted.includes(normalizePath(f.path)))?.message;
}

/** A field named `path` shows the errors of its value and of its parts (`to` shows `to[1]`). */
function covers(path: string, errorPath: string): boolean {
  return errorPath === path || errorPath.startsWith(`${path}[`) || errorPath.startsWith(`${path}.`);
}

interface ScopeState {
  /** The errors being shown (server and form checks), by normalized path. */
  errors: FieldError[];
  /** Bumped whenever a new answer arrives. */
  generation: number;
  submitted: boolean;
  touched: Set<string>;
  /** Paths edited since the last answer: their errors wait for the next one. */
  edited: Set<string>;
  /** Paths with a field on screen (how many fields name each). */
  claimed: Map<string, number>;
  /** A send is waiting for its answer's first field in error to take the focus (the generation it was sent at). */
  focusFrom: number | null;
  sends: number;
  /** The answer at hand when the form started afresh (a dialog opened again): not shown. */
  dismissed: ApiError | null;
  /** The latest answer and whether the form has checks of its own (read by the controller's methods). */
  error: ApiError | null;
  hasChecks: boolean;
}

export interface FormScopeController {
  readonly state: ScopeState;
  /** The person pressed the form's button: every error is shown from now on. */
  submit(): void;
  /** The visible error of a field, if any. */
  errorOf(path: string): string | undefined;
  /** Errors no field on screen shows (the summary's), unique by message. */
  unclaimed(): FieldError[];
  /** The answer's message when it names no field at all. */
  generalMessage(): string | null;
  /** A fresh start (a dialog opened again): nothing touched, nothing sent. */
  reset(): void;
  claim(path: string): () => void;
  left(path: string): void;
  edited(path: string): void;
  rerender(): void;
}

/**
 * The error state of one form. `error` is the last refusal of the service (a send or a dry run);
 * `checks` are the form's own findings (a required field left empty), shown by the same rule;
 * `aliases` maps a path prefix of the answer onto the field that stands for it on screen
 * (`{ 'requester.': 'responsible.' }` when one person is both).
 */
export function useFormScope(error: ApiError | null, opts: { checks?: FieldError[]; aliases?: Record<string, string> } = {}): FormScopeController {
  const [, setTick] = useState(0);
  const ref = useRef<ScopeState>({ errors: [], generation: 0, submitted: false, touched: new Set(), edited: new Set(), claimed: new Map(), focusFrom: null, sends: 0, dismissed: null, error: null, hasChecks: false });
  const s = ref.current;
  const aliases = opts.aliases ?? {};
  const aliasKey = JSON.stringify(aliases);
  const checksKey = JSON.stringify(opts.checks ?? []);
  const errors = useMemo(() => {
    const seen = new Set<string>();
    const out: FieldError[] = [];
    for (const f of [...(error?.fieldErrors ?? []), ...(opts.checks ?? [])]) {
      let path = f.path ? normalizePath(f.path) : null;
      if (path) for (const [from, to] of Object.entries(aliases)) if (path.startsWith(normalizePath(from))) path = normalizePath(to) + path.slice(normalizePath(from).length);
      const key = `${path}|${f.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ ...f, path });
    }
    return out;
  }, [error, checksKey, aliasKey]);
  s.error = error;
  s.hasChecks = (opts.checks ?? []).length > 0;
  if (errors !== s.errors) {
    // A new answer (or new checks): the fields edited meanwhile are judged by it again.
    s.errors = errors;
    s.generation++;
    s.edited = new Set();
  }
  // One controller for the form's whole life: the fields' effects and the context depend on it, so a
  // new one per render would claim, release and draw again for ever. Its methods read the state above.
  return useMemo<FormScopeController>(() => {
    const rerender = () => setTick((t) => t + 1);
    const shown = () => (s.error !== null && s.error === s.dismissed ? null : s.error);
    return {
      state: s,
      submit: () => {
        s.submitted = true;
        s.edited = new Set();
        s.focusFrom = s.generation;
        s.sends++;
        rerender();
      },
      errorOf: (path) => {
        const p = normalizePath(path);
        if (s.edited.has(p)) return undefined;
        if (s.error !== null && s.error === s.dismissed && !s.hasChecks) return undefined;
        if (!s.submitted && !s.touched.has(p)) return undefined;
        return s.errors.find((f) => f.path !== null && covers(p, f.path))?.message;
      },
      unclaimed: () => {
        const answer = shown();
        if (!answer) return [];
        const messages = new Set<string>();
        return s.errors.filter((f) => {
          if (f.path && [...s.claimed.keys()].some((c) => covers(c, f.path!))) return false;
          // A form check names a field on screen; one that is not there does not need a summary.
          if (!answer.fieldErrors.some((e) => e.message === f.message)) return false;
          if (messages.has(f.message)) return false;
          messages.add(f.message);
          return true;
        });
      },
      generalMessage: () => {
        const answer = shown();
        return answer && answer.fieldErrors.length === 0 ? answer.message : null;
      },
      reset: () => {
        s.dismissed = s.error;
        s.submitted = false;
        s.touched = new Set();
        s.edited = new Set();
        s.focusFrom = null;
        rerender();
      },
      claim: (path) => {
        const p = normalizePath(path);
        s.claimed.set(p, (s.claimed.get(p) ?? 0) + 1);
        return () => {
          const n = (s.claimed.get(p) ?? 1) - 1;
          if (n <= 0) s.claimed.delete(p);
          else s.claimed.set(p, n);
        };
      },
      left: (path) => {
        const p = normalizePath(path);
        if (s.touched.has(p)) return;
        s.touched.add(p);
        rerender();
      },
      edited: (path) => {
        const p = normalizePath(path);
        if (s.edited.has(p)) return;
        s.edited.add(p);
        rerender();
      },
      rerender,
    };
  }, []);
}

const ScopeContext = createContext<FormScopeController | null>(null);

/** The form scope of the fields inside (see the file's comment); moves the focus to the first field in error after a refused send. */
export function FormScope({ scope, children }: { scope: FormScopeController; children: ComponentChildren }) {
  const box = useRef<HTMLDivElement>(null);
  const { generation, sends } = scope.state;
  useEffect(() => {
    // Fields claim their paths as they mount: the summary is drawn again once they all have.
    scope.rerender();
  }, []);
  useEffect(() => {
    // After a send: the first field in error takes the focus, from the errors at hand or the answer's.
    const s = scope.state;
    if (s.focusFrom === null) return;
    const first = box.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) first.focus();
    if (first || s.generation > s.focusFrom) s.focusFrom = null;
  }, [generation, sends]);
  return (
    <ScopeContext.Provider value={scope}>
      <div class="form-scope" ref={box}>
        {children}
      </div>
    </ScopeContext.Provider>
  );
}

/** The scope around a component, if any (ErrorAlert reads it to leave out what fields already show). */
export function useCurrentFormScope(): FormScopeController | null {
  return useContext(ScopeContext);
}

/** A field of the scope: its visible error and the handlers that report leaving and editing it. */
export function useScopedField(name: string | undefined, explicit: string | undefined) {
  const scope = useContext(ScopeContext);
  useEffect(() => {
    if (!scope || !name) return undefined;
    const release = scope.claim(name);
    // The summary no longer lists what this field now shows (and lists it again once it is gone).
    const named = () => scope.state.errors.some((f) => f.path !== null && covers(normalizePath(name), f.path));
    if (named()) scope.rerender();
    return () => {
      release();
      if (named()) scope.rerender();
    };
  }, [scope, name]);
  return {
    error: explicit ?? (scope && name ? scope.errorOf(name) : undefined),
    onLeave: () => {
      if (scope && name) scope.left(name);
    },
    onEdit: () => {
      if (scope && name) scope.edited(name);
    },
  };
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

type InputProps = Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'onInput' | 'value' | 'label' | 'role' | 'type' | 'name'> & { type?: string } & { value: string; onValue: (v: string) => void };

/** What a field takes on top of its own props: the path its value goes to, and how to tidy what was typed when it is left. */
interface ScopedProps {
  /** Path of the value in the request (`nit`, `address.line`, `items[0].quantity`): its errors show here. */
  name?: string;
  /** Applied to the value when the field is left (normalizeAmount, normalizeTaxId). */
  tidy?: (v: string) => string;
}

export function TextField({ label, hint, error, value, onValue, class: className, name, tidy, onBlur, ...rest }: { label: string; hint?: ComponentChildren; error?: string } & InputProps & ScopedProps) {
  const f = useScopedField(name, error);
  return (
    <Field label={label} hint={hint} error={f.error} class={className as string | undefined}>
      {(id, describedBy) => (
        <input
          {...(rest as Record<string, unknown>)}
          id={id}
          value={value}
          aria-invalid={f.error ? 'true' : undefined}
          aria-describedby={describedBy}
          onInput={(e) => {
            f.onEdit();
            onValue((e.currentTarget as HTMLInputElement).value);
          }}
          onBlur={(e) => {
            if (tidy) {
              const tidied = tidy(value);
              if (tidied !== value) onValue(tidied);
            }
            f.onLeave();
            (onBlur as ((ev: FocusEvent) => void) | undefined)?.(e as unknown as FocusEvent);
          }}
        />
      )}
    </Field>
  );
}

export function SelectField({ label, hint, error, value, onValue, options, class: className, disabled, name }: { label: string; hint?: ComponentChildren; error?: string; value: string; onValue: (v: string) => void; options: { value: string; label: string }[]; class?: string; disabled?: boolean } & Pick<ScopedProps, 'name'>) {
  const f = useScopedField(name, error);
  return (
    <Field label={label} hint={hint} error={f.error} class={className}>
      {(id, describedBy) => (
        <select
          id={id}
          value={value}
          disabled={disabled}
          aria-invalid={f.error ? 'true' : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            f.onEdit();
            onValue((e.currentTarget as HTMLSelectElement).value);
          }}
          onBlur={f.onLeave}
        >
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

export function TextAreaField({ label, hint, error, value, onValue, rows = 3, class: className, name }: { label: string; hint?: ComponentChildren; error?: string; value: string; onValue: (v: string) => void; rows?: number; class?: string } & Pick<ScopedProps, 'name'>) {
  const f = useScopedField(name, error);
  return (
    <Field label={label} hint={hint} error={f.error} class={className}>
      {(id, describedBy) => (
        <textarea
          id={id}
          rows={rows}
          value={value}
          aria-invalid={f.error ? 'true' : undefined}
          aria-describedby={describedBy}
          onInput={(e) => {
            f.onEdit();
            onValue((e.currentTarget as HTMLTextAreaElement).value);
          }}
          onBlur={f.onLeave}
        />
      )}
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

/** A file picker of the scope (`name` as for the other fields): its error under it, cleared when another file is chosen. */
export function FileField({ label, hint, accept, onFile, name }: { label: string; hint?: ComponentChildren; accept?: string; onFile: (f: File | null) => void; name: string }) {
  const f = useScopedField(name, undefined);
  return (
    <Field label={label} hint={hint} error={f.error}>
      {(id, describedBy) => (
        <div class="file-drop">
          <input
            id={id}
            type="file"
            accept={accept}
            aria-describedby={describedBy}
            aria-invalid={f.error ? 'true' : undefined}
            onChange={(e) => {
              f.onEdit();
              onFile((e.currentTarget as HTMLInputElement).files?.[0] ?? null);
            }}
            onBlur={f.onLeave}
          />
        </div>
      )}
    </Field>
  );
}

/** The error of a group of controls (a fieldset of checkboxes) that has no single field: shown where it is placed, by the same rule. */
export function GroupError({ name }: { name: string }) {
  const f = useScopedField(name, undefined);
  return f.error ? <p class="field-error">{f.error}</p> : null;
}
