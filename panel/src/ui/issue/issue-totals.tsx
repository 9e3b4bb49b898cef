import type { DryRun } from '../../api/documents.api';
import { formatMoney } from '../../lib/format';
import type { DteType } from '../../lib/issue-draft';
import { Alert } from '../states';

/** What the three totals mean for each type (docs/document-types.md, «Totals in the response»). */
function labels(type: DteType): [string, string, string] {
  switch (type) {
    case '01':
      return ['Subtotal', 'IVA (incluido)', 'Total a pagar'];
    case '07':
      return ['Sujeto a retención', 'IVA', 'IVA retenido'];
    case '09':
      return ['Subtotal', 'IVA', 'Líquido a pagar'];
    case '15':
      return ['Valor donado', 'IVA', 'Valor total'];
    case '04':
      return ['Subtotal', 'IVA', 'Monto de la operación'];
    case '08':
      return ['Subtotal de ventas', 'IVA', 'Total'];
    default:
      return ['Subtotal', 'IVA', 'Total a pagar'];
  }
}

/** The dry run's totals, as the service computed them for exactly what would be sent. */
export function IssueTotals({ type, notReady, running, result }: { type: DteType; notReady: boolean; running: boolean; result: DryRun | null | undefined }) {
  if (notReady) return <p class="muted">Complete los campos del documento para ver sus totales.</p>;
  if (running || result === undefined)
    return (
      <p class="muted row">
        <span class="spinner" aria-hidden="true" /> Calculando con el servicio…
      </p>
    );
  if (!result) return null;
  const [sub, iva, total] = labels(type);
  return (
    <>
      <dl class="totals" aria-label="Totales calculados">
        <dt>{sub}</dt>
        <dd>{formatMoney(result.totals.subtotal)}</dd>
        <dt>{iva}</dt>
        <dd>{formatMoney(result.totals.iva)}</dd>
        <dt class="grand">{total}</dt>
        <dd class="grand" data-total="total">
          {formatMoney(result.totals.total)}
        </dd>
      </dl>
      <p class="in-words">{result.totals.totalInWords}</p>
      {result.warnings.map((w) => (
        <Alert key={w.code} tone="warning">
          {w.message}
        </Alert>
      ))}
    </>
  );
}
