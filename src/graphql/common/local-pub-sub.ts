import { EventEmitter, on } from 'node:events';
import type { PubSub } from 'type-graphql';

/**
 * type-graphql needs a PubSub to build subscription fields; the service's subscriptions use their
 * own `subscribe` functions over the event bus, so this in-process one is only the required default.
 */
export function createLocalPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (topic, payload) => void emitter.emit(topic, payload),
    subscribe: (topic) => {
      const it = on(emitter, topic) as AsyncIterableIterator<unknown[]>;
      return (async function* () {
        for await (const [payload] of it) yield payload;
      })();
    },
  };
}
