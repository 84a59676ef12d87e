import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { swapFailsNow } from '@/core/swap/recheck';
import type { PreparedSend } from '@/core/tx/prepare';

/** Whether the prepared swap would revert if sent now (see swapFailsNow). */
export function preparedSwapFailsNow(network: Network, prepared: PreparedSend): Promise<boolean> {
  const { to, value, data } = prepared.call;
  return swapFailsNow(chainClient(network), { from: prepared.draft.from, to, value, data });
}
