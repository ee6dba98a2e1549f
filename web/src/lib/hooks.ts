import type { TadaDocumentNode } from 'gql.tada';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, request, subscribe } from './client';

export interface QueryState<R> {
  data: R | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload(): void;
  setData(update: (prev: R | undefined) => R | undefined): void;
}

/** Runs a query when its variables change; keeps the last data while reloading. */
export function useQuery<R, V>(doc: TadaDocumentNode<R, V>, variables: V, o: { skip?: boolean } = {}): QueryState<R> {
  const [data, setData] = useState<R>();
  const [error, setError] = useState<ApiError>();
  const [loading, setLoading] = useState(!o.skip);
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(variables ?? {});
  useEffect(() => {
    if (o.skip) return;
    let live = true;
    setLoading(true);
    request(doc, JSON.parse(key) as V)
      .then((d) => live && (setData(d), setError(undefined)))
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e : new ApiError('ERROR', String(e))))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [doc, key, tick, o.skip]);
  return { data, error, loading, reload: useCallback(() => setTick((t) => t + 1), []), setData };
}

export interface MutationState<R, V> {
  run(variables: V): Promise<R | undefined>;
  busy: boolean;
  error: ApiError | undefined;
  reset(): void;
}

/** A mutation: run() resolves to the data, or to undefined with `error` set. */
export function useMutation<R, V>(doc: TadaDocumentNode<R, V>): MutationState<R, V> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const run = useCallback(
    async (variables: V) => {
      setBusy(true);
      setError(undefined);
      try {
        return await request(doc, variables);
      } catch (e) {
        setError(e instanceof ApiError ? e : new ApiError('ERROR', String(e)));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [doc],
  );
  return { run, busy, error, reset: useCallback(() => setError(undefined), []) };
}

/** Keeps a graphql-ws subscription open while the component is mounted. */
export function useSubscription<R, V>(doc: TadaDocumentNode<R, V>, variables: V, onData: (data: R) => void): void {
  const handler = useRef(onData);
  handler.current = onData;
  const key = JSON.stringify(variables ?? {});
  useEffect(() => subscribe(doc, JSON.parse(key) as V, (d) => handler.current(d)), [doc, key]);
}

/** Re-renders every second (countdowns). */
export function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}
