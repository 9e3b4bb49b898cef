/**
 * One owner per table with a state machine (ADR 0083): SQL that names `contingency_episodes`,
 * `document_invalidations` or `dte_events` lives in that table's store, so no other code can write
 * (or read around) their status; the lint rule `layers/document-store-owns-entities` keeps their
 * entities inside the stores too. The document's copy of its invalidation (`void`, ADR 0084) is
 * written only from the invalidation store.
 */
import { findingsInSnippet, findingsInTree } from '../../support/source-files';

const OWNERS: [table: string, store: string][] = [
  ['contingency_episodes', 'src/persistence/contingency/'],
  ['document_invalidations', 'src/persistence/invalidations/'],
  ['dte_events', 'src/persistence/events/'],
  ['period_archives', 'src/persistence/archives/'],
  ['period_archive_chunks', 'src/persistence/archives/'],
];

const namesTable = (table: string) => new RegExp(`\\b(?:from|join|update|into|table)\\s+"?${table}"?(?![\\w-])`, 'gi');

/** Calls that write the document's copy of an invalidation: `copyInvalidation(…)` and the document move `'void'`. */
const WRITES_THE_COPY = /\bcopyInvalidation\s*\(|\btransition\(\s*[^,()]+,\s*'void'/g;

describe('tables with a state machine have one owner', () => {
  it.each(OWNERS)('no SQL outside its store names %s', (table, store) => {
    expect(findingsInTree(['src', 'rest-adapter', 'jobs'], (f) => f.startsWith(store), namesTable(table))).toEqual([]);
  });

  it('only the invalidation store writes the copy on the document (and the document store, which carries it out)', () => {
    expect(findingsInTree(['src', 'rest-adapter', 'jobs'], (f) => f.startsWith('src/persistence/invalidations/') || f === 'src/persistence/documents/document-store.ts', WRITES_THE_COPY)).toEqual([]);
  });

  it.each([
    ['an update of the status', "sql(em, `update contingency_episodes set status = 'completed' where id = ?`)", 'contingency_episodes', 1],
    ['an insert', "'insert into document_invalidations (id) values (?)'", 'document_invalidations', 1],
    ['a read', "`select id from dte_events where status = 'pending'`", 'dte_events', 1],
    ['a join', "`select 1 from documents d join dte_events v on v.document_id = d.id`", 'dte_events', 1],
    ['a metric name', "gauge('dte_contingency_episodes_open')", 'contingency_episodes', 0],
    ['a sentence', "'Los eventos dte_events pendientes'", 'dte_events', 0],
  ])('the check finds %s', (_label, code, table, count) => {
    expect(findingsInSnippet(code, namesTable(table))).toHaveLength(count);
  });

  it.each([
    ['the copy by name', 'await documents.copyInvalidation(tx, id, copy, line, at);', 1],
    ['the void move', "await documents.transition(docId, 'void', { set }, { tx });", 1],
    ['another move', "await documents.transition(docId, 'seal', { set }, { tx });", 0],
  ])('the copy check finds %s', (_label, code, count) => {
    expect(findingsInSnippet(code, WRITES_THE_COPY)).toHaveLength(count);
  });
});
