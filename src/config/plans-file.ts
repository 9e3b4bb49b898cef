import { readFileSync } from 'node:fs';
import { DEFAULT_PLAN_FILE } from '../domain/billing/default-plans';
import { parsePlanCatalog, type PlanCatalog } from '../domain/billing/plan';

/**
 * The price list: PLANS_FILE (JSON, replaceable by the operator) or the built-in SV list. Returns the
 * catalog, or the problems that stop the start (each naming PLANS_FILE).
 */
export function loadPlanCatalog(path: string | undefined): { catalog: PlanCatalog } | { problems: string[] } {
  let json: unknown = DEFAULT_PLAN_FILE;
  if (path) {
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (err) {
      return { problems: [`PLANS_FILE=${JSON.stringify(path)}: no se pudo leer como JSON (${(err as Error).message})`] };
    }
  }
  const parsed = parsePlanCatalog(json);
  if (!parsed.ok) return { problems: parsed.problems.map((p) => `PLANS_FILE${path ? `=${JSON.stringify(path)}` : ''}: ${p}`) };
  return { catalog: parsed.catalog };
}
