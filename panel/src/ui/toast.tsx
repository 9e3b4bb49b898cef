import { createStore, useStore } from '../lib/store';
import { Icon } from './icons';

interface Toast {
  id: number;
  tone: 'success' | 'danger' | 'info';
  message: string;
}

const toasts = createStore<Toast[]>([]);
let next = 1;

/** A short confirmation at the corner of the screen («Llave revocada»), read out by screen readers. */
export function toast(message: string, tone: Toast['tone'] = 'success'): void {
  const id = next++;
  toasts.set([...toasts.get(), { id, tone, message }]);
  window.setTimeout(() => toasts.set(toasts.get().filter((t) => t.id !== id)), 5000);
}

export function ToastRegion() {
  const list = useStore(toasts);
  return (
    <div class="toasts" role="status" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} class={`toast toast-${t.tone}`}>
          <Icon name={t.tone === 'success' ? 'check' : t.tone === 'danger' ? 'alert' : 'info'} />
          <span>{t.message}</span>
        </div>
      ))}
    </div>
  );
}
