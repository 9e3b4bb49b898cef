import Decimal from 'decimal.js';

/** One overage tier: documents of the month up to `upTo` (inclusive; null = no limit) cost `unitPriceExclIva` each. */
export interface OverageTier {
  upTo: number | null;
  unitPriceExclIva: string;
}

/** A plan of the public price list (USD, prices without IVA, monthly). */
export interface Plan {
  code: string;
  name: string;
  currency: 'USD';
  priceExclIva: string;
  interval: 'month';
  includedDocuments: number;
  /** Graduated tiers for the documents beyond `includedDocuments`, in order; the last one has `upTo` null. */
  overage: OverageTier[];
  features: string[];
}

export interface PlanCatalog {
  plans: Plan[];
  /** The plan of an account that has none, or whose plan left the list. */
  defaultCode: string;
}

const MONEY = /^\d{1,9}(\.\d{1,4})?$/;
const CODE = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/**
 * Reads a price list as the operator writes it (PLANS_FILE, snake_case JSON):
 * `{"default_plan": "code", "plans": [{code, name, currency, price_excl_iva, interval,
 * included_documents, overage: [{up_to, unit_price_excl_iva}], features}]}`. Returns the catalog or
 * every problem found (Spanish, with the JSON path).
 */
export function parsePlanCatalog(json: unknown): { ok: true; catalog: PlanCatalog } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const root = json as { default_plan?: unknown; plans?: unknown } | null;
  if (!root || typeof root !== 'object' || !Array.isArray(root.plans) || root.plans.length === 0) {
    return { ok: false, problems: ['debe ser un objeto con "plans": una lista no vacía de planes'] };
  }
  const plans: Plan[] = [];
  root.plans.forEach((raw: unknown, i: number) => {
    const at = `plans[${i}]`;
    const p = raw as Record<string, unknown>;
    if (!p || typeof p !== 'object') return void problems.push(`${at}: debe ser un objeto`);
    const code = p.code;
    if (typeof code !== 'string' || !CODE.test(code)) problems.push(`${at}.code: minúsculas, dígitos, "-" o "_" (hasta 40)`);
    if (typeof p.name !== 'string' || !p.name.trim() || p.name.length > 80) problems.push(`${at}.name: texto de 1 a 80 caracteres`);
    if (p.currency !== undefined && p.currency !== 'USD') problems.push(`${at}.currency: solo "USD"`);
    if (p.interval !== undefined && p.interval !== 'month') problems.push(`${at}.interval: solo "month"`);
    if (typeof p.price_excl_iva !== 'string' || !MONEY.test(p.price_excl_iva)) problems.push(`${at}.price_excl_iva: monto decimal en texto, p. ej. "49.00"`);
    const included = p.included_documents;
    if (!Number.isInteger(included) || (included as number) < 0) problems.push(`${at}.included_documents: entero ≥ 0`);
    const overage: OverageTier[] = [];
    if (!Array.isArray(p.overage) || p.overage.length === 0) problems.push(`${at}.overage: lista no vacía de tramos {up_to, unit_price_excl_iva}`);
    else {
      let floor = Number.isInteger(included) ? (included as number) : 0;
      p.overage.forEach((t: Record<string, unknown>, j: number) => {
        const tat = `${at}.overage[${j}]`;
        const last = j === (p.overage as unknown[]).length - 1;
        const upTo = t?.up_to ?? null;
        if (last && upTo !== null) problems.push(`${tat}.up_to: el último tramo no tiene límite (null)`);
        if (!last && (!Number.isInteger(upTo) || (upTo as number) <= floor)) problems.push(`${tat}.up_to: entero mayor que el límite anterior (${floor})`);
        if (typeof t?.unit_price_excl_iva !== 'string' || !MONEY.test(t.unit_price_excl_iva as string)) problems.push(`${tat}.unit_price_excl_iva: monto decimal en texto, p. ej. "0.05"`);
        if (Number.isInteger(upTo)) floor = upTo as number;
        overage.push({ upTo: (upTo as number | null) ?? null, unitPriceExclIva: String(t?.unit_price_excl_iva ?? '0') });
      });
    }
    if (p.features !== undefined && (!Array.isArray(p.features) || p.features.some((f) => typeof f !== 'string'))) problems.push(`${at}.features: lista de textos`);
    plans.push({
      code: String(code),
      name: String(p.name ?? ''),
      currency: 'USD',
      priceExclIva: new Decimal(MONEY.test(String(p.price_excl_iva)) ? String(p.price_excl_iva) : '0').toFixed(2),
      interval: 'month',
      includedDocuments: Number(included),
      overage,
      features: Array.isArray(p.features) ? (p.features as string[]) : [],
    });
  });
  const codes = plans.map((p) => p.code);
  codes.forEach((c, i) => codes.indexOf(c) !== i && problems.push(`plans[${i}].code: "${c}" está repetido`));
  const defaultCode = root.default_plan === undefined ? codes[0] : root.default_plan;
  if (typeof defaultCode !== 'string' || !codes.includes(defaultCode)) problems.push('default_plan: debe ser el código de uno de los planes');
  return problems.length ? { ok: false, problems } : { ok: true, catalog: { plans, defaultCode: defaultCode as string } };
}

/** The plan of an account: its own when listed, else the catalog's default. */
export function planOf(catalog: PlanCatalog, code: string | null): Plan {
  return catalog.plans.find((p) => p.code === code) ?? catalog.plans.find((p) => p.code === catalog.defaultCode)!;
}

/**
 * Documents beyond the plan and what they cost (graduated tiers, USD without IVA, 2 decimals).
 * `billed` false (the test environment) reports the documents but charges nothing.
 */
export function overageOf(plan: Plan, used: number, billed: boolean): { overageDocuments: number; amountExclIva: string } {
  const overageDocuments = Math.max(0, used - plan.includedDocuments);
  if (!billed || overageDocuments === 0) return { overageDocuments, amountExclIva: '0.00' };
  let amount = new Decimal(0);
  let floor = plan.includedDocuments;
  for (const tier of plan.overage) {
    const ceiling = tier.upTo === null ? used : Math.min(used, tier.upTo);
    if (ceiling > floor) amount = amount.plus(new Decimal(tier.unitPriceExclIva).times(ceiling - floor));
    if (tier.upTo === null || used <= tier.upTo) break;
    floor = tier.upTo;
  }
  return { overageDocuments, amountExclIva: amount.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) };
}
