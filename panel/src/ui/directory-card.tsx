import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Page } from '../api/documents.api';
import type { EmitterSummary } from '../api/emitters.api';
import { useDebounced, useLoad } from '../lib/hooks';
import { Button } from './button';
import { DeleteDialog } from './delete-dialog';
import { DirectoryTools } from './directory-tools';
import { TextField } from './form';
import type { IconName } from './icons';
import { Card } from './page';
import { PagedList, fromConnection, useCursors } from './paged-list';
import { EmptyState } from './states';
import { DataTable, type Column } from './table';
import { toast } from './toast';

/** The words of one directory's card, in Spanish. */
export interface DirectoryWords {
  title: string;
  /** The table's caption (read by screen readers). */
  caption: string;
  /** «Cliente» / «Producto»: the deletion's title and toast. */
  noun: string;
  newLabel: string;
  searchLabel: string;
  searchPlaceholder: string;
  emptyIcon: IconName;
  emptyTitle: string;
  emptyHint: string;
  noMatchTitle: string;
  noMatchHint: string;
}

/** What the create/edit dialog of a directory is given. */
export interface DirectoryEditorProps<T> {
  entry: T | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * One emitter's directory — its customers or its products — as a card: the search (debounced), the
 * paged table with «Editar» and «Eliminar» per row for a writer, import and export, the create/edit
 * dialog and the deletion's confirmation. The screens give the columns, the words and the dialogs.
 */
export function DirectoryCard<T extends { id: string }>(props: {
  kind: 'customers' | 'products';
  emitter: EmitterSummary;
  writer: boolean;
  words: DirectoryWords;
  load: (emitterId: string, q: string, after: string | null) => Promise<Page<T>>;
  remove: (id: string, key: string) => Promise<unknown>;
  nameOf: (entry: T) => string;
  columns: Column<T>[];
  /** A row's own buttons, between «Editar» and «Eliminar». */
  rowActions?: (entry: T) => ComponentChildren;
  editor: (p: DirectoryEditorProps<T>) => ComponentChildren;
}) {
  const { emitter, writer, words, nameOf } = props;
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const pages = useCursors([emitter.id, q]);
  const page = useLoad(() => props.load(emitter.id, q, pages.after), [emitter.id, q, pages.after]);
  const [editing, setEditing] = useState<{ entry: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const columns: Column<T>[] = [
    ...props.columns,
    ...(writer
      ? [
          {
            key: 'actions',
            label: 'Acciones',
            noLabel: true,
            render: (e: T) => (
              <span class="row">
                <Button size="sm" variant="ghost" onClick={() => setEditing({ entry: e })} aria-label={`Editar ${nameOf(e)}`}>
                  Editar
                </Button>
                {props.rowActions?.(e)}
                <Button size="sm" variant="ghost" onClick={() => setDeleting(e)} aria-label={`Eliminar ${nameOf(e)}`}>
                  Eliminar
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <Card
        class="card-flush"
        title={words.title}
        actions={
          <>
            <DirectoryTools kind={props.kind} emitterId={emitter.id} writer={writer} onImported={page.reload} />
            {writer ? (
              <Button size="sm" variant="primary" icon="plus" onClick={() => setEditing({ entry: null })}>
                {words.newLabel}
              </Button>
            ) : null}
          </>
        }
      >
        <div class="card-search">
          <TextField label={words.searchLabel} type="search" placeholder={words.searchPlaceholder} value={search} onValue={setSearch} />
        </div>
        <PagedList
          {...fromConnection(page)}
          pages={pages}
          empty={
            <EmptyState icon={words.emptyIcon} title={q ? words.noMatchTitle : words.emptyTitle}>
              {q ? words.noMatchHint : words.emptyHint}
            </EmptyState>
          }
        >
          {(rows) => <DataTable caption={words.caption} columns={columns} rows={rows} rowKey={(e) => e.id} />}
        </PagedList>
      </Card>
      {props.editor({ entry: editing?.entry ?? null, open: editing !== null, onClose: () => setEditing(null), onSaved: () => page.reload() })}
      <DeleteDialog
        open={deleting !== null}
        title={`Eliminar ${words.noun.toLowerCase()}`}
        what={deleting ? nameOf(deleting) : ''}
        onClose={() => setDeleting(null)}
        onDelete={async (key) => {
          await props.remove(deleting!.id, key);
          toast(`${words.noun} ${nameOf(deleting!)} eliminado.`);
          page.reload();
        }}
      />
    </>
  );
}
