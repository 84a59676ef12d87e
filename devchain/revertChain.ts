// Takes a shared local chain back to its seeded snapshot: the e2e tests' chain per worker
// (e2e/support/sharedChain.ts) and a smoke bench run's per kind (bench/stage.ts).
import { type Hex, hexToNumber, numberToHex } from 'viem';

/** One JSON-RPC call to the local chain: its result, or a throw. */
export type ChainRpc = <T>(method: string, params?: unknown[]) => Promise<T>;

/**
 * Reverts the chain to `snapshot` (evm_revert) and takes a new snapshot for the next revert (a
 * revert uses its snapshot up). Returns the new snapshot's id, or undefined when the node has no
 * `snapshot`.
 *
 * The revert restores the state, the blocks, the pending transactions and the next base fee, but
 * Hardhat's node (EDR) moves its clock ahead by the time since the snapshot was taken, each revert
 * adding to the last: a chain shared for a few minutes mined blocks minutes in the future, whose
 * head Swap refuses as ahead of the device's clock (SWAP_HEAD_AHEAD). So the next block is stamped
 * with the present (or a second after the head, if later), as on a freshly seeded chain.
 */
export async function revertToSnapshot(rpc: ChainRpc, snapshot: string): Promise<string | undefined> {
  if ((await rpc<boolean>('evm_revert', [snapshot])) !== true) return undefined;
  const next = await rpc<string>('evm_snapshot');
  const head = await rpc<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false]);
  const present = Math.max(Math.floor(Date.now() / 1000), hexToNumber(head.timestamp) + 1);
  await rpc('evm_setNextBlockTimestamp', [numberToHex(present)]);
  return next;
}
