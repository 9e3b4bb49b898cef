import { Args, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import { PANEL_SESSION_ONLY } from '../common/auth-checker';
import type { GraphQLContext } from '../common/context';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { runQuery } from '../common/run-query';
import { PageArgs } from '../emitter/emitter.resolver';
import { toAuditEntry } from './audit.mapper';
import { AuditEntryConnection, AuditEntryType } from './audit.types';

@Resolver(() => AuditEntryType)
export class AuditResolver {
  @Authorized(PANEL_SESSION_ONLY)
  @Query(() => AuditEntryConnection, { description: 'El registro de auditoría de la cuenta, de lo más reciente a lo más antiguo (solo con sesión del panel).', complexity: connectionComplexity })
  async auditLog(@Args() { first, after }: PageArgs, @Ctx() ctx: GraphQLContext): Promise<AuditEntryConnection> {
    return runQuery(async () => toConnection(await ctx.services.listAuditLog.execute(ctx.actor!, pageRequest(first, after)), toAuditEntry, (n) => n.id));
  }
}
