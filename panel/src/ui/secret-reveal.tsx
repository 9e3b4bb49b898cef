import { CopyButton } from './copy-button';
import { Alert } from './states';

/** A secret shown exactly once (a new API key, a webhook signing secret), with its copy button. */
export function SecretReveal({ value, label, note }: { value: string; label: string; note: string }) {
  return (
    <div class="stack">
      <Alert tone="warning" title="Cópielo ahora">
        {note}
      </Alert>
      <div class="secret-box">
        <code data-copy-source={value} aria-label={label}>
          {value}
        </code>
        <CopyButton value={value} label={label} />
      </div>
    </div>
  );
}
