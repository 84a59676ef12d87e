import { hashKey, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

// How far a query's work has got (a scan's blocks done of all), beside the query's data: a query
// answers once, at the end, and a long read should show its way there. One record per query
// client, so two wallets in one page (tests) never see each other's work.

type ProgressRecord = {
  values: Map<string, unknown>;
  listeners: Set<() => void>;
  /** The run of each key that may report: a refetch replaces a run still ending (cancelled). */
  runs: Map<string, object>;
};

const records = new WeakMap<QueryClient, ProgressRecord>();

function recordOf(client: QueryClient): ProgressRecord {
  let record = records.get(client);
  if (!record) {
    record = { values: new Map(), listeners: new Set(), runs: new Map() };
    records.set(client, record);
  }
  return record;
}

/**
 * Says how far the query `key`'s work has got, from its queryFn (which gets `client` and
 * `queryKey` in its context); `undefined` when the work has ended, answer or error.
 */
export function reportQueryProgress<P>(client: QueryClient, key: QueryKey, progress: P | undefined): void {
  const record = recordOf(client);
  const hash = hashKey(key);
  if (record.values.get(hash) === progress) return;
  if (progress === undefined) record.values.delete(hash);
  else record.values.set(hash, progress);
  for (const listener of record.listeners) listener();
}

/** Runs a query's work, reporting its progress under its key and clearing it when the work ends. */
export async function withQueryProgress<T, P>(
  context: { client: QueryClient; queryKey: QueryKey },
  work: (onProgress: (progress: P) => void) => Promise<T>,
): Promise<T> {
  const { runs } = recordOf(context.client);
  const hash = hashKey(context.queryKey);
  const run = {};
  runs.set(hash, run);
  // Only the latest run of the key speaks: one cancelled by a refetch may still be ending.
  const report = (progress: P | undefined) => {
    if (runs.get(hash) === run) reportQueryProgress(context.client, context.queryKey, progress);
  };
  try {
    return await work(report);
  } finally {
    report(undefined);
    if (runs.get(hash) === run) runs.delete(hash);
  }
}

/** How far the work of the query `key` has got, now (undefined when none is under way). */
export function queryProgressOf<P>(client: QueryClient, key: QueryKey): P | undefined {
  return recordOf(client).values.get(hashKey(key)) as P | undefined;
}

/** How far the work of the query `key` has got while it runs (see reportQueryProgress). */
export function useQueryProgress<P>(key: QueryKey): P | undefined {
  const client = useQueryClient();
  const record = recordOf(client);
  const subscribe = useCallback(
    (listener: () => void) => {
      record.listeners.add(listener);
      return () => record.listeners.delete(listener);
    },
    [record],
  );
  return useSyncExternalStore(subscribe, () => queryProgressOf<P>(client, key));
}
