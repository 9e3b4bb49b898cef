/** What people type into the panel's forms, in the form the service takes (pure; form.tsx uses them). */

/** `items.0.unit_price`, `items[0].unitPrice` → `items[0].unitprice`: the service's REST and GraphQL paths alike. */
export function normalizePath(path: string): string {
  return path
    .replace(/\.(\d+)(?=\.|$)/g, '[$1]')
    .replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
    .toLowerCase();
}

/**
 * An amount as a person types it, in the service's form: spaces out, and a decimal comma read as the
 * decimal point («1,50» → «1.50»). A comma that groups thousands the way El Salvador writes dollars
 * stays a grouping: with a decimal point too («1,234.50» → «1234.50»), or in groups of exactly three
 * digits («1,234» → «1234», «12,345,678» → «12345678»). Anything else is left for the service to judge.
 */
export function normalizeAmount(text: string): string {
  const t = text.trim().replace(/\s+/g, '');
  if (t.includes('.') && t.includes(',')) return t.replace(/,/g, '');
  if (/^-?[1-9]\d{0,2}(,\d{3})+$/.test(t)) return t.replace(/,/g, '');
  const commas = t.split(',').length - 1;
  return commas === 1 ? t.replace(',', '.') : t;
}

/** A NIT or NRC as a person types it («0614-010190-101-9», «123456-7»): its digits only. */
export function normalizeTaxId(text: string): string {
  return text.replace(/[\s.-]/g, '');
}
