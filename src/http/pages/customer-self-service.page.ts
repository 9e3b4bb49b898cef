import { SELF_SERVICE_FIELDS } from '../../domain/directory/customer-self-service-form';
import type { FieldError } from '../../domain/shared/domain-error';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
label{display:block;font-weight:600;margin-top:1rem}input,select{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box;border:1px solid #9aa5b1;border-radius:4px}
.hint{color:#52606d;font-size:.875rem;margin:.25rem 0 0}.error{color:#b42318;font-size:.875rem;margin:.25rem 0 0}[aria-invalid=true]{border-color:#b42318}
.summary{background:#fef3f2;border:1px solid #b42318;padding:.75rem;border-radius:4px}button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** The form, filled with `values`; each field's error (Spanish) right under it. */
export function customerSelfServiceFormPage(opts: { emitterName: string; values: Record<string, string>; errors?: FieldError[]; action: string }): string {
  const errors = opts.errors ?? [];
  const byField = new Map<string, string[]>();
  for (const e of errors) byField.set(e.path ?? '', [...(byField.get(e.path ?? '') ?? []), e.message]);
  const known = new Set(SELF_SERVICE_FIELDS.map((f) => f.name));
  const general = errors.filter((e) => !known.has(e.path ?? ''));
  const fields = SELF_SERVICE_FIELDS.map((f) => {
    const id = `f-${f.name}`;
    const value = opts.values[f.name] ?? '';
    const msgs = byField.get(f.name) ?? [];
    const invalid = msgs.length ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
    const control = f.kind === 'select'
      ? `<select id="${id}" name="${f.name}"${invalid}>${(f.options ?? []).map(([v, l]) => `<option value="${escape(v)}"${v === value ? ' selected' : ''}>${escape(l)}</option>`).join('')}</select>`
      : `<input id="${id}" name="${f.name}" type="${f.kind ?? 'text'}" value="${escape(value)}"${invalid}>`;
    return `<label for="${id}">${escape(f.label)}</label>${control}${f.hint ? `<p class="hint">${escape(f.hint)}</p>` : ''}${msgs.map((m) => `<p class="error" id="${id}-error" role="alert">${escape(m)}</p>`).join('')}`;
  }).join('\n');
  const summary = errors.length
    ? `<div class="summary" role="alert"><p>Revise los campos marcados: no se guardó nada.</p>${general.map((e) => `<p class="error">${escape(e.path ? `${e.path}: ` : '')}${escape(e.message)}</p>`).join('')}</div>`
    : '';
  return page('Sus datos fiscales', `<h1>Sus datos fiscales</h1>
<p><strong>${escape(opts.emitterName)}</strong> le pide sus datos para emitirle documentos tributarios electrónicos. Revise o complete los campos y pulse «Guardar mis datos». El enlace sirve una sola vez.</p>
${summary}<form method="post" action="${escape(opts.action)}" novalidate>${fields}
<button type="submit">Guardar mis datos</button></form>`);
}

export function customerSelfServiceDonePage(emitterName: string): string {
  return page('Datos guardados', `<h1>Datos guardados</h1><p>Gracias: sus datos fiscales quedaron registrados con <strong>${escape(emitterName)}</strong>. Ya puede cerrar esta página.</p>`);
}

/** A link already used or expired (the service's Spanish message says which). */
export function customerSelfServiceRefusedPage(title: string, message: string): string {
  return page(title, `<h1>${escape(title)}</h1><p>${escape(message)}</p>`);
}
