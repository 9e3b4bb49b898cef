import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../common/context';
import { runQuery } from '../common/run-query';
import { toPlan } from './billing.mapper';
import { PlanType, UsageType } from './billing.types';

@Resolver()
export class BillingResolver {
  @Query(() => [PlanType], { description: 'La lista pública de planes (sin credenciales).' })
  plans(@Ctx() ctx: GraphQLContext): PlanType[] {
    return ctx.services.listPlans.execute().map(toPlan);
  }

  @Authorized()
  @Query(() => UsageType, { description: 'Consumo del período (AAAA-MM; predeterminado el mes en curso de El Salvador) en el ambiente de la credencial.' })
  async usage(@Arg('period', () => String, { nullable: true }) period: string | null, @Ctx() ctx: GraphQLContext): Promise<UsageType> {
    return runQuery(() => ctx.services.getUsage.execute(ctx.actor!, { period }));
  }
}
