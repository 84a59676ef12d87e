// Direct JSON-RPC access to the test chain, to compare what the UI shows with the node.
import { createTestClient, http, parseEther, parseGwei, publicActions, walletActions } from 'viem';
import { hardhat } from 'viem/chains';
import { demoAddress } from '../../devchain/seed.ts';

/** `retryCount: 0` for reads expected to revert (the node answers them as internal errors, which viem retries). */
export function nodeClient(url: string, options: { retryCount?: number } = {}) {
  return createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url, options) })
    .extend(publicActions)
    .extend(walletActions);
}

/** Mines one block with a real transfer between two demo accounts; returns its block number. */
export async function mineTransfer(url: string): Promise<bigint> {
  const client = nodeClient(url);
  const hash = await client.sendTransaction({ account: demoAddress(3), to: demoAddress(4), value: parseEther('0.01') });
  const receipt = await client.waitForTransactionReceipt({ hash });
  return receipt.blockNumber;
}

/** Fees comfortably above the node's base fee, as an offline signer would copy them from a fee tracker. */
export async function offlineFees(url: string): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  const block = await nodeClient(url).getBlock();
  const maxFeePerGas = (block.baseFeePerGas ?? 0n) * 2n + parseGwei('2');
  return { maxFeePerGas, maxPriorityFeePerGas: parseGwei('1.5') };
}
