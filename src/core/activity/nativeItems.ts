import type { Address, Hex, Transaction, TransactionReceipt } from 'viem';
import { receiptL1Fee } from '../chain/l1Fees';
import { type ActivityItem, type ActivitySource, activityItem, direction } from './item';

/** A transaction as native history needs it, whichever source found it: a block, the node, an explorer. */
export type NativeTx = {
  hash: Hex;
  blockNumber: bigint;
  /** Block time in unix seconds; undefined until its block is read. */
  timestamp: number | undefined;
  txIndex: number;
  from: Address;
  /** Undefined for a contract creation. */
  to: Address | undefined;
  value: bigint;
};

/** What a transaction the account sent cost it, and whether it reverted. */
export type TxOutcome = { fee: bigint; failed: boolean; contractAddress?: Address | undefined };

/** A mined transaction as the node returns it. */
export function nativeTx(
  tx: Pick<Transaction, 'hash' | 'transactionIndex' | 'from' | 'to' | 'value'>,
  blockNumber: bigint,
  timestamp: number | undefined,
): NativeTx {
  return {
    hash: tx.hash,
    blockNumber,
    timestamp,
    txIndex: tx.transactionIndex ?? 0,
    from: tx.from,
    to: tx.to ?? undefined,
    value: tx.value,
  };
}

/**
 * The fee a mined transaction paid: gas used × effective gas price, plus the L1 data fee the
 * receipt reports on OP Stack and Scroll rollups (`l1Fee`, see receiptL1Fee).
 */
export function receiptFee(receipt: Pick<TransactionReceipt, 'gasUsed' | 'effectiveGasPrice'>): bigint {
  return receipt.gasUsed * receipt.effectiveGasPrice + receiptL1Fee(receipt);
}

export function receiptOutcome(
  receipt: Pick<TransactionReceipt, 'gasUsed' | 'effectiveGasPrice' | 'status'>,
): TxOutcome {
  return { fee: receiptFee(receipt), failed: receipt.status !== 'success' };
}

/** The item of native value a transaction moved for the account; `own` is what differs by side. */
function nativeItem(
  chainId: number,
  account: Address,
  tx: NativeTx,
  part: string,
  source: ActivitySource,
  own: Pick<ActivityItem, 'direction' | 'counterparty' | 'fee' | 'failed'>,
): ActivityItem {
  return activityItem(part, {
    chainId,
    account,
    hash: tx.hash,
    blockNumber: tx.blockNumber,
    timestamp: tx.timestamp,
    txIndex: tx.txIndex,
    logIndex: undefined,
    asset: { kind: 'native' },
    amount: tx.value,
    source,
    ...own,
  });
}

/**
 * The item of a transaction the account sent: its native value (often 0), its fee, whether it
 * failed. Its counterparty is the recipient, else the contract it created when the outcome names one.
 */
export function sentItem(
  chainId: number,
  account: Address,
  tx: NativeTx,
  outcome: TxOutcome,
  source: ActivitySource,
): ActivityItem {
  const dir = direction(account, tx.from, tx.to);
  return nativeItem(chainId, account, tx, 'tx', source, {
    direction: dir === 'in' ? 'out' : dir,
    counterparty: tx.to ?? outcome.contractAddress,
    fee: outcome.fee,
    failed: outcome.failed,
  });
}

/** The item of native value received from someone else's transaction. */
export function receivedItem(
  chainId: number,
  account: Address,
  tx: NativeTx,
  part: string,
  source: ActivitySource,
): ActivityItem {
  return nativeItem(chainId, account, tx, part, source, {
    direction: 'in',
    counterparty: tx.from,
    fee: undefined,
    failed: false,
  });
}
