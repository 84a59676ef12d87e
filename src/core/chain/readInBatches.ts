import { isTooLargeAnswer, spanThatFits } from './logRanges';
import type { ReadLane } from './readLane';

/**
 * Receipts read per JSON-RPC batch: a token transfer's receipt is about 1.6 KB of JSON, so about
 * 4 MB an answer. A node without eth_getBlockReceipts (Hardhat) needs one call per transaction,
 * and an account with 50,000 transfers out needs 50,000: few large batches, not a hundred small.
 */
export const RECEIPTS_PER_BATCH = 2_500;

/**
 * Reads values in JSON-RPC batches of up to `batch` calls (viem groups concurrent calls into one HTTP
 * request), halving the batch whenever an answer is too large for the HTTP client (or going
 * straight to a size that fits when the client says how large it was). With a `lane`,
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
      // When the client said how large the answer was, straight to a size that fits (with room
      // for what others ask beside it), else halve; the size that fitted is kept for what follows.
      const fits = spanThatFits(error, BigInt(size), 0.4);
      size = Math.max(1, fits !== undefined ? Number(fits) : Math.floor(size / 2));
    }
  }
  return out;
}
