import {
  type Address,
  type Hex,
  keccak256,
  type LocalAccount,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import {
  call,
  getBlockNumber,
  getChainId,
  getTransaction,
  getTransactionCount,
  getTransactionReceipt,
  sendRawTransaction,
} from 'viem/actions';
import { type ChainClient, chainClient } from '../chain/client';
import type { Network } from '../chain/networks';
import { toChainError } from '../chain/toChainError';
import { CairnError } from '../errors/base';
import { RevertedError, WrongChainError } from '../errors/chain';
import { type FeeMarket, type Fees, feeFields, presetFees } from './fees';
import type { LockProvider } from './locks';
import { checkChosenNonce, nodePendingNonce, nonceLockName, pickNonce } from './nonces';
import { isActive, isWatched, type TxKind, type TxRecord } from './record';
import { RecordWriter, type TxChange } from './recordWriter';
import { CANCEL_GAS, type ReplacementPlan } from './replacement';
import { decide, type Lookup, type MinedReceipt } from './trackDecision';
import type { CallRequest } from './transfer';
import type { TxStore } from './txStore';

export type SubmitRequest = {
  network: Network;
  account: LocalAccount;
  kind: TxKind;
  call: CallRequest;
  gas: bigint;
  fees: Fees;
  /** A nonce the person chose (advanced); otherwise the nonce manager picks it. */
  nonce?: number | undefined;
  intent?: TxRecord['intent'];
  /** The pending record a speed-up or cancel replaces (same nonce). */
  replaces?: TxRecord;
};

const UNREPORTED_FAILURE = 'The contract rejected it without saying why.';

export type { TxChange } from './recordWriter';

function errorWords(error: unknown): string {
  return error instanceof Error ? `${error.message} ${(error as { details?: string }).details ?? ''}` : String(error);
}

function isAlreadyKnown(error: unknown): boolean {
  return /already known|known transaction|already imported|AlreadyKnown/i.test(errorWords(error));
}

/**
 * Refusals that sending the same bytes again cannot change: the transaction itself is unusable
 * (too little gas, fees above the node's cap, unsupported type, bad signature) or the account
 * cannot pay for it. "nonce too low" is not among them: tracking sees the nonce used.
 */
function isPermanentRejection(error: unknown): boolean {
  return /insufficient funds|enough funds|intrinsic gas too low|exceeds block gas limit|gas limit reached|exceeds the configured cap|fee cap|tip higher than|priority fee .*(higher|greater) than|transaction type not supported|invalid sender|invalid signature|oversized data/i.test(
    errorWords(error),
  );
}

/** A node lookup as found / definitely missing / no usable answer. */
async function lookup<T>(read: () => Promise<T>, notFound: (error: unknown) => boolean): Promise<Lookup<T>> {
  try {
    return { kind: 'found', value: await read() };
  } catch (error) {
    return notFound(error) ? { kind: 'missing' } : { kind: 'error' };
  }
}

/**
 * Signs, stores, broadcasts and tracks transactions. The signed transaction is stored before
 * it is broadcast, so a crash or a failed broadcast loses nothing; the nonce is chosen under a
 * lock per account and chain (Web Locks in the browser), so two tabs never reuse one; tracking
 * re-broadcasts the same bytes while the node does not know them.
 *
 * Errors: WrongChainError (the node answers for another chain: nothing is signed), ChainError,
 * VAULT_LOCKED (from the account's key source).
 */
export class TransactionService {
  private readonly now: () => number;
  private readonly newId: () => string;
  /** Records seen with their nonce used and no receipt, and the head at which that was first seen. */
  private readonly suspectedDrops = new Map<string, bigint>();
  private readonly records: RecordWriter;

  constructor(
    private readonly deps: {
      store: TxStore;
      locks: LockProvider;
      now?: () => number;
      newId?: () => string;
      /** A record's status changed (for notices). */
      onChange?: (change: TxChange) => void;
      /** A record was stored, whatever changed (for views that list records). */
      onStored?: (record: TxRecord) => void;
    },
  ) {
    this.now = deps.now ?? (() => Date.now());
    this.newId = deps.newId ?? (() => crypto.randomUUID());
    this.records = new RecordWriter({ ...deps, now: this.now });
  }

  /** Signs and stores (under the nonce lock), then broadcasts. Returns the record after the broadcast attempt. */
  async submit(request: SubmitRequest): Promise<TxRecord> {
    const { network, account } = request;
    const client = chainClient(network);
    const record = await this.deps.locks.withLock(nonceLockName(network.chainId, account.address), async () => {
      // One round trip: the chain id check and the node's nonce go out as one batch.
      const [actual, records, nodePending] = await Promise.all([
        getChainId(client).catch((error: unknown) => {
          throw toChainError(error);
        }),
        this.deps.store.forAccount(network.chainId, account.address),
        nodePendingNonce(client, account.address),
      ]);
      if (actual !== network.chainId) {
        throw new WrongChainError({
          expectedChainId: network.chainId,
          actualChainId: actual,
          rpcUrl: network.rpcUrls[0],
        });
      }
      const nonce = request.replaces?.nonce ?? request.nonce ?? pickNonce(nodePending, records);
      if (!request.replaces) checkChosenNonce(request, nonce, nodePending, records);
      const raw = await account.signTransaction({
        chainId: network.chainId,
        nonce,
        to: request.call.to,
        value: request.call.value,
        data: request.call.data === '0x' ? undefined : request.call.data,
        gas: request.gas,
        ...feeFields(request.fees),
      });
      const created: TxRecord = {
        id: this.newId(),
        kind: request.kind,
        networkId: network.id,
        chainId: network.chainId,
        from: account.address,
        nonce,
        to: request.call.to,
        value: request.call.value,
        data: request.call.data,
        gas: request.gas,
        fees: request.fees,
        hash: keccak256(raw),
        raw,
        intent: request.intent,
        status: 'signed',
        createdAt: this.now(),
        updatedAt: this.now(),
        revision: 0,
        replaces: request.replaces?.id,
        replacedBy: undefined,
        blockNumber: undefined,
        confirmations: 0,
        failureReason: undefined,
        broadcastError: undefined,
        lastBroadcastAt: undefined,
      };
      await this.records.add(created);
      return created;
    });
    const sent = await this.broadcast(network, record);
    if (request.replaces && sent.status !== 'rejected') {
      // The old transaction is no longer sent on its own: its replacement stands for it.
      await this.records.amend(request.replaces.id, (original) =>
        isActive(original) ? { ...original, replacedBy: sent.id } : undefined,
      );
    }
    return sent;
  }

  /**
   * Sends the stored signed bytes (re-read from storage, so a stale copy never overwrites a newer
   * state; settled records are not sent). A transient failure is kept on the record and tracking
   * retries; a permanent refusal marks it rejected, which frees its nonce.
   */
  async broadcast(network: Network, record: TxRecord): Promise<TxRecord> {
    const current = (await this.deps.store.get(record.id)) ?? record;
    if (!isActive(current) && current.status !== 'rejected') return current;
    const client = chainClient(network);
    let next: TxRecord;
    try {
      await sendRawTransaction(client, { serializedTransaction: current.raw });
      next = { ...current, status: 'pending', broadcastError: undefined, lastBroadcastAt: this.now() };
    } catch (error) {
      const chainError = toChainError(error);
      if (isAlreadyKnown(error)) {
        next = { ...current, status: 'pending', broadcastError: undefined, lastBroadcastAt: this.now() };
      } else if (isPermanentRejection(error)) {
        const reason = (error as { details?: string }).details ?? chainError.shortMessage;
        next = { ...current, status: 'rejected', broadcastError: reason, lastBroadcastAt: this.now() };
      } else {
        next = { ...current, broadcastError: chainError.shortMessage, lastBroadcastAt: this.now() };
      }
    }
    const latest = await this.deps.store.get(current.id);
    // Tracking may have settled it while the broadcast was in flight: that state wins.
    if (latest && !isActive(latest) && latest.status !== 'rejected') return latest;
    return this.records.save(next, current.status);
  }

  /**
   * Speeds up or cancels a pending transaction with a plan from planReplacement (the person saw
   * its fee): speed up = the same call and nonce with higher fees; cancel = a 0-value transfer to
   * oneself at that nonce. The original is marked once the node takes the replacement.
   */
  async replace(network: Network, account: LocalAccount, record: TxRecord, plan: ReplacementPlan): Promise<TxRecord> {
    if (!plan.enough) {
      throw new CairnError(
        'TX_REPLACEMENT_FUNDS',
        'The balance does not cover the amount plus the higher fee. Cancel the transaction instead, or wait.',
      );
    }
    return this.submit({
      network,
      account,
      kind: plan.kind,
      call:
        plan.kind === 'speed-up'
          ? { to: record.to, value: record.value, data: record.data }
          : { to: record.from, value: 0n, data: '0x' },
      gas: plan.gas,
      fees: plan.fees,
      intent: plan.kind === 'speed-up' ? record.intent : undefined,
      replaces: record,
    });
  }

  /** Fills a nonce gap with a 0-value transfer to oneself, so the transactions after it can be mined. */
  fillGap(network: Network, account: LocalAccount, nonce: number, market: FeeMarket): Promise<TxRecord> {
    return this.submit({
      network,
      account,
      kind: 'fill-gap',
      call: { to: account.address, value: 0n, data: '0x' },
      gas: CANCEL_GAS,
      fees: presetFees(market, 'normal'),
      nonce,
    });
  }

  /**
   * One tracking pass over a network's records (run it at each new block): receipts make
   * records confirmed or failed (and their same-nonce siblings replaced), a reorganisation
   * undoes them, unknown ones are re-broadcast while their nonce is free, or marked dropped
   * once another transaction used it. See decide() for the rules.
   */
  async track(network: Network): Promise<TxChange[]> {
    const client = chainClient(network);
    const records = (await this.deps.store.forChain(network.chainId)).filter((r) => r.networkId === network.id);
    const watched = records.filter(isWatched);
    if (watched.length === 0) return [];
    const changes: TxChange[] = [];
    const latest = await getBlockNumber(client, { cacheTime: 0 });
    const senders = [...new Set(watched.filter(isActive).map((r) => r.from.toLowerCase()))];

    // Receipts, the node's view of those without one and the senders' mined nonces, each set in
    // one batch: a pass costs two round trips however many records are watched.
    const receipts = await Promise.all(
      watched.map((r) =>
        lookup(
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
          receipts[i]?.kind === 'missing' && isActive(r)
            ? lookup(
                () => getTransaction(client, { hash: r.hash }).then(() => true as const),
                (error) => error instanceof TransactionNotFoundError,
              )
            : Promise.resolve<Lookup<true>>({ kind: 'error' }),
        ),
      ),
      Promise.all(
        senders.map((from) =>
          getTransactionCount(client, { address: from as Address, blockTag: 'latest' }).catch(() => undefined),
        ),
      ),
    ]);

    for (const [index, record] of watched.entries()) {
      const current = (await this.deps.store.get(record.id)) ?? record;
      const siblings = (await this.deps.store.forAccount(current.chainId, current.from)).filter(
        (r) => r.id !== current.id && r.nonce === current.nonce && r.networkId === current.networkId,
      );
      const decision = decide(current, {
        latest,
        receipt: receipts[index] ?? { kind: 'error' },
        inNode: inNode[index] ?? { kind: 'error' },
        confirmedNonce: nonces[senders.indexOf(current.from.toLowerCase())],
        siblings,
        suspectedDropAt: this.suspectedDrops.get(current.id),
      });
      const change = async (next: TxRecord) => {
        const saved = await this.records.save(next, current.status);
        if (saved.status !== current.status) changes.push({ record: saved, previous: current.status });
        return saved;
      };
      switch (decision.kind) {
        case 'none':
          break;
        case 'confirmations':
          await this.records.save({ ...current, confirmations: decision.confirmations }, current.status);
          break;
        case 'mined': {
          const { receipt } = decision;
          const failureReason = receipt.success
            ? undefined
            : receipt.gasUsed >= current.gas
              ? `It ran out of gas: all ${current.gas.toLocaleString('en-US')} gas of its limit was used.`
              : await this.revertReason(client, current, receipt.blockNumber);
          await change({
            ...current,
            status: receipt.success ? 'confirmed' : 'failed',
            blockNumber: receipt.blockNumber,
            confirmations: decision.confirmations,
            failureReason,
            broadcastError: undefined,
          });
          for (const sibling of siblings) {
            const fresh = (await this.deps.store.get(sibling.id)) ?? sibling;
            if (!isActive(fresh)) continue;
            const replaced = await this.records.save(
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
          const after = await this.broadcast(network, current);
          if (after.status !== current.status) changes.push({ record: after, previous: current.status });
          break;
        }
      }
      if (decision.kind !== 'suspect-dropped' && decision.kind !== 'none') this.suspectedDrops.delete(current.id);
    }
    return changes;
  }

  private async revertReason(client: ChainClient, record: TxRecord, blockNumber: bigint): Promise<string> {
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
      return chainError instanceof RevertedError && chainError.reason ? chainError.reason : UNREPORTED_FAILURE;
    }
  }
}
