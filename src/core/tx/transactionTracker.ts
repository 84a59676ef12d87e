import { type Address, type Hex, TransactionNotFoundError, TransactionReceiptNotFoundError } from 'viem';
import {
  call,
  getBlock,
  getBlockNumber,
  getTransaction,
  getTransactionCount,
  getTransactionReceipt,
} from 'viem/actions';
import { blockFollows, type HeadBlock } from '../chain/chainHead';
import { type ChainClient, chainClient } from '../chain/client';
import type { Network } from '../chain/networks';
import { toChainError } from '../chain/toChainError';
import { RevertedError } from '../errors/chain';
import { reasonMessage } from '../errors/theirWords';
import { WalletError } from '../errors/wallet';
import { codeValue, type Message, msg } from '../i18n/message';
import { FINAL_CONFIRMATIONS, isActive, isMined, isWatched, type TxRecord } from './record';
import type { RecordWriter, TxChange } from './recordWriter';
import { skippedAuthorization } from './skippedAuthorization';
import { confirmationsAt, type Decision, decide, type Lookup, type MinedReceipt } from './trackDecision';
import type { TxStore } from './txStore';
import { asSentByWallet, type SeenTransaction } from './walletSend';

const UNREPORTED_FAILURE = msg('core.chain:tx.failure.unreported');

/** A node lookup as found / definitely missing / no usable answer. */
async function lookup<T>(read: () => Promise<T>, notFound: (error: unknown) => boolean): Promise<Lookup<T>> {
  try {
    return { kind: 'found', value: await read() };
  } catch (error) {
    return notFound(error) ? { kind: 'missing' } : { kind: 'error' };
  }
}

/** What one pass asked the node, per watched record (same order) and per sender. */
type NodeView = {
  latest: bigint;
  receipts: Lookup<MinedReceipt>[];
  inNode: Lookup<SeenTransaction>[];
  senders: string[];
  nonces: (number | undefined)[];
};

/**
 * Follows a network's records at each new block: receipts make them confirmed or failed (and
 * their same-nonce siblings replaced), a reorganisation undoes them, unknown ones are broadcast
 * again while their nonce is free, or marked dropped once another transaction used it. The rules
 * are in decide(); this reads the node, applies the decisions and stores them.
 */
export class TransactionTracker {
  /** Records seen with their nonce used and no receipt, and the head at which that was first seen. */
  private readonly suspectedDrops = new Map<string, bigint>();
  /** The head each network's last pass saw: a head that follows from it means no reorganisation since. */
  private readonly lastHeads = new Map<string, HeadBlock>();

  constructor(
    private readonly deps: {
      store: TxStore;
      records: RecordWriter;
      /** Sends a record's stored bytes again (TransactionService.broadcast). */
      rebroadcast: (network: Network, record: TxRecord) => Promise<TxRecord>;
    },
  ) {}

  /**
   * One tracking pass over a network's records; returns the status changes it made. `head`: the
   * latest block as the chain's readers share it (asked of the node when not given). A mined
   * record's receipt is read again only when the chain may have reorganised since the last pass
   * (the head does not follow from the last one) and at its last confirmation watched; in between
   * its confirmations come from the head.
   */
  async track(network: Network, head?: HeadBlock): Promise<TxChange[]> {
    // Its own requests: the senders it names must not travel with the reads of other accounts.
    const client = chainClient(network);
    const records = (await this.deps.store.forChain(network.chainId)).filter((r) => r.networkId === network.id);
    const watched = records.filter(isWatched);
    if (watched.length === 0) return [];
    // Receipts of records mined at or below the last head checked are known still to hold when
    // nothing since undid it.
    const settledTo = (await this.followsLastPass(client, network, head))
      ? this.lastHeads.get(network.id)?.number
      : undefined;
    const view = await this.observe(client, watched, head?.number, settledTo);
    // The head counts as checked only once every receipt asked for was answered.
    if (head && view.receipts.every((r) => r.kind !== 'error')) this.lastHeads.set(network.id, head);
    const changes: TxChange[] = [];
    for (const [index, record] of watched.entries()) {
      const current = await this.asSeen(network, record, view.inNode[index]);
      const siblings = (await this.deps.store.forAccount(current.chainId, current.from)).filter(
        (r) => r.id !== current.id && r.nonce === current.nonce && r.networkId === current.networkId,
      );
      const decision = decide(current, {
        latest: view.latest,
        receipt: view.receipts[index] ?? { kind: 'error' },
        inNode: view.inNode[index] ?? { kind: 'error' },
        confirmedNonce: view.nonces[view.senders.indexOf(current.from.toLowerCase())],
        siblings,
        suspectedDropAt: this.suspectedDrops.get(current.id),
      });
      changes.push(...(await this.apply(network, client, current, siblings, decision, view.latest)));
      if (decision.kind !== 'suspect-dropped' && decision.kind !== 'none') this.suspectedDrops.delete(current.id);
    }
    return changes;
  }

  /**
   * Whether `head` extends the head of the network's last pass, so nothing mined since cannot have
   * been undone: known from its parent hash when it is the next block, else from the hash of the
   * last pass's head as the node has it now (one call, whatever the records watched).
   */
  private async followsLastPass(client: ChainClient, network: Network, head: HeadBlock | undefined) {
    const last = this.lastHeads.get(network.id);
    if (!head || !last || head.number <= last.number) return false;
    const direct = blockFollows(last, head);
    if (direct !== undefined) return direct;
    const then = await getBlock(client, { blockNumber: last.number }).catch(() => undefined);
    return then?.hash === last.hash;
  }

  /**
   * Receipts, the node's view of those without one and the senders' mined nonces, each set in
   * one batch: a pass costs two round trips however many records are watched (and one more for
   * the hash of the last pass's head, after skipped blocks).
   */
  private async observe(
    client: ChainClient,
    watched: TxRecord[],
    head: bigint | undefined,
    settledTo: bigint | undefined,
  ): Promise<NodeView> {
    const latest = head ?? (await getBlockNumber(client, { cacheTime: 0 }));
    const senders = [...new Set(watched.filter(isActive).map((r) => r.from.toLowerCase()))];
    const receipts = await Promise.all(
      watched.map((r) =>
        settledTo !== undefined &&
        isMined(r) &&
        r.blockNumber !== undefined &&
        r.blockNumber <= settledTo &&
        confirmationsAt(latest, r.blockNumber) < FINAL_CONFIRMATIONS
          ? Promise.resolve<Lookup<MinedReceipt>>({
              kind: 'found',
              value: { blockNumber: r.blockNumber, success: r.status === 'confirmed', gasUsed: 0n },
            })
          : lookup(
              async (): Promise<MinedReceipt> => {
                const receipt = await getTransactionReceipt(client, { hash: r.hash });
                return {
                  blockNumber: receipt.blockNumber,
                  success: receipt.status === 'success',
                  gasUsed: receipt.gasUsed,
                };
              },
              (error) => error instanceof TransactionReceiptNotFoundError,
            ),
      ),
    );
    const [inNode, nonces] = await Promise.all([
      Promise.all(
        watched.map((r, i) =>
          // A wallet's transaction not yet compared with what was reviewed is read even once mined.
          (receipts[i]?.kind === 'missing' && isActive(r)) || r.nonceUnconfirmed
            ? lookup<SeenTransaction>(
                () => getTransaction(client, { hash: r.hash }),
                (error) => error instanceof TransactionNotFoundError,
              )
            : Promise.resolve<Lookup<SeenTransaction>>({ kind: 'error' }),
        ),
      ),
      Promise.all(
        senders.map((from) =>
          getTransactionCount(client, { address: from as Address, blockTag: 'latest' }).catch(() => undefined),
        ),
      ),
    ]);
    return { latest, receipts, inNode, senders, nonces };
  }

  /**
   * The record as stored now; for one a browser wallet sent that the node had not shown yet, as
   * the node holds it once it does (nonce, call, fees: see asSentByWallet), with what differs from
   * what was reviewed said on it. The hash of another account's transaction leaves it rejected.
   */
  private async asSeen(network: Network, record: TxRecord, inNode: Lookup<SeenTransaction> | undefined) {
    const current = (await this.deps.store.get(record.id)) ?? record;
    if (!current.nonceUnconfirmed || inNode?.kind !== 'found') return current;
    try {
      const others = await this.deps.store.forAccount(current.chainId, current.from);
      return await this.deps.records.save(
        asSentByWallet(current, inNode.value, network.nativeCurrency, others),
        current.status,
      );
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
      return this.deps.records.save({ ...current, status: 'rejected', broadcastError: error.text }, current.status);
    }
  }

  /** Carries out one decision about `current`; returns the status changes it made. */
  private async apply(
    network: Network,
    client: ChainClient,
    current: TxRecord,
    siblings: TxRecord[],
    decision: Decision,
    latest: bigint,
  ): Promise<TxChange[]> {
    const changes: TxChange[] = [];
    const change = async (next: TxRecord) => {
      const saved = await this.deps.records.save(next, current.status);
      if (saved.status !== current.status) changes.push({ record: saved, previous: current.status });
    };
    switch (decision.kind) {
      case 'none':
        break;
      case 'confirmations':
        // The block too: a reorganisation may have mined it again elsewhere, and later passes count from it.
        await this.deps.records.save(
          { ...current, confirmations: decision.confirmations, blockNumber: decision.blockNumber },
          current.status,
        );
        break;
      case 'mined': {
        const { receipt } = decision;
        // A skipped authorization explains a failure too (the batch then ran on a plain account).
        const found = await skippedAuthorization(client, current, receipt.blockNumber);
        // Whether its authorizations took effect decides success: unread, the record waits for the
        // next pass, until it is final (then the receipt decides, as for any transaction).
        if (found === 'unknown' && decision.confirmations < FINAL_CONFIRMATIONS) break;
        const skipped = found === 'unknown' ? undefined : found;
        const failureReason = skipped
          ? msg('core.chain:smartAccount.authorizationSkipped', { account: codeValue(skipped) })
          : receipt.success
            ? undefined
            : receipt.gasUsed >= current.gas
              ? msg('core.chain:tx.failure.outOfGas', { gas: current.gas })
              : await this.revertReason(client, current, receipt.blockNumber);
        await change({
          ...current,
          status: receipt.success && !skipped ? 'confirmed' : 'failed',
          blockNumber: receipt.blockNumber,
          confirmations: decision.confirmations,
          failureReason,
          broadcastError: undefined,
        });
        for (const sibling of siblings) {
          const fresh = (await this.deps.store.get(sibling.id)) ?? sibling;
          if (!isActive(fresh)) continue;
          const replaced = await this.deps.records.save(
            { ...fresh, status: 'replaced', replacedBy: current.id },
            fresh.status,
          );
          changes.push({ record: replaced, previous: fresh.status });
        }
        break;
      }
      case 'unmined':
        await change({ ...current, status: 'pending', blockNumber: undefined, confirmations: 0 });
        break;
      case 'accepted':
        await change({ ...current, status: 'pending', broadcastError: undefined });
        break;
      case 'replaced':
        await change({ ...current, status: 'replaced', replacedBy: decision.by });
        break;
      case 'suspect-dropped':
        this.suspectedDrops.set(current.id, latest);
        break;
      case 'dropped':
        this.suspectedDrops.delete(current.id);
        await change({ ...current, status: 'dropped' });
        break;
      case 'rebroadcast': {
        const after = await this.deps.rebroadcast(network, current);
        if (after.status !== current.status) changes.push({ record: after, previous: current.status });
        break;
      }
    }
    return changes;
  }

  /** Why a mined transaction failed: its call replayed at the block before, for the revert reason. */
  private async revertReason(client: ChainClient, record: TxRecord, blockNumber: bigint): Promise<Message> {
    try {
      await call(client, {
        account: record.from,
        to: record.to,
        data: record.data as Hex,
        value: record.value,
        gas: record.gas,
        blockNumber: blockNumber - 1n,
      });
      return UNREPORTED_FAILURE;
    } catch (error) {
      const chainError = toChainError(error);
      return chainError instanceof RevertedError && chainError.reason
        ? reasonMessage(chainError.reason)
        : UNREPORTED_FAILURE;
    }
  }
}
