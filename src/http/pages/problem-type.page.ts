import { ERROR_CODES, type ErrorCode } from '../../domain/shared/error-codes';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The page behind each problem `type` URI (GET /problems/{code}); the full list is in docs/errors.md. */
export function problemTypePage(code: ErrorCode): string {
  const meta = ERROR_CODES[code];
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escape(meta.title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto">
<h1>${escape(meta.title)}</h1>
<p>Código: <code>${escape(code)}</code> · Estado HTTP: <strong>${meta.status}</strong></p>
<p>Todas las respuestas de error de la API REST son <code>application/problem+json</code> (RFC 9457) con
<code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>instance</code>,
<code>request_id</code> y <code>errors[]</code>. La lista completa de códigos está en <code>docs/errors.md</code>.</p>
</body></html>`;
}
