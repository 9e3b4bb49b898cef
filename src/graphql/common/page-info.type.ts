import { Field, Int, ObjectType } from 'type-graphql';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page, type PageRequest } from '../../domain/shared/pagination';
import { serviceError } from './graphql-errors';

@ObjectType()
export class PageInfo {
  @Field()
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Cursor del último elemento; páselo como `after` (o `starting_after` en REST).' })
  endCursor!: string | null;
}

/** `first`/`after` → page request; `first` is 1–100 (default 20), like REST's `limit`. */
export function pageRequest(first: number | null | undefined, after: string | null | undefined): PageRequest {
  const limit = first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw serviceError('invalid_request', `"first" debe ser un entero entre 1 y ${MAX_PAGE_SIZE}.`, { field: 'first' });
  }
  if (after !== null && after !== undefined && (typeof after !== 'string' || after.length > 64)) {
    throw serviceError('invalid_request', 'Cursor "after" inválido.', { field: 'after' });
  }
  return { limit, startingAfter: after ?? null };
}

export function toConnection<TEntity, TNode>(page: Page<TEntity>, toNode: (e: TEntity) => TNode, cursorOf: (n: TNode) => string) {
  const nodes = page.data.map(toNode);
  return {
    nodes,
    edges: nodes.map((node) => ({ cursor: cursorOf(node), node })),
    pageInfo: { hasNextPage: page.hasMore, endCursor: nodes.length ? cursorOf(nodes[nodes.length - 1]) : null },
  };
}

/** A first/after list costs its children times the page size. */
export function connectionComplexity({ args, childComplexity }: { args: Record<string, unknown>; childComplexity: number }): number {
  const first = typeof args.first === 'number' ? args.first : DEFAULT_PAGE_SIZE;
  return 1 + childComplexity * Math.max(1, first);
}
