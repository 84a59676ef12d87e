import type { Address } from 'viem';
import type { ExplorerInternalTx, ExplorerTransfer, ExplorerTx } from '../explorer/parse';
import type { ActivityItem } from './item';
import { receivedItem, type ScannedTx, sentItem } from './nativeScan';

/** Explorers do not say where a transaction sits in its block; items of one block keep their order by id. */
const asScanned = (tx: ExplorerTransfer): ScannedTx => ({
  hash: tx.hash,
  blockNumber: tx.blockNumber,
  timestamp: tx.timestamp,
  txIndex: 0,
  from: tx.from,
  to: tx.to,
  value: tx.value,
});

/**
 * The account's native items in an explorer's answer: each transaction it sent (value, fee, failure),
 * value received by someone else's transaction, and value received from contracts (internal).
 */
export function itemsFromExplorer(
  chainId: number,
  account: Address,
  history: { normal: readonly ExplorerTx[]; internal: readonly ExplorerInternalTx[] },
): ActivityItem[] {
  const me = account.toLowerCase();
  const items: ActivityItem[] = [];
  for (const tx of history.normal) {
    if (tx.from.toLowerCase() === me) {
      const receipt = { fee: tx.gasUsed * tx.gasPrice, failed: tx.isError };
      items.push(sentItem(chainId, account, asScanned(tx), receipt, 'explorer'));
    } else if (!tx.isError && tx.value > 0n) {
      items.push(receivedItem(chainId, account, asScanned(tx), 'tx', 'explorer'));
    }
  }
  history.internal.forEach((tx, n) => {
    if (tx.isError || tx.value === 0n || tx.to?.toLowerCase() !== me) return;
    items.push(receivedItem(chainId, account, asScanned(tx), `internal:${n}`, 'explorer'));
  });
  return items;
}
