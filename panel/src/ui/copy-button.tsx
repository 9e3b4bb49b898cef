import { useState } from 'preact/hooks';
import { Icon } from './icons';

/** Copies a code (generation code, control number, seal) to the clipboard and says so. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Without clipboard permission (http on a LAN address): select the text instead.
      const range = document.createRange();
      const el = document.querySelector(`[data-copy-source="${CSS.escape(value)}"]`);
      if (el) {
        range.selectNodeContents(el);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
      }
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 1500);
  };
  return (
    <button type="button" class="copy-btn" onClick={copy} aria-label={`Copiar ${label}`} title={`Copiar ${label}`}>
      <Icon name={copied ? 'check' : 'copy'} size={15} />
      <span class="sr-only" aria-live="polite">
        {copied ? 'Copiado' : ''}
      </span>
    </button>
  );
}

/** A code shown in full with its copy button. */
export function Code({ value, label }: { value: string | null | undefined; label: string }) {
  if (!value) return <span class="muted">—</span>;
  return (
    <span class="code-with-copy">
      <code data-copy-source={value}>{value}</code>
      <CopyButton value={value} label={label} />
    </span>
  );
}
