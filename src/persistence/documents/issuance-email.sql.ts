/**
 * `insert … select` of the issuance e-mail from a documents row set named `alias` (four parameters:
 * id, next_attempt_at, created_at, updated_at): the receiver's e-mail is written by the status change
 * that seals a document asking for it (`send_email`), once.
 */
export const ISSUANCE_EMAIL_INSERT = (alias: string) => `insert into document_emails (id, document_id, account_id, environment, source, recipients, status, attempts, next_attempt_at, created_at, updated_at)
     select ?, ${alias}.id, ${alias}.account_id, ${alias}.environment, 'issuance', jsonb_build_array(${alias}.receiver_email), 'pending', 0, ?::timestamptz, ?::timestamptz, ?::timestamptz
       from ${alias}
      where ${alias}.send_email and coalesce(${alias}.receiver_email, '') <> ''
        and not exists (select 1 from document_emails e where e.document_id = ${alias}.id and e.source = 'issuance')`;

/**
 * ISSUANCE_EMAIL_INSERT for a group of changed rows named `alias`, each joined to its values in
 * `input` (aliased `inputAlias`, columns `v_id`, `v_email_id`, `v_at`): no parameters of its own.
 */
export const ISSUANCE_EMAIL_INSERT_FROM_INPUT = (alias: string, inputAlias: string) => `insert into document_emails (id, document_id, account_id, environment, source, recipients, status, attempts, next_attempt_at, created_at, updated_at)
     select ${inputAlias}.v_email_id, ${alias}.id, ${alias}.account_id, ${alias}.environment, 'issuance', jsonb_build_array(${alias}.receiver_email), 'pending', 0, ${inputAlias}.v_at, ${inputAlias}.v_at, ${inputAlias}.v_at
       from ${alias} join input ${inputAlias} on ${inputAlias}.v_id = ${alias}.id
      where ${alias}.send_email and coalesce(${alias}.receiver_email, '') <> ''
        and not exists (select 1 from document_emails e where e.document_id = ${alias}.id and e.source = 'issuance')`;
