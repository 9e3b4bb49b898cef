import { useEffect, useState } from 'preact/hooks';
import { catalogEntries } from '../api/catalogs.api';
import type { DocumentItem, DocumentPayment } from '../api/documents.api';
import { formatDecimal, formatMoney } from '../lib/format';
import { DataTable, type Column } from './table';
import { DetailList } from './page';

export const TAX_LABELS: Record<string, string> = { gravada: 'Gravada', exenta: 'Exenta', no_sujeta: 'No sujeta', no_gravado: 'No gravado' };
export const CONDITION_LABELS: Record<string, string> = { '1': 'Contado', '2': 'A crédito', '3': 'Otro' };

/** Names of a small MH catalog by code (CAT-014 units, CAT-017 payment methods, CAT-018 terms), once loaded. */
function useCatalogNames(code: string): Record<string, string> {
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    catalogEntries(code).then((entries) => setNames(Object.fromEntries(entries.map((e) => [e.code, e.name]))), () => undefined);
  }, [code]);
  return names;
}

/** The document's lines as issued: what was sold, at what price, and how each line is taxed. */
export function DocumentItems({ items }: { items: DocumentItem[] }) {
  const units = useCatalogNames('CAT-014');
  if (!items.length) return <p class="muted">Este tipo de documento no lleva líneas de venta.</p>;
  const columns: Column<DocumentItem>[] = [
    { key: 'n', label: 'N°', render: (i) => i.number, hideOnPhone: true },
    { key: 'description', label: 'Descripción', primary: true, render: (i) => <span class="wrap">{i.description ?? '—'}{i.code ? <small class="muted"> · {i.code}</small> : null}</span> },
    { key: 'quantity', label: 'Cantidad', align: 'right', render: (i) => formatDecimal(i.quantity) },
    { key: 'unit', label: 'Unidad', render: (i) => (i.unitCode ? units[i.unitCode] ?? i.unitCode : '—') },
    { key: 'price', label: 'Precio unitario', align: 'right', render: (i) => formatMoney(i.unitPrice) },
    { key: 'discount', label: 'Descuento', align: 'right', render: (i) => formatMoney(i.discount) },
    { key: 'tax', label: 'Tipo de venta', render: (i) => (i.tax ? TAX_LABELS[i.tax] ?? i.tax : '—') },
    { key: 'total', label: 'Total de la línea', align: 'right', render: (i) => <strong>{formatMoney(i.total)}</strong> },
  ];
  return <DataTable caption="Líneas del documento" columns={columns} rows={items} rowKey={(i) => String(i.number)} />;
}

/** Condition of the operation and the payment methods as issued (CAT-016, CAT-017, CAT-018). */
export function DocumentPaymentTerms({ payment }: { payment: DocumentPayment | null }) {
  const methods = useCatalogNames('CAT-017');
  const terms = useCatalogNames('CAT-018');
  if (!payment) return <p class="muted">Este tipo de documento no lleva condiciones de pago.</p>;
  return (
    <div class="stack">
      <DetailList items={[['Condición de la operación', payment.condition ? CONDITION_LABELS[payment.condition] ?? payment.condition : '—']]} />
      {payment.methods.map((m, i) => (
        <DetailList
          key={i}
          items={[
            ['Forma de pago', methods[m.code] ?? m.code],
            ['Monto', formatMoney(m.amount)],
            ...(m.term && m.period !== null ? [['Plazo', `${m.period} ${(terms[m.term] ?? m.term).toLowerCase()}`] as [string, string]] : []),
            ...(m.reference ? [['Referencia', m.reference] as [string, string]] : []),
          ]}
        />
      ))}
    </div>
  );
}
