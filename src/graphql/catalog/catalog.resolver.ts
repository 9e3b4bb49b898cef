import { Arg, Args, Authorized, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { IdentifiedEntry } from '../../domain/catalog/catalogs';
import type { GraphQLContext } from '../common/context';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { PageArgs } from '../emitter/emitter.resolver';
import { CatalogEntryConnection, CatalogEntryType, CatalogType } from './catalog.types';

export function toCatalogEntry(e: IdentifiedEntry): CatalogEntryType {
  return { id: e.id, code: e.code, name: e.name, section: e.section ?? null, department: e.department ?? null, notes: e.notes ?? null };
}

@Resolver(() => CatalogType)
export class CatalogResolver {
  @Authorized()
  @Query(() => [CatalogType], { description: 'Los 33 catálogos oficiales.' })
  catalogs(@Ctx() ctx: GraphQLContext): CatalogType[] {
    return ctx.services.listCatalogs.execute();
  }

  @Authorized()
  @Query(() => CatalogType, { nullable: true, description: 'Un catálogo por código (CAT-019).' })
  catalog(@Arg('code') code: string, @Ctx() ctx: GraphQLContext): CatalogType | null {
    const c = ctx.services.getCatalog.execute(code, { page: { limit: 1, startingAfter: null } });
    return c ? { code: c.code, name: c.name, version: c.version, entriesCount: c.entriesCount } : null;
  }

  @FieldResolver(() => CatalogEntryConnection, { description: 'Entradas en el orden oficial; `q` busca en código y nombre.', complexity: connectionComplexity })
  entries(
    @Root() catalog: CatalogType,
    @Args() { first, after }: PageArgs,
    @Arg('q', () => String, { nullable: true }) q: string | null,
    @Ctx() ctx: GraphQLContext,
  ): CatalogEntryConnection {
    const c = ctx.services.getCatalog.execute(catalog.code, { q, page: pageRequest(first, after) })!;
    return toConnection(c.entries, toCatalogEntry, (n) => n.id);
  }
}
