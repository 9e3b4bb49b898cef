import { JOBS } from '../../../jobs/jobs';
import { JOB_REGISTRY, parseJobPayload, uniqueKeyOf, type JobName } from '../../../jobs/job-registry';
import type { Services } from '../../../src/services/services';

describe('job registry', () => {
  it('every registered job has exactly one definition, and every definition is registered', () => {
    // The factories only read `services` inside `run`, so an empty object builds the definitions.
    const names = JOBS.map((f) => f({} as Services).name).sort();
    expect(names).toEqual((Object.keys(JOB_REGISTRY) as JobName[]).sort());
  });

  it.each([
    ['transmit-document', { documentId: 'doc_1' }, { documentId: 'doc_1' }],
    ['close-fiscal-period', { accountId: 'acct_1', emitterId: 'emt_1', environment: '00', period: '2026-03', extra: 1 }, { accountId: 'acct_1', emitterId: 'emt_1', environment: '00', period: '2026-03' }],
    ['transmit-document', { documentId: 7 }, null],
    ['transmit-document', {}, null],
    ['deliver-webhook', { deliveryId: '' }, null],
    ['deliver-webhook', { deliveryId: 'x'.repeat(201) }, null],
    ['reconcile-documents', { uniqueKey: 'ignored' }, {}],
  ] as const)('%s with %j parses to %j', (name, data, expected) => {
    expect(parseJobPayload(name, data)).toEqual(expected);
  });

  it.each([
    ['transmit-document', { documentId: 'doc_1' }, 'transmit:doc_1'],
    ['send-invalidation', { invalidationId: 'inv_1' }, 'invalidation:inv_1'],
    ['generate-fiscal-report', { reportId: 'frp_1' }, 'generate-fiscal-report:frp_1'],
    ['close-fiscal-period', { accountId: 'a', emitterId: 'emt_1', environment: '00', period: '2026-03' }, 'close-fiscal-period:emt_1:00:2026-03'],
    ['deliver-webhook', { deliveryId: 'dlv_1' }, undefined],
    ['deliver-document-email', { emailId: 'eml_1' }, undefined],
  ] as const)('%s %j is queued under the unique key %s', (name, payload, key) => {
    expect(uniqueKeyOf(name, payload as never)).toBe(key);
  });
});
