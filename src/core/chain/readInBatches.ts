import { isTooLargeAnswer } from './logRanges';
import type { ReadLane } from './readLane';

/**
 * Reads values in JSON-RPC batches of up to `batch` calls (viem groups concurrent calls into one HTTP
 * request), halving the batch whenever an answer is too large for the HTTP client. With a `lane`,
 * a too-large answer is first asked again alone (other readers' calls may have shared its
 * answer), and only halved when it is too large by itself.
 */
export async function readInBatches<T, R>(
  values: readonly T[],
  read: (value: T) => Promise<R>,
  batch = 500,
  lane?: ReadLane,
): Promise<R[]> {
  const out: R[] = [];
  let size = batch;
  let alone = false;
  const run: ReadLane = lane ?? ((readNow) => readNow());
  for (let i = 0; i < values.length; ) {
    try {
      out.push(...(await run(() => Promise.all(values.slice(i, i + size).map(read)), alone)));
      i += size;
    } catch (error) {
      if (!isTooLargeAnswer(error)) throw error;
      if (lane && !alone) {
        alone = true;
        continue;
      }
      if (size === 1) throw error;
      size = Math.max(1, Math.floor(size / 2));
    }
  }
  return out;
}
