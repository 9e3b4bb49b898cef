import type { ComponentChildren } from 'preact';
import { href } from '../lib/router';
import { Icon } from './icons';

export function PageHeader({ title, subtitle, actions, back }: { title: ComponentChildren; subtitle?: ComponentChildren; actions?: ComponentChildren; back?: { to: string; label: string } }) {
  return (
    <header class="page-header">
      <div class="page-heading">
        {back ? (
          <a class="back-link" href={href(back.to)}>
            <Icon name="arrowLeft" size={15} />
            {back.label}
          </a>
        ) : null}
        <h1>{title}</h1>
        {subtitle ? <p class="page-subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div class="page-actions">{actions}</div> : null}
    </header>
  );
}

export function Card({ title, actions, children, class: className, id }: { title?: ComponentChildren; actions?: ComponentChildren; children: ComponentChildren; class?: string; id?: string }) {
  return (
    <section class={`card${className ? ` ${className}` : ''}`} id={id} aria-label={typeof title === 'string' ? title : undefined}>
      {title || actions ? (
        <div class="card-header">
          {title ? <h2>{title}</h2> : <span />}
          {actions ? <div class="card-actions">{actions}</div> : null}
        </div>
      ) : null}
      <div class="card-body">{children}</div>
    </section>
  );
}

/** Label / value pairs (a document's codes, an emitter's data). */
export function DetailList({ items, single }: { items: [ComponentChildren, ComponentChildren][]; single?: boolean }) {
  return (
    <dl class={`detail-list${single ? ' single' : ''}`}>
      {items.map(([k, v], i) => (
        <div key={i} class="detail-item">
          <dt>{k}</dt>
          <dd>{v ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
