import { Button } from './button';

/**
 * Cursor paging: "Siguiente" follows endCursor; "Anterior" goes back through the cursors seen
 * (the service's cursors only go forward).
 */
export function Pager({ cursors, hasNext, endCursor, onPage, label }: { cursors: (string | null)[]; hasNext: boolean; endCursor: string | null; onPage: (stack: (string | null)[]) => void; label?: string }) {
  const page = cursors.length;
  if (page === 1 && !hasNext) return null;
  return (
    <nav class="pager" aria-label="Paginación">
      <span class="pager-info">
        Página {page}
        {label ? ` · ${label}` : ''}
      </span>
      <div class="pager-buttons">
        <Button size="sm" disabled={page === 1} onClick={() => onPage(cursors.slice(0, -1))}>
          Anterior
        </Button>
        <Button size="sm" disabled={!hasNext} onClick={() => onPage([...cursors, endCursor])}>
          Siguiente
        </Button>
      </div>
    </nav>
  );
}
