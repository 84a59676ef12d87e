// When a swap stops being valid: its deadline, which is also its permit's expiry. Counted from the
// device's clock, never the node's: a node that claims a future head would otherwise stretch both.
import { SwapError } from '../errors/swap';
import { msg } from '../i18n/message';

/** How far ahead of the device's clock a head may be (clocks drift, blocks are stamped early). */
export const HEAD_AHEAD_LIMIT_SECONDS = 60n;

/**
 * The deadline of a swap asked for now, in unix seconds: `minutes` from the device's clock. Not
 * from the head's time: a chain that mines only when sent a transaction may have a head hours old,
 * and a node may claim one in the future. Throws SwapError SWAP_HEAD_AHEAD when the head is more
 * than HEAD_AHEAD_LIMIT_SECONDS ahead of the device's clock: the node's time or the device's is
 * wrong, and a deadline from either could be far off.
 */
export function swapDeadline(args: { nowSeconds: bigint; headTimestamp: bigint; minutes: bigint }): bigint {
  const { nowSeconds, headTimestamp, minutes } = args;
  const ahead = headTimestamp - nowSeconds;
  if (ahead > HEAD_AHEAD_LIMIT_SECONDS)
    throw new SwapError(
      'SWAP_HEAD_AHEAD',
      msg('core.chain:swap.headAhead', { seconds: Number(ahead), limit: Number(HEAD_AHEAD_LIMIT_SECONDS) }),
    );
  return nowSeconds + minutes * 60n;
}

/** The device's clock in whole unix seconds. */
export const deviceSeconds = (nowMs = Date.now()): bigint => BigInt(Math.floor(nowMs / 1000));
