/** Server-rendered, read-only pages of an embed session (Spanish, no scripts, no external assets). */
import type { EmbedReportView } from '../../services/fiscal/embed-session.services';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1a1a1a}h1{font-size:1.3rem;margin:0 0 .25rem}
.meta{color:#555;margin:0 0 1rem}table{border-collapse:collapse;font-size:.8rem}th,td{border:1px solid #ccc;padding:.2rem .4rem;white-space:nowrap}
th{background:#eee;text-align:left}td.num{text-align:right}.scroll{overflow:auto;max-height:60vh;margin-bottom:1rem}
.downloads a{display:inline-block;margin-right:.5rem;padding:.4rem .8rem;background:#0b5cad;color:#fff;text-decoration:none;border-radius:4px}
.warn{color:#8a5300}dl.totals{display:grid;grid-template-columns:max-content max-content;gap:.2rem 1rem}dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}`;

export function fiscalEmbedPage(p: EmbedReportView): string {
  const labelOf = (k: string) => p.columns.find((c) => c.key === k)?.label ?? k.replace(/_/g, ' ');
  const head = p.columns.map((c) => `<th>${escape(c.label)}</th>`).join('');
  const body = p.rows
    .map((r) => `<tr>${p.columns.map((c, i) => `<td${c.kind === 'amount' ? ' class="num"' : ''}>${escape(r[i] ?? '')}</td>`).join('')}</tr>`)
    .join('\n');
  const totals = Object.entries(p.totals)
    .map(([k, v]) => `<dt>${escape(labelOf(k))}</dt><dd data-total="${escape(k)}">${escape(v)}</dd>`)
    .join('');
  const warnings = p.warnings.length
    ? `<ul class="warn">${p.warnings.slice(0, 200).map((w) => `<li><code>${escape(w.code)}</code> ${escape(w.message)}${w.documentId ? ` (${escape(w.documentId)})` : ''}</li>`).join('')}</ul>`
    : '<p>Sin advertencias.</p>';
  const downloads = p.downloads.map((d) => `<a href="${escape(d.url)}" data-format="${escape(d.format)}">Descargar ${escape(d.format.toUpperCase())}</a>`).join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(p.title)} · ${escape(p.period)}</title><style>${STYLE}</style></head><body>
<h1>${escape(p.title)}</h1>
<p class="meta">${escape(p.emitterName)} · Período ${escape(p.period)} · Estado del período: ${p.status === 'closed' ? 'cerrado' : 'abierto'}${p.drift ? ' · <strong class="warn">Los datos cambiaron después del cierre</strong>' : ''}</p>
<h2>Totales</h2><dl class="totals" id="totales">${totals}</dl>
<h2>Advertencias (${p.warnings.length})</h2>${warnings}
<h2>Detalle (${p.rowCount} filas${p.rows.length < p.rowCount ? `; se muestran las primeras ${p.rows.length}` : ''})</h2>
<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table></div>
<div class="downloads">${downloads}</div>
<p class="meta">Vista de solo lectura. Este enlace ya fue usado y no se puede volver a abrir; las descargas vencen el ${escape(p.expiresAt.toISOString())}.</p>
</body></html>`;
}

export function embedGonePage(): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Enlace vencido</title><style>${STYLE}</style></head><body>
<h1>Este enlace ya no es válido</h1>
<p>El enlace para ver el reporte fiscal se puede abrir una sola vez y vence a los pocos minutos. Ya fue usado, venció o no es correcto.</p>
<p>Solicite un enlace nuevo desde el sistema que le dio acceso.</p>
</body></html>`;
}
