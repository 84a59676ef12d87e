import type { Address } from 'viem';
import { explorerHistory } from '../explorer/account';
import type { ExplorerFetch } from '../explorer/client';
import type { ExplorerConfig } from '../explorer/config';
import type { ExplorerInternalTx, ExplorerTransfer, ExplorerTx } from '../explorer/parse';
import { sameAddress } from '../keys/sameAddress';
import type { ActivityItem } from './item';
import { type NativeTx, receivedItem, sentItem } from './nativeItems';

/** The person's explorer for a network, and (in tests) how to reach it. */
export type ExplorerSource = { config: ExplorerConfig; fetch?: ExplorerFetch | undefined };

/**
 * The account's native history between two blocks from the person's explorer (normal and
 * internal transactions). Errors: ExplorerError.
 */
export async function explorerItems(
  explorer: ExplorerSource,
  chainId: number,
  account: Address,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<ActivityItem[]> {
  const history = await explorerHistory({
    config: explorer.config,
    chainId,
    address: account,
    fromBlock,
    toBlock,
    ...(explorer.fetch ? { fetch: explorer.fetch } : {}),
  });
  return itemsFromExplorer(chainId, account, history);
}

/** Explorers do not say where a transaction sits in its block; items of one block keep their order by id. */
const asNativeTx = (tx: ExplorerTransfer): NativeTx => ({
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
  const items: ActivityItem[] = [];
  for (const tx of history.normal) {
    if (sameAddress(tx.from, account)) {
      // Gas × price, plus the L1 data fee where the explorer reports one (see ExplorerTx.l1Fee).
      const outcome = { fee: tx.gasUsed * tx.gasPrice + (tx.l1Fee ?? 0n), failed: tx.isError };
      items.push(sentItem(chainId, account, asNativeTx(tx), outcome, 'explorer'));
    } else if (!tx.isError && tx.value > 0n) {
      items.push(receivedItem(chainId, account, asNativeTx(tx), 'tx', 'explorer'));
    }
  }
  history.internal.forEach((tx, n) => {
    if (tx.isError || tx.value === 0n || !sameAddress(tx.to, account)) return;
    items.push(receivedItem(chainId, account, asNativeTx(tx), `internal:${n}`, 'explorer'));
  });
  return items;
}
