import { documentEventData, testDocumentEventData, webhookEventBody } from '../../../src/domain/webhooks/webhook-event';

describe('webhook event body', () => {
  it('has the spec fields in a fixed order', () => {
    const body = webhookEventBody({ id: 'evt_1', type: 'document.rejected', environment: '01', createdAt: new Date('2026-11-23T12:00:00.123Z'), data: { a: 1 } });
    expect(body).toBe('{"id":"evt_1","object":"event","type":"document.rejected","environment":"01","created_at":"2026-11-23T12:00:00.123Z","data":{"a":1}}');
  });

  it('the document summary carries exactly the fields of document.processed', () => {
    const data = documentEventData({
      id: 'doc_1',
      type: '03',
      status: 'rejected',
      environment: '00',
      emitterId: 'emt_1',
      externalId: null,
      generationCode: 'ABC',
      controlNumber: 'DTE-03-M001P001-000000000000001',
      receptionStamp: null,
      processedAt: null,
      total: '1130.00',
      mhResponse: { code: '004', message: 'RECHAZADO', observations: ['campo x'] },
    });
    expect(data).toEqual({
      id: 'doc_1',
      object: 'document',
      type: '03',
      status: 'rejected',
      environment: '00',
      emitter_id: 'emt_1',
      external_id: null,
      generation_code: 'ABC',
      control_number: 'DTE-03-M001P001-000000000000001',
      reception_stamp: null,
      processed_at: null,
      total: '1130.00',
      mh_response: { code: '004', message: 'RECHAZADO', observations: ['campo x'] },
      notes: null,
    });
  });

  it('the test event is a processed invoice of environment 00', () => {
    const at = new Date('2026-11-23T12:00:00Z');
    expect(testDocumentEventData({ documentId: 'doc_t', generationCode: 'G', receptionStamp: 'S', processedAt: at })).toMatchObject({
      object: 'document',
      type: '01',
      status: 'processed',
      environment: '00',
      processed_at: '2026-11-23T12:00:00.000Z',
      total: '113.00',
    });
  });
});
