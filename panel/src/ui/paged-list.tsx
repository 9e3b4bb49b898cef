import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Loadable } from '../lib/hooks';
import { Pager } from './pager';
import { ErrorState, SkeletonRows } from './states';

/** The cursors of the pages seen so far (the service's cursors only go forward); back to page 1 when `reset` changes. */
export function useCursors(reset: unknown[] = []) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  useEffect(() => setCursors([null]), reset);
  return { cursors, after: cursors[cursors.length - 1], setCursors };
}

/** PagedList's data props from a loaded GraphQL connection page. */
export function fromConnection<T>(page: Loadable<{ nodes: T[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }>) {
  return { load: page, rows: page.data?.nodes, hasNext: Boolean(page.data?.pageInfo.hasNextPage), endCursor: page.data?.pageInfo.endCursor ?? null };
}

/** PagedList's data props from a loaded REST list (`{data, has_more}`; the cursor is the last id). */
export function fromList<T extends { id: string }>(list: Loadable<{ data: T[]; has_more: boolean }>) {
  const rows = list.data?.data;
  return { load: list, rows, hasNext: Boolean(list.data?.has_more), endCursor: rows?.[rows.length - 1]?.id ?? null };
}

/**
 * A list's four states in one place: the error with «Reintentar», placeholder rows while loading,
 * the rows and the pager, or the empty state.
 */
export function PagedList<T>({
  load,
  rows,
  hasNext,
  endCursor,
  pages,
  empty,
  skeletonRows = 3,
  children,
}: {
  load: Pick<Loadable<unknown>, 'error' | 'reload'>;
  rows: T[] | undefined;
  hasNext: boolean;
  endCursor: string | null;
  pages: ReturnType<typeof useCursors>;
  empty: ComponentChildren;
  skeletonRows?: number;
  children: (rows: T[]) => ComponentChildren;
}) {
  if (load.error) return <ErrorState error={load.error} onRetry={load.reload} />;
  if (!rows) return <SkeletonRows rows={skeletonRows} />;
  if (!rows.length && pages.cursors.length === 1) return <>{empty}</>;
  return (
    <>
      {children(rows)}
      <Pager cursors={pages.cursors} hasNext={hasNext} endCursor={endCursor} onPage={pages.setCursors} />
    </>
  );
}
