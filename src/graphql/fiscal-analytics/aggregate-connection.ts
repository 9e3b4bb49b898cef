import { DomainError } from '../../domain/shared/domain-error';
import { encodeAggregateCursor } from '../../services/fiscal/document-aggregates.service';
import { serviceError } from '../common/graphql-errors';

interface AggregatePage<G extends { key: string }, T> {
  groups: G[];
  hasMore: boolean;
  totals: T;
}

/**
 * Runs an aggregate query and shapes its page as a connection (nodes, edges with the group key as
 * cursor, pageInfo, totals); the service's refusals become typed GraphQL errors naming the field.
 */
export async function aggregateConnection<G extends { key: string }, T>(load: () => Promise<AggregatePage<G, T>>) {
  try {
    const page = await load();
    const edges = page.groups.map((node) => ({ cursor: encodeAggregateCursor(node.key), node }));
    return {
      nodes: page.groups,
      edges,
      pageInfo: { hasNextPage: page.hasMore, endCursor: edges.length ? edges[edges.length - 1].cursor : null },
      totals: page.totals,
    };
  } catch (err) {
    if (err instanceof DomainError) throw serviceError(err.code, err.message, { field: err.errors[0]?.path ?? null });
    throw err;
  }
}
