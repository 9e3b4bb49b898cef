import type { ButtonHTMLAttributes, ComponentChildren, PartialAnchorHTMLAttributes } from 'preact';
import { Icon, type IconName } from './icons';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'icon' | 'size' | 'type'> {
  variant?: Variant;
  pending?: boolean;
  icon?: IconName;
  size?: 'sm' | 'md';
  type?: 'button' | 'submit';
  disabled?: boolean;
  children?: ComponentChildren;
}

/** A button that shows its action is running and cannot be pressed again meanwhile. */
export function Button({ variant = 'secondary', pending = false, icon, size = 'md', type = 'button', disabled, children, class: className, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      class={`btn btn-${variant}${size === 'sm' ? ' btn-sm' : ''}${className ? ` ${String(className)}` : ''}`}
      disabled={disabled || pending}
      aria-busy={pending ? 'true' : undefined}
    >
      {pending ? <span class="spinner" aria-hidden="true" /> : icon ? <Icon name={icon} size={size === 'sm' ? 15 : 17} /> : null}
      {children}
    </button>
  );
}

/** A link styled as a button (downloads, navigation). */
export function LinkButton({ variant = 'secondary', icon, size = 'md', children, class: className, ...rest }: Omit<PartialAnchorHTMLAttributes<HTMLAnchorElement>, 'size' | 'role'> & { variant?: Variant; icon?: IconName; size?: 'sm' | 'md'; href: string }) {
  return (
    <a {...(rest as Record<string, unknown>)} href={rest.href} class={`btn btn-${variant}${size === 'sm' ? ' btn-sm' : ''}${className ? ` ${String(className)}` : ''}`}>
      {icon ? <Icon name={icon} size={size === 'sm' ? 15 : 17} /> : null}
      {children}
    </a>
  );
}
