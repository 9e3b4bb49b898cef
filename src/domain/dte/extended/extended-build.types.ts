import type { FieldError, Totals, Warning } from '../dte.types';

/** What each builder of the other seven types returns (the official schema is checked after it). */
export type ExtendedBuild =
  | { ok: true; json: Record<string, unknown>; totals: Totals; warnings: Warning[] }
  | { ok: false; errors: FieldError[] };
