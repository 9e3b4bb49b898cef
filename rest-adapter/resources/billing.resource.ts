import { z } from 'zod';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON here

export const planResource = z.object({
  id: z.string().describe('plan_<code>'),
  object: z.literal('plan'),
  code: z.string(),
  name: z.string(),
  currency: z.literal('USD'),
  price_excl_iva: z.string().describe('Precio mensual sin IVA (decimal en texto)'),
  interval: z.literal('month'),
  included_documents: z.number().int(),
  overage: z
    .array(z.object({ up_to: z.number().int().nullable().describe('Documentos del mes hasta este número (inclusive); null en el último tramo'), unit_price_excl_iva: z.string() }))
    .describe('Tramos graduados para los documentos más allá de los incluidos'),
  features: z.array(z.string()),
});

export function serializePlan(p: Gql): z.infer<typeof planResource> {
  return {
    id: p.id,
    object: 'plan',
    code: p.code,
    name: p.name,
    currency: p.currency,
    price_excl_iva: p.priceExclIva,
    interval: p.interval,
    included_documents: p.includedDocuments,
    overage: (p.overage as Gql[]).map((t) => ({ up_to: t.upTo, unit_price_excl_iva: t.unitPriceExclIva })),
    features: p.features,
  };
}

export const usageResource = z.object({
  object: z.literal('usage'),
  period: z.string().describe('AAAA-MM (mes de El Salvador)'),
  environment: z.enum(['00', '01']).describe('El de la credencial; 00 se informa y nunca se cobra'),
  plan_code: z.string(),
  included: z.number().int(),
  used: z.number().int().describe('Documentos que llegaron a processed en el período (los anulados después siguen contando)'),
  remaining: z.number().int(),
  overage_documents: z.number().int(),
  overage_amount_excl_iva: z.string().describe('USD sin IVA; "0.00" en el ambiente 00'),
  by_emitter: z.array(z.object({ emitter_id: z.string(), by_type: z.array(z.object({ type: z.string(), processed: z.number().int() })) })),
  data_refreshed_at: z.string(),
});

export function serializeUsage(u: Gql): z.infer<typeof usageResource> {
  return {
    object: 'usage',
    period: u.period,
    environment: u.environment,
    plan_code: u.planCode,
    included: u.included,
    used: u.used,
    remaining: u.remaining,
    overage_documents: u.overageDocuments,
    overage_amount_excl_iva: u.overageAmountExclIva,
    by_emitter: (u.byEmitter as Gql[]).map((e) => ({ emitter_id: e.emitterId, by_type: (e.byType as Gql[]).map((t) => ({ type: t.type, processed: t.processed })) })),
    data_refreshed_at: u.dataRefreshedAt,
  };
}
