import type { ComponentChildren } from 'preact';
import { navigate } from '../lib/router';

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ComponentChildren;
  align?: 'right';
  /** Shown as the card's title on a phone (the row's identity). */
  primary?: boolean;
  /** Left out on a phone when it only repeats what other cells say. */
  hideOnPhone?: boolean;
  /** On a phone the cell speaks for itself (a «PDF» button): no column name above it. */
  noLabel?: boolean;
}

/**
 * A data table that stays readable on a 390 px phone: below 720 px each row becomes a card with
 * each cell under its column's name (the header row stays for screen readers).
 */
export function DataTable<T>({ columns, rows, rowKey, rowHref, caption }: { columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string; rowHref?: (row: T) => string | null; caption?: string }) {
  return (
    <div class="table-wrap">
      <table class="data-table">
        {caption ? <caption class="sr-only">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" class={`${c.align === 'right' ? 'num' : ''}${c.hideOnPhone ? ' hide-phone' : ''}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const to = rowHref?.(row) ?? null;
            return (
              <tr
                key={rowKey(row)}
                data-row-id={rowKey(row)}
                class={to ? 'clickable' : undefined}
                onClick={
                  to
                    ? (e) => {
                        const target = e.target as Element;
                        if (target.closest('a,button,input,select,label')) return;
                        navigate(to);
                      }
                    : undefined
                }
              >
                {columns.map((c) => (
                  <td key={c.key} data-label={c.label} class={`${c.align === 'right' ? 'num' : ''}${c.primary ? ' primary' : ''}${c.hideOnPhone ? ' hide-phone' : ''}${c.noLabel ? ' no-label' : ''}`}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
