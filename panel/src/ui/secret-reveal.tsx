import { CopyButton } from './copy-button';
import { Alert } from './states';

/**
 * A secret shown exactly once (a new API key, a webhook signing secret), with its copy button. The
 * title agrees with what is copied: «la llave» → «Cópiela ahora», «el secreto» → «Cópielo ahora».
 */
export function SecretReveal({ value, label, note }: { value: string; label: string; note: string }) {
  return (
    <div class="stack">
      <Alert tone="warning" title={/^(la|una) /i.test(label) ? 'Cópiela ahora' : 'Cópielo ahora'}>
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
