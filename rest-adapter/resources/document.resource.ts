import { z } from 'zod';
import { documentView, type DocumentView } from '../../src/domain/documents';
import { emitterCredentialStatus } from './emitter.resource';
import { isoTime } from './iso-time';
import { restResourceOf } from './view-resource';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

/**
 * The REST `document` resource and its OpenAPI schema, derived from the document's view
 * (src/domain/documents/document-view.ts, ADR 0062): the view's fields in snake_case, dates as ISO
 * text, `json` only in dry runs, `items` and `payment` where the view read them.
 */
const document = restResourceOf<DocumentView>(documentView, { object: 'document', id: 'Document' });

export const documentResource = document.schema;

/** A document's view as REST shows it. */
export function serializeDocument(v: DocumentView): z.infer<typeof documentResource> {
  return document.serialize(v) as z.infer<typeof documentResource>;
}

/** The credential status of `PUT/POST …/credentials`: the emitter's embedded status plus its identity. */
export const credentialStatusResource = emitterCredentialStatus.extend({
  object: z.literal('credential_status'),
  emitter_id: z.string(),
}).meta({ id: 'CredentialStatus' });

export function serializeCredential(emitterId: string, c: Gql): z.infer<typeof credentialStatusResource> {
  return {
    object: 'credential_status',
    emitter_id: emitterId,
    environment: c.environment,
    certificate_loaded: c.certificateLoaded,
    certificate_nit: c.certificateNit,
    mh_login_ok: c.mhLoginOk,
    checked_at: c.checkedAt instanceof Date ? c.checkedAt.toISOString() : c.checkedAt,
    mh_user: c.mhUser,
    certificate_valid_until: c.certificateValidUntil instanceof Date ? c.certificateValidUntil.toISOString() : c.certificateValidUntil,
    message: c.message,
  };
}

/** A queued e-mail of a document (answer of `POST /documents/{id}/send`). */
export const documentEmailResource = z.object({
  id: z.string().describe('eml_…'),
  object: z.literal('document_email'),
  document_id: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  to: z.array(z.string()),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  message_id: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
}).meta({ id: 'DocumentEmail' });

export function serializeDocumentEmail(e: Record<string, any>): z.infer<typeof documentEmailResource> { // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves
  return {
    id: e.id,
    object: 'document_email',
    document_id: e.documentId,
    status: e.status,
    to: e.to,
    attempts: e.attempts,
    next_attempt_at: e.nextAttemptAt ?? null,
    last_error: e.lastError ?? null,
    message_id: e.messageId ?? null,
    created_at: e.createdAt,
    sent_at: e.sentAt ?? null,
  };
}
