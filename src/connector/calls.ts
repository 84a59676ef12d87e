import type { CallsStatus, HexChainId } from '../core/dapp/protocol';

type Read = (chainId: HexChainId, method: string, params: unknown[]) => Promise<unknown>;

/**
 * A batch the Cairn window left pending when it closed, followed on by its transactions'
 * receipts: nothing more will be sent for it. Once every hash sent has a receipt it is confirmed
 * (200), reverted (500) or partly done (600); with nothing sent it failed off-chain (400).
 */
export async function followBatch(calls: CallsStatus, read: Read): Promise<CallsStatus> {
  const { status, hashes, chainId } = calls;
  if (status !== 100) return calls;
  if (!hashes.length) return { ...calls, status: 400 };
  const receipts = await Promise.all(hashes.map((hash) => read(chainId, 'eth_getTransactionReceipt', [hash])));
  if (receipts.includes(null)) return calls;
  const done = receipts.filter((receipt) => Object(receipt).status === '0x1').length;
  return { ...calls, status: done ? (done < receipts.length ? 600 : 200) : 500, receipts };
}

/** What wallet_getCallsStatus answers (EIP-5792): the stored status without Cairn's own hashes. */
export const callsResult = ({ id, chainId, status, atomic, receipts }: CallsStatus) => ({
  version: '2.0.0',
  id,
  chainId,
  status,
  atomic,
  receipts,
});
