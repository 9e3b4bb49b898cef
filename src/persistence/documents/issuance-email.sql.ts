/**
 * `insert … select` of the issuance e-mail from a documents row set named `alias`: the receiver's
 * e-mail is written by the status change that seals a document asking for it (`send_email`), once.
 * `values` gives the new row's id and time: by default parameters (id, then the time three times:
 * next_attempt_at, created_at, updated_at); for a group of changed rows, columns of the rows' values
 * and the `join` that brings them.
 */
export const ISSUANCE_EMAIL_INSERT = (alias: string, values: { id: string; at: string; join?: string } = { id: '?', at: '?::timestamptz' }) => `insert into document_emails (id, document_id, account_id, environment, source, recipients, status, attempts, next_attempt_at, created_at, updated_at)
     select ${values.id}, ${alias}.id, ${alias}.account_id, ${alias}.environment, 'issuance', jsonb_build_array(${alias}.receiver_email), 'pending', 0, ${values.at}, ${values.at}, ${values.at}
       from ${alias}${values.join ?? ''}
      where ${alias}.send_email and coalesce(${alias}.receiver_email, '') <> ''
        and not exists (select 1 from document_emails e where e.document_id = ${alias}.id and e.source = 'issuance')`;
