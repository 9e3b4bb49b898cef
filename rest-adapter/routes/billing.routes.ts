import { z } from 'zod';
import { toPlan } from '../../src/graphql/account/billing.mapper';
import { listOf } from '../query-schemas';
import { planResource, serializePlan, serializeUsage, usageResource } from '../resources/billing.resource';
import type { RestRoute } from '../route';

const TAG = 'Planes y consumo';
const usageQuery = z.object({
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '"period" tiene el formato AAAA-MM.')
    .optional()
    .describe('AAAA-MM; predeterminado el mes en curso de El Salvador'),
});

export const billingRoutes: RestRoute[] = [
  {
    id: 'listPlans',
    method: 'GET',
    path: '/v1/plans',
    status: 200,
    tag: TAG,
    summary: 'La lista pública de planes: precios mensuales en USD sin IVA, documentos incluidos y tramos de excedente (sin credenciales).',
    scope: null,
    public: true,
    response: listOf(planResource),
    call: async (_input, ctx) => ({ body: { object: 'list', data: ctx.services.listPlans.execute().map((p) => serializePlan(toPlan(p))), has_more: false } }),
  },
  {
    id: 'getUsage',
    method: 'GET',
    path: '/v1/usage',
    status: 200,
    tag: TAG,
    summary: 'Consumo del período en el ambiente de la credencial: documentos procesados por emisor y tipo, frente al plan de la cuenta.',
    description:
      'Cuenta los documentos de la cuenta que llegaron a `processed` en el mes (hora de El Salvador), aunque después se anularan; las simulaciones (dry_run) nunca cuentan. El ambiente 00 se informa y nunca se cobra (`overage_amount_excl_iva` "0.00").',
    scope: null,
    query: usageQuery,
    response: usageResource,
    refusalAs: 'query',
    call: async ({ query }, ctx) => ({ body: serializeUsage(await ctx.services.getUsage.execute(ctx.actor!, { period: (query.period as string | undefined) ?? null })) }),
  },
];
