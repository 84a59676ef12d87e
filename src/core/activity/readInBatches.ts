import { isTooLargeAnswer } from './logRanges';

/**
 * Reads values in JSON-RPC batches of up to `batch` calls (viem groups concurrent calls into one HTTP
 * request), halving the batch whenever an answer is too large for the HTTP client.
 */
export async function readInBatches<T, R>(
  values: readonly T[],
  read: (value: T) => Promise<R>,
  batch = 500,
): Promise<R[]> {
  const out: R[] = [];
  let size = batch;
  for (let i = 0; i < values.length; ) {
    try {
      out.push(...(await Promise.all(values.slice(i, i + size).map(read))));
      i += size;
    } catch (error) {
      if (!isTooLargeAnswer(error) || size === 1) throw error;
      size = Math.max(1, Math.floor(size / 2));
    }
  }
  return out;
}
