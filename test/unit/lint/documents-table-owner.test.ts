/**
 * One owner of the documents table (AGENTS.md rule 6, ADR 0024): SQL that names `documents` or
 * `document_events` lives in the document store (src/persistence/documents/). The rest of src/,
 * the REST adapter and the jobs read through its named queries (DocumentQueries), the analytics view
 * (DOCUMENT_ANALYTICS_VIEW) or the fragments it exports for queries over other tables; the lint rule
 * `layers/document-store-owns-entities` keeps the entities themselves inside it.
 */
import { findingsInSnippet, findingsInTree } from '../../support/source-files';

const OWNER = 'src/persistence/documents/';

/** `from documents`, `join document_events`, `update documents`, `insert into documents` … in SQL text. */
const NAMES_THE_TABLE = /\b(?:from|join|update|into|table)\s+(?:"?documents"?|"?document_events"?)(?![\w-])/gi;

describe('the documents table has one owner', () => {
  it('no SQL outside src/persistence/documents names documents or document_events', () => {
    expect(findingsInTree(['src', 'rest-adapter', 'jobs'], (f) => f.startsWith(OWNER), NAMES_THE_TABLE)).toEqual([]);
  });

  it.each([
    ['a count', 'sql(em, `select count(*) from documents where account_id = ?`)', 1],
    ['a join', "`select 1 from dte_events v join documents d on d.id = v.document_id`", 1],
    ['an update of another table reading it', "`update document_invalidations i set attempts = 1 from documents d where d.id = i.document_id`", 1],
    ['its events', "'insert into document_events (id) values (?)'", 1],
    ['another table', "'select id from document_emails where id = ?'", 0],
    ['a sentence', "'Solo se envían por correo documentos con sello del MH.'", 0],
    ['a route', "'/v1/documents/:id/returns'", 0],
  ])('the check finds %s', (_label, code, count) => {
    expect(findingsInSnippet(code, NAMES_THE_TABLE)).toHaveLength(count);
  });
});
