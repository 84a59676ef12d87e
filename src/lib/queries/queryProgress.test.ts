import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryProgressOf, withQueryProgress } from './queryProgress';

/** A run of the query `key` whose progress and end the test drives. */
function heldRun(client: QueryClient, key: readonly unknown[]) {
  let report: (progress: number) => void = () => {};
  let end: () => void = () => {};
  const done = withQueryProgress<void, number>({ client, queryKey: key }, (onProgress) => {
    report = onProgress;
    return new Promise<void>((resolve) => {
      end = resolve;
    });
  });
  return { report: (p: number) => report(p), end: () => end(), done };
}

describe('withQueryProgress', () => {
  it('reports a run’s progress under its key, and clears it when the run ends', async () => {
    const client = new QueryClient();
    const run = heldRun(client, ['scan']);
    run.report(3);
    expect(queryProgressOf(client, ['scan'])).toBe(3);
    run.end();
    await run.done;
    expect(queryProgressOf(client, ['scan'])).toBeUndefined();
  });

  it('lets a refetch speak alone: the run it replaced neither reports nor clears when it ends later', async () => {
    const client = new QueryClient();
    const first = heldRun(client, ['scan']);
    first.report(1);
    const second = heldRun(client, ['scan']);
    second.report(5);
    first.report(2);
    expect(queryProgressOf(client, ['scan'])).toBe(5);
    first.end();
    await first.done;
    expect(queryProgressOf(client, ['scan'])).toBe(5);
    second.end();
    await second.done;
    expect(queryProgressOf(client, ['scan'])).toBeUndefined();
  });
});
