import {
  AWAITING_SEAL_STATUSES,
  AWAITING_TRANSMISSION_STATUSES,
  BOOKED_STATUSES,
  DOCUMENT_BIRTHS,
  DOCUMENT_EVENT_TYPES,
  DOCUMENT_MOVES,
  DOCUMENT_OUTBOX_EVENTS,
  DOCUMENT_STATUSES,
  FINAL_STATUSES,
  SEALED_STATUSES,
  STANDING_STATUSES,
  WITHOUT_EFFECT_STATUSES,
  canMove,
  movesBetween,
  type DocumentStatus,
} from '../../../src/domain/documents';
import { WEBHOOK_EVENT_TYPES } from '../../../src/domain/webhooks/event-types';

/** Every allowed change, written out by hand: the state machine must allow exactly these. */
const ALLOWED: readonly [DocumentStatus, DocumentStatus, string][] = [
  ['signed', 'sending', 'transmit'],
  ['sending', 'sending', 'transmit (an expired lease is taken over)'],
  ['error', 'sending', 'transmit'],
  ['contingency', 'sending', 'transmit (forced retry of a normally signed document)'],
  ['signed', 'processed', 'seal'],
  ['sending', 'processed', 'seal'],
  ['error', 'processed', 'seal'],
  ['contingency', 'processed', 'seal (query or lote)'],
  ['signed', 'rejected', 'reject'],
  ['sending', 'rejected', 'reject'],
  ['error', 'rejected', 'reject'],
  ['contingency', 'rejected', 'reject (lote)'],
  ['signed', 'contingency', 'hold'],
  ['sending', 'contingency', 'hold'],
  ['error', 'contingency', 'hold'],
  ['sending', 'error', 'fail'],
  ['rejected', 'signed', 'resend or correct'],
  ['processed', 'voided', 'void'],
];

const allowed = new Set(ALLOWED.map(([f, t]) => `${f}→${t}`));
const pairs = DOCUMENT_STATUSES.flatMap((from) => DOCUMENT_STATUSES.map((to) => [from, to] as const));

describe('document state machine', () => {
  test.each(pairs.map(([from, to]) => [`${from} → ${to}`, from, to, allowed.has(`${from}→${to}`)] as const))('%s: allowed = %s', (_label, from, to, expected) => {
    expect(canMove(from, to)).toBe(expected);
  });

  it('nothing moves into draft or validated (they exist only in answers), nor out of voided', () => {
    for (const s of DOCUMENT_STATUSES) {
      expect(movesBetween(s, 'draft')).toEqual([]);
      expect(movesBetween(s, 'validated')).toEqual([]);
      expect(movesBetween('voided', s)).toEqual([]);
    }
  });

  it('each move writes an events[] type of the one list and emits a webhook event of the spec or none', () => {
    for (const [name, move] of Object.entries(DOCUMENT_MOVES)) {
      expect([name, DOCUMENT_EVENT_TYPES.includes(move.event)]).toEqual([name, true]);
      if (move.outbox) expect(WEBHOOK_EVENT_TYPES).toContain(move.outbox);
    }
    for (const e of DOCUMENT_OUTBOX_EVENTS) expect(WEBHOOK_EVENT_TYPES).toContain(e);
  });

  it.each([
    ['seal', 'document.processed', 'sealed'],
    ['reject', 'document.rejected', 'rejected'],
    ['hold', 'document.contingency', 'contingency'],
    ['void', 'document.voided', 'voided'],
    ['transmit', null, 'transmitted'],
    ['fail', null, 'error'],
    ['resend', null, 'retry'],
    ['correct', null, 'corrected'],
  ] as const)('%s emits %s and writes %s', (name, outbox, event) => {
    expect(DOCUMENT_MOVES[name]).toMatchObject({ outbox, event });
  });

  it('only a seal queues the issuance e-mail; seal and void touch the books', () => {
    expect(Object.entries(DOCUMENT_MOVES).filter(([, m]) => m.queuesIssuanceEmail).map(([n]) => n)).toEqual(['seal']);
    expect(Object.entries(DOCUMENT_MOVES).filter(([, m]) => m.touchesBooks).map(([n]) => n)).toEqual(['seal', 'void']);
  });

  it.each([
    ['signed', ['created', 'signed'], null],
    ['sending', ['created', 'signed', 'transmitted'], null],
    ['contingency', ['created', 'signed', 'contingency'], 'document.contingency'],
  ] as const)('a document born %s has the lines %j and emits %s', (status, events, outbox) => {
    expect(DOCUMENT_BIRTHS[status]).toEqual({ events, outbox });
  });

  // The named lists other layers import (books, e-mail, retry, reconciler, certification): their exact members.
  it.each([
    ['FINAL (MH answered for good)', FINAL_STATUSES, ['processed', 'rejected', 'voided']],
    ['SEALED (carries the seal)', SEALED_STATUSES, ['processed', 'voided']],
    ['WITHOUT_EFFECT (refused or voided)', WITHOUT_EFFECT_STATUSES, ['rejected', 'voided']],
    ['AWAITING_SEAL (the books record it without the seal)', AWAITING_SEAL_STATUSES, ['contingency', 'sending', 'signed']],
    ['STANDING (a CR in one withholds)', STANDING_STATUSES, ['contingency', 'processed', 'sending', 'signed']],
    ['BOOKED (what the books read)', BOOKED_STATUSES, ['contingency', 'processed', 'sending', 'signed', 'voided']],
    ['AWAITING_TRANSMISSION (the reconciler takes them up)', AWAITING_TRANSMISSION_STATUSES, ['sending', 'signed']],
  ] as const)('%s', (_label, list, members) => {
    expect([...list].sort()).toEqual(members);
  });
});
