import type { DocumentCreateInput } from '../../src/domain/dte';
import type { DocumentRow } from '../../src/persistence/documents/document-row';

/**
 * A signed CCF (03) as issuance stores it, every column set, for tests that put documents straight
 * into the store: number `n` of a test's four-digit `series`, so generation codes and control
 * numbers never clash between tests; `set` overrides columns.
 */
export function signedCcfRow(
  p: { id: string; accountId: string; emitterId: string; request: DocumentCreateInput; series: string; n: number; at: Date },
  set: Partial<DocumentRow> = {},
): DocumentRow & { status: 'signed' } {
  return {
    id: p.id, account_id: p.accountId, emitter_id: p.emitterId, environment: '00', type: '03', external_id: null,
    generation_code: `00000000-0000-4000-${p.series}-${String(p.n).padStart(12, '0')}`, control_number: `DTE-03-M001P001-${p.series}${String(p.n).padStart(11, '0')}`,
    establishment_code: 'M001', point_of_sale_code: 'P001', issued_at: p.at, issue_date: '2026-01-15', model_type: 1, contingency_type: null, contingency_reason: null,
    subtotal: '1.00', iva: '0.13', total: '1.13', total_in_words: 'UNO 13/100 USD', receiver_name: 'Receptor', receiver_document_type: '36', receiver_document_number: '06140101010101',
    receiver_nrc: null, receiver_email: null, related_documents: [], warnings: [], request: p.request, dte_json: '{}', jws: 'a.b.c', signed_at: p.at,
    reception_stamp: null, processed_at: null, mh_response: null, transmission_attempts: 0, transmit_lease_until: null, contingency_episode_id: null, operation_type: 1,
    first_transmitted_at: null, rejected_at: null, voided_at: null, void: null, replaces_document_id: null, replaced_by_document_id: null, send_email: false,
    fiscal_tags: {}, created_at: p.at, updated_at: p.at,
    ...set,
    status: 'signed',
  };
}
