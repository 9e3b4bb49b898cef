import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Button } from './button';
import { FormScope, type FormScopeController } from './form';
import { Icon, type IconName } from './icons';

/** The dialog's main action; «Cancelar» beside it closes the dialog. */
export interface DialogConfirm {
  label: string;
  onClick: () => void;
  pending?: boolean;
  disabled?: boolean;
  variant?: 'primary' | 'danger';
  icon?: IconName;
}

/**
 * A modal dialog on the native <dialog> element (focus kept inside, Esc closes). With `form`, the
 * dialog is a form of the panel's one rule (form.tsx): its body is the form's scope, the confirm
 * button sends it, and it starts afresh each time it opens.
 */
export function Dialog({ open, title, onClose, children, footer, confirm, size = 'md', form }: { open: boolean; title: string; onClose: () => void; children: ComponentChildren; footer?: ComponentChildren; confirm?: DialogConfirm; size?: 'md' | 'lg'; form?: FormScopeController }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      form?.reset();
      el.showModal();
    }
    if (!open && el.open) el.close();
  }, [open]);
  const body = form ? <FormScope scope={form}>{children}</FormScope> : children;
  const confirmClick = () => {
    form?.submit();
    confirm!.onClick();
  };
  return (
    <dialog
      ref={ref}
      class={`dialog dialog-${size}`}
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <div class="dialog-inner">
          <div class="dialog-header">
            <h2>{title}</h2>
            <button type="button" class="icon-btn" onClick={onClose} aria-label="Cerrar">
              <Icon name="close" />
            </button>
          </div>
          <div class="dialog-body">{body}</div>
          {footer || confirm ? (
            <div class="dialog-footer">
              {footer ?? (
                <>
                  <Button onClick={onClose}>Cancelar</Button>
                  <Button variant={confirm!.variant ?? 'primary'} icon={confirm!.icon} pending={confirm!.pending} disabled={confirm!.disabled} onClick={confirmClick}>
                    {confirm!.label}
                  </Button>
                </>
              )}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
