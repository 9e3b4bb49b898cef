import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './http';
import { newIdempotencyKey } from './idempotency';

export interface Loadable<T> {
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
  reload: () => void;
  /**
   * The data on screen may be out of date (a live subscription just started listening): load it
   * again, still showing what is there, or what is on its way.
   */
  refresh: () => void;
  /**
   * Replaces the data in place (a live update, an optimistic change). A load on its way may have
   * read the state before this change: its answer is dropped and the data loaded again.
   */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

function asApiError(err: unknown): ApiError {
  return err instanceof ApiError ? err : new ApiError('Ocurrió un error inesperado en el panel. Recargue la página e intente de nuevo.', 0, 'panel_error');
}

/** Answers dropped in a row because the data changed while they were on their way, before one is shown anyway. */
const MAX_DROPPED = 3;

/**
 * Loads data for a screen and reloads when a dependency changes; an answer that arrives late for old
 * dependencies is dropped. `ready` may hand data already at hand when the screen first renders (a
 * first page asked at page load): the screen is then drawn with it at once and the first load is skipped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[], ready?: () => T | undefined): Loadable<T> {
  const [initial] = useState(() => ready?.());
  const [data, setDataState] = useState<T | undefined>(initial);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(initial === undefined);
  const [tick, setTick] = useState(0);
  const generation = useRef(0);
  const skipFirst = useRef(initial !== undefined);
  /** The load on its way, if any: whether to load again after it, and whether to drop its answer. */
  const flight = useRef<{ again: boolean; drop: boolean } | null>(null);
  const dropped = useRef(0);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const mine = ++generation.current;
    const state = { again: false, drop: false };
    flight.current = state;
    setLoading(true);
    setError(null);
    load().then(
      (d) => {
        if (mine !== generation.current) return;
        flight.current = null;
        if (state.drop && dropped.current < MAX_DROPPED) {
          dropped.current++;
          setTick((t) => t + 1);
          return;
        }
        dropped.current = 0;
        setDataState(d);
        if (state.again || state.drop) setTick((t) => t + 1);
        else setLoading(false);
      },
      (err) => {
        if (mine !== generation.current) return;
        flight.current = null;
        setError(asApiError(err));
        setLoading(false);
      },
    );
    // `load` is a fresh closure each render; the dependencies say when to run it again.
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const refresh = useCallback(() => {
    if (flight.current) flight.current.again = true;
    else setTick((t) => t + 1);
  }, []);
  const setData = useCallback((update: (current: T | undefined) => T | undefined) => {
    if (flight.current) flight.current.drop = true;
    setDataState((d) => update(d));
  }, []);
  return { data, error, loading, reload, refresh, setData };
}

export interface Action<A extends unknown[], R> {
  /** Starts the action unless it is already running (a double click sends once). */
  run: (...args: A) => Promise<R | undefined>;
  pending: boolean;
  error: ApiError | null;
  clear: () => void;
}

/**
 * A user action that changes something: one fresh Idempotency-Key per run, and while it runs
 * further runs are ignored.
 */
export function useAction<A extends unknown[], R>(fn: (idempotencyKey: string, ...args: A) => Promise<R>): Action<A, R> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const running = useRef(false);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const run = useCallback(async (...args: A) => {
    if (running.current) return undefined;
    running.current = true;
    setPending(true);
    setError(null);
    try {
      return await fnRef.current(newIdempotencyKey(), ...args);
    } catch (err) {
      setError(asApiError(err));
      return undefined;
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);
  return { run, pending, error, clear: () => setError(null) };
}

/** `value` once it has stayed the same for `ms` (a search box's text, sent after the typing stops). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}
