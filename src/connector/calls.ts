import { type CallsStatus, type HexChainId, settledStatus } from '../core/dapp/protocol';

type Read = (chainId: HexChainId, method: string, params: unknown[]) => Promise<unknown>;

/**
 * A batch the Cairn window left pending when it closed, followed on by its transactions'
 * receipts: nothing more will be sent for it. Once every hash sent has a receipt it is settled
 * (settledStatus: calls never sent count as not done).
 */
export async function followBatch(calls: CallsStatus, read: Read): Promise<CallsStatus> {
  const { status, hashes, chainId } = calls;
  // A status stored by an older connector has no total: the calls it sent are all it knows of.
  const total = calls.total ?? hashes.length;
  if (status !== 100) return calls;
  const receipts = await Promise.all(hashes.map((hash) => read(chainId, 'eth_getTransactionReceipt', [hash])));
  if (receipts.includes(null)) return calls;
  return { ...calls, status: settledStatus(total, receipts), receipts };
}
