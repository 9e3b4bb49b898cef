import { Arg, Args, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import { PANEL_SESSION_ONLY } from '../common/auth-checker';
import type { GraphQLContext } from '../common/context';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { runQuery } from '../common/run-query';
import { PageArgs } from '../emitter/emitter.resolver';
import { toAuditEntry } from './audit.mapper';
import { plain } from '../common/plain';
import { AuditEntryConnection, AuditEntryType, AuditFilterInput } from './audit.types';

@Resolver(() => AuditEntryType)
export class AuditResolver {
  @Authorized(PANEL_SESSION_ONLY)
  @Query(() => AuditEntryConnection, { description: 'El registro de auditoría de la cuenta, de lo más reciente a lo más antiguo (solo con sesión del panel), con filtros por usuario, acción y fechas.', complexity: connectionComplexity })
  async auditLog(
    @Arg('filter', () => AuditFilterInput, { nullable: true }) filter: AuditFilterInput | null,
    @Args() { first, after }: PageArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuditEntryConnection> {
    return runQuery(async () => toConnection(await ctx.services.listAuditLog.execute(ctx.actor!, pageRequest(first, after), filter ? dropNulls(plain(filter) as Record<string, unknown>) : {}), toAuditEntry, (n) => n.id));
  }
}

/** GraphQL's absent and null arguments alike: a filter left out. */
function dropNulls(f: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== null && v !== undefined));
}
