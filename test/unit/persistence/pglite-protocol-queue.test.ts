import { endsSequence, keepProtocolSequencesTogether, nextIndex } from '../../../src/persistence/pglite-protocol-queue';

const msg = (type: string) => new Uint8Array([type.charCodeAt(0), 0, 0, 0, 4]);

describe('endsSequence', () => {
  test.each([
    ['P', false],
    ['B', false],
    ['D', false],
    ['E', false],
    ['S', true],
    ['Q', true],
    ['X', true],
    ['p', true],
  ])('%s → %s', (type, expected) => expect(endsSequence(msg(type))).toBe(expected));
  it('a startup packet (length first) stands alone', () => expect(endsSequence(new Uint8Array([0, 0, 0, 8, 0, 3, 0, 0]))).toBe(true));
});

describe('nextIndex', () => {
  const q = [{ handlerId: 2 }, { handlerId: 1 }, { handlerId: 2 }];
  test.each([
    [null, 0],
    [1, 1],
    [2, 0],
    [3, -1],
  ] as const)('sticky %s → %s', (sticky, expected) => expect(nextIndex(q, sticky)).toBe(expected));
  it('an empty queue waits', () => expect(nextIndex([], null)).toBe(-1));
});

describe('keepProtocolSequencesTogether', () => {
  it('serves one client from Parse to Sync before another client', async () => {
    const served: string[] = [];
    const queue = {
      queue: [] as { handlerId: number; message: Uint8Array; resolve(): void; reject(): void; onData(): void }[],
      processing: false,
      lastHandlerId: null as number | null,
      db: {
        isInTransaction: () => false,
        runExclusive: <T>(fn: () => Promise<T>) => fn(),
        execProtocolRawStream: async (m: Uint8Array) => { served.push(String.fromCharCode(m[0])); },
      },
      processQueue: async () => undefined,
      clearQueueForHandler: () => undefined,
    };
    keepProtocolSequencesTogether({ queryQueue: queue });
    const add = (handlerId: number, type: string) => new Promise<void>((resolve, reject) => queue.queue.push({ handlerId, message: msg(type), resolve: () => resolve(), reject, onData: () => undefined }));
    const done = [add(1, 'P'), add(2, 'P'), add(2, 'B'), add(1, 'B'), add(2, 'S'), add(1, 'S')];
    await queue.processQueue.call(queue);
    await Promise.all(done);
    // Client 1 keeps the session through its Sync, then client 2 runs its whole sequence.
    expect(served.join('')).toBe('PBSPBS');
  });
});
