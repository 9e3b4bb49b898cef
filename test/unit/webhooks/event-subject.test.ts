import { webhookEventBody } from '../../../src/domain/webhooks/webhook-event';
import { webhookEventSubject } from '../../../src/domain/webhooks/event-subject';

const body = (data: Record<string, unknown>) => webhookEventBody({ id: 'evt_1', type: 'x', environment: '00', createdAt: new Date('2026-11-23T12:00:00Z'), data });

describe('what a webhook delivery is about', () => {
  it.each([
    ['a document event: its control number', { id: 'doc_1', object: 'document', control_number: 'DTE-01-M001P001-000000000000123', generation_code: 'ABC' }, { object: 'document', id: 'doc_1', documentId: 'doc_1', label: 'DTE-01-M001P001-000000000000123' }],
    ['a document not numbered yet: its generation code', { id: 'doc_2', object: 'document', control_number: null, generation_code: '5B1E3C2A' }, { object: 'document', id: 'doc_2', documentId: 'doc_2', label: '5B1E3C2A' }],
    ['a return: the returned document', { id: 'ret_1', object: 'document_return', document_id: 'doc_1', generation_code: 'R-1' }, { object: 'document_return', id: 'ret_1', documentId: 'doc_1', label: 'R-1' }],
    ['a special-operations event', { id: 'spo_1', object: 'special_operation', document_id: null, generation_code: 'S-1' }, { object: 'special_operation', id: 'spo_1', documentId: null, label: 'S-1' }],
    ['a fiscal report: type and period', { id: 'frp_1', object: 'fiscal_report', type: 'f07-anexo-1', period: '2026-10' }, { object: 'fiscal_report', id: 'frp_1', documentId: null, label: 'f07-anexo-1 2026-10' }],
    ['a period', { object: 'period', emitter_id: 'emt_1', period: '2026-10' }, { object: 'period', id: null, documentId: null, label: '2026-10' }],
    ['a credential: its environment', { object: 'credential', emitter_id: 'emt_1', environment: '01' }, { object: 'credential', id: null, documentId: null, label: '01' }],
    ['a contingency episode', { id: 'cep_1', object: 'contingency', event_generation_code: 'C-1' }, { object: 'contingency', id: 'cep_1', documentId: null, label: 'C-1' }],
    ['an object added later', { id: 'zzz_1', object: 'future_thing' }, { object: 'future_thing', id: 'zzz_1', documentId: null, label: null }],
  ])('%s', (_label, data, subject) => {
    expect(webhookEventSubject(body(data))).toEqual(subject);
  });

  it.each([
    ['not JSON', '{'],
    ['no data', '{"id":"evt_1"}'],
    ['data without object', '{"data":{"id":"doc_1"}}'],
    ['null', 'null'],
  ])('%s: nothing', (_label, text) => {
    expect(webhookEventSubject(text)).toBeNull();
  });
});
