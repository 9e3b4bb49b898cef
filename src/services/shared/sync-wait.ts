import type { ServiceDeps } from './service-deps';

/**
 * A request that started work at MH (a transmission, an event) waits for it up to SYNC_WAIT_MS: the
 * work's result, or null when the wait ends first — the work goes on and a job or the reconciler
 * takes it up if this process dies. A failure is logged with `context` and answered as null.
 * Shared by issuance, `/retry` and the return and special-operations events. A stop of the process
 * ends the wait at once (ProcessLifecycle).
 */
export async function waitUpToSyncWait<T>(deps: Pick<ServiceDeps, 'config' | 'logger' | 'lifecycle'>, work: Promise<T>, context: Record<string, unknown>): Promise<T | null> {
  const running = work.catch((err): null => {
    deps.logger.error({ err, ...context }, 'el envío al MH falló; lo retomará el reconciliador');
    return null;
  });
  deps.lifecycle?.track(running);
  // A process that is stopping answers at once (the work goes on, up to the stop's bound).
  if (deps.lifecycle?.isStopping) return null;
  let timer: NodeJS.Timeout | undefined;
  const waits: Promise<T | null>[] = [running, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), deps.config.mh.syncWaitMs)))];
  if (deps.lifecycle) waits.push(deps.lifecycle.stopping.then(() => null));
  const outcome = await Promise.race(waits);
  if (timer) clearTimeout(timer);
  return outcome;
}
