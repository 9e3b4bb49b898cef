import type { Actor } from '../../services/shared/actor';
import type { DocumentStatusEvent } from '../../services/ports/document-status-bus.port';
import type { GraphQLContext } from '../common/context';
import { toDocument } from './document.mapper';
import type { DocumentType } from './document.types';

/**
 * The live stream behind `documentStatusChanged`: status changes published on the bus (from any
 * process), restricted to the subscriber's account and environment and to the document or emitter
 * asked for; each change yields the document as it is now.
 */
export function documentStatusStream(ctx: GraphQLContext, actor: Actor, filter: { id: string | null; emitterId: string | null }): AsyncIterableIterator<DocumentType> {
  const queue: DocumentStatusEvent[] = [];
  let wake: (() => void) | null = null;
  let done = false;
  const unsubscribe = ctx.services.deps.statusBus.subscribe((e) => {
    if (e.accountId !== actor.accountId || e.environment !== actor.environment || (actor.onlyEmitterIds && !actor.onlyEmitterIds.includes(e.emitterId))) return;
    if (filter.id && e.documentId !== filter.id) return;
    if (filter.emitterId && e.emitterId !== filter.emitterId) return;
    queue.push(e);
    wake?.();
  });
  const finish = () => {
    done = true;
    unsubscribe();
    wake?.();
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next(): Promise<IteratorResult<DocumentType>> {
      for (;;) {
        if (done) return { value: undefined, done: true };
        const e = queue.shift();
        if (e) {
          const view = await ctx.services.getDocument.execute(actor, e.documentId);
          if (view) return { value: toDocument(view), done: false };
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    },
    async return(): Promise<IteratorResult<DocumentType>> {
      finish();
      return { value: undefined, done: true };
    },
  };
}
