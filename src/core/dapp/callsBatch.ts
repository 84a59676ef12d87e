import type { CallsReceiptShape as CallsReceipt } from '../chain/receipts';
import { type Message, msg } from '../i18n/message';
import { type CallsStatus, type HexChainId, settledStatus } from './protocol';

export type { CallsReceipt };

/** Where each call of a batch stands, for the window to show. */
export type CallStep =
  | { state: 'waiting' }
  | { state: 'sending' }
  | { state: 'mining'; hash: string }
  | { state: 'done'; hash: string; receipt: CallsReceipt }
  /** Not sent: `error` says why (the batch stopped here). */
  | { state: 'not sent'; error?: Message | string };

export type BatchProgress = { steps: CallStep[]; status: CallsStatus };

export type BatchDeps = {
  /** Prepares, signs, stores and broadcasts call `index`; its hash. Throws when it was not sent. */
  send(index: number): Promise<string>;
  /** Waits until the transaction is mined. Throws when the node cannot tell. */
  receipt(hash: string): Promise<CallsReceipt>;
  /** Whether to go on to the next call (false once the window is leaving or the site lost the account). */
  stillWanted(): boolean;
  /** Every change, in order. */
  onProgress(progress: BatchProgress): void;
  /** Words for a failure, for the window. */
  describe(error: unknown): string;
};

/** Thrown by `send` when the batch must end before that call (the request ended meanwhile): nothing more is sent. */
export class BatchStopped extends Error {}

/** A fresh batch id: 32 random bytes in hex, as EIP-5792 suggests for ids the wallet makes. */
export function newBatchId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return `0x${Array.from(random(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Sends a batch's calls one after another, each once the one before it is mined, and stops at the
 * first that is refused, fails to send or reverts (EIP-5792 without atomicity). The status is
 * pending while a transaction sent has no receipt, then settled. The first call failing to send
 * throws (nothing was sent: the person can try again); a later one ends the batch part way.
 */
export async function sendCallsInOrder(
  batch: { id: string; chainId: HexChainId; total: number },
  deps: BatchDeps,
): Promise<BatchProgress> {
  const steps: CallStep[] = Array.from({ length: batch.total }, () => ({ state: 'waiting' }));
  const hashes: string[] = [];
  const receipts: CallsReceipt[] = [];
  const progress = (): BatchProgress => {
    const settled = receipts.length === hashes.length && steps.every((s) => s.state !== 'sending');
    const status: CallsStatus = {
      id: batch.id,
      chainId: batch.chainId,
      status: settled ? settledStatus(batch.total, receipts) : 100,
      atomic: false,
      receipts: [...receipts],
      hashes: [...hashes],
      total: batch.total,
    };
    return { steps: [...steps], status };
  };
  const report = () => deps.onProgress(progress());
  const stopAt = (index: number, error?: Message | string) => {
    for (let i = index; i < batch.total; i++)
      steps[i] = i === index && error ? { state: 'not sent', error } : { state: 'not sent' };
  };

  for (let index = 0; index < batch.total; index++) {
    if (index > 0 && !deps.stillWanted()) {
      stopAt(index);
      break;
    }
    steps[index] = { state: 'sending' };
    report();
    let hash: string;
    try {
      hash = await deps.send(index);
    } catch (error) {
      if (index === 0 && !(error instanceof BatchStopped)) {
        steps[0] = { state: 'waiting' };
        report();
        throw error;
      }
      stopAt(index, error instanceof BatchStopped ? undefined : deps.describe(error));
      break;
    }
    hashes.push(hash);
    steps[index] = { state: 'mining', hash };
    report();
    let receipt: CallsReceipt;
    try {
      receipt = await deps.receipt(hash);
    } catch (error) {
      // Sent but not seen mined: the batch stays pending, and the site's connector follows the hash.
      stopAt(index + 1, deps.describe(error));
      steps[index] = { state: 'mining', hash };
      break;
    }
    // Sped up in Cairn meanwhile: the site follows the transaction that was mined.
    if (receipt.transactionHash !== hash) hashes[index] = receipt.transactionHash;
    receipts.push(receipt);
    steps[index] = { state: 'done', hash: receipt.transactionHash, receipt };
    if (receipt.status !== '0x1') {
      stopAt(index + 1, msg('core.contracts:batch.previousFailed'));
      break;
    }
  }
  const last = progress();
  deps.onProgress(last);
  return last;
}
