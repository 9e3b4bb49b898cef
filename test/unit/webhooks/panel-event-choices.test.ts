import { WEBHOOK_EVENTS } from '../../../panel/src/api/webhook-events';
import { WEBHOOK_EVENT_TYPES } from '../../../src/domain/webhooks/event-types';

describe("the panel's webhook event picker", () => {
  it('offers every event an endpoint can subscribe to, each once, with a Spanish label', () => {
    expect(WEBHOOK_EVENTS.map((e) => e.name).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const e of WEBHOOK_EVENTS) expect(e.label).toMatch(/^[A-ZÁÉÍÓÚÑ][^.]+$/);
  });
});
