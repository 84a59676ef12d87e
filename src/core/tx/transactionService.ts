import { type Address, type Hex, keccak256, type LocalAccount } from 'viem';
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
import { RevertedError, WrongChainError } from '../errors/chain';
import { type FeeMarket, type Fees, presetFees, replacementFees } from './fees';
import type { LockProvider } from './locks';
import { nodePendingNonce, nonceLockName, pickNonce } from './nonces';
import { isActive, isWatched, type TxKind, type TxRecord, type TxStatus } from './record';
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

export type TxChange = { record: TxRecord; previous: TxStatus };

function feeFields(fees: Fees) {
  return fees.kind === 'legacy'
    ? { type: 'legacy' as const, gasPrice: fees.gasPrice }
    : { type: 'eip1559' as const, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
}

function isAlreadyKnown(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message} ${(error as { details?: string }).details ?? ''}` : String(error);
  return /already known|known transaction|already imported|AlreadyKnown/i.test(text);
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
  }

  /** Signs and stores (under the nonce lock), then broadcasts. Returns the record after the broadcast attempt. */
  async submit(request: SubmitRequest): Promise<TxRecord> {
    const { network, account } = request;
    const client = chainClient(network);
    const record = await this.deps.locks.withLock(nonceLockName(network.chainId, account.address), async () => {
      // One round trip: the chain id check and the node's nonce go out as one batch.
      const nonceGiven = request.replaces?.nonce ?? request.nonce;
      const [actual, records, nodePending] = await Promise.all([
        getChainId(client).catch((error: unknown) => {
          throw toChainError(error);
        }),
        this.deps.store.forAccount(network.chainId, account.address),
        nonceGiven === undefined ? nodePendingNonce(client, account.address) : Promise.resolve(0),
      ]);
      if (actual !== network.chainId) {
        throw new WrongChainError({
          expectedChainId: network.chainId,
          actualChainId: actual,
          rpcUrl: network.rpcUrls[0],
        });
      }
      const nonce = nonceGiven ?? pickNonce(nodePending, records);
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
        replaces: request.replaces?.id,
        replacedBy: undefined,
        blockNumber: undefined,
        confirmations: 0,
        failureReason: undefined,
        broadcastError: undefined,
        lastBroadcastAt: undefined,
      };
      await this.store(created);
      if (request.replaces) {
        // The old transaction is no longer re-broadcast: its replacement stands for it.
        await this.save({ ...request.replaces, replacedBy: created.id }, request.replaces.status);
      }
      return created;
    });
    return this.broadcast(network, record);
  }

  /** Sends the stored signed bytes. A failure is kept on the record; tracking retries. */
  async broadcast(network: Network, record: TxRecord): Promise<TxRecord> {
    const client = chainClient(network);
    let next: TxRecord;
    try {
      await sendRawTransaction(client, { serializedTransaction: record.raw });
      next = { ...record, status: 'pending', broadcastError: undefined, lastBroadcastAt: this.now() };
    } catch (error) {
      if (isAlreadyKnown(error)) {
        next = { ...record, status: 'pending', broadcastError: undefined, lastBroadcastAt: this.now() };
      } else {
        const chainError = toChainError(error);
        next = { ...record, broadcastError: chainError.shortMessage, lastBroadcastAt: this.now() };
      }
    }
    return this.save(next, record.status);
  }

  /** Speeds up a pending transaction: the same call and nonce with fees raised past the node's minimum. */
  speedUp(network: Network, account: LocalAccount, record: TxRecord, market: FeeMarket): Promise<TxRecord> {
    return this.submit({
      network,
      account,
      kind: 'speed-up',
      call: { to: record.to, value: record.value, data: record.data },
      gas: record.gas,
      fees: replacementFees(record.fees, presetFees(market, 'fast')),
      intent: record.intent,
      replaces: record,
    });
  }

  /** Cancels a pending transaction: a 0-value transfer to oneself with the same nonce and higher fees. */
  cancel(network: Network, account: LocalAccount, record: TxRecord, market: FeeMarket): Promise<TxRecord> {
    return this.submit({
      network,
      account,
      kind: 'cancel',
      call: { to: record.from, value: 0n, data: '0x' },
      gas: 21_000n,
      fees: replacementFees(record.fees, presetFees(market, 'fast')),
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
      gas: 21_000n,
      fees: presetFees(market, 'normal'),
      nonce,
    });
  }

  /**
   * One tracking pass over a network's records (run it at each new block): receipts make
   * records confirmed or failed (and their same-nonce siblings replaced), unknown ones are
   * re-broadcast while their nonce is free, or marked dropped once another transaction used it.
   */
  async track(network: Network): Promise<TxChange[]> {
    const client = chainClient(network);
    const records = (await this.deps.store.forChain(network.chainId)).filter((r) => r.networkId === network.id);
    const watched = records.filter(isWatched);
    if (watched.length === 0) return [];
    const changes: TxChange[] = [];
    const latest = await getBlockNumber(client, { cacheTime: 0 });
    const confirmedNonces = new Map<string, Promise<number>>();
    const confirmedNonce = (from: Address) => {
      const key = from.toLowerCase();
      let value = confirmedNonces.get(key);
      if (!value) {
        value = getTransactionCount(client, { address: from, blockTag: 'latest' });
        confirmedNonces.set(key, value);
      }
      return value;
    };

    // Receipts, then the node's view of those without one, each set in one batch: a pass costs
    // two round trips however many records are watched.
    const receipts = await Promise.all(
      watched.map((r) => getTransactionReceipt(client, { hash: r.hash }).catch(() => undefined)),
    );
    const known = await Promise.all(
      watched.map((r, i) =>
        receipts[i] || r.status === 'confirmed'
          ? undefined
          : getTransaction(client, { hash: r.hash }).catch(() => undefined),
      ),
    );

    for (const [index, record] of watched.entries()) {
      const current = (await this.deps.store.get(record.id)) ?? record;
      if (!isActive(current) && current.status !== 'confirmed') continue;
      const receipt = receipts[index];
      if (receipt) {
        const confirmations = Number(latest - receipt.blockNumber + 1n);
        if (current.status === 'confirmed' || current.status === 'failed') {
          if (confirmations !== current.confirmations) await this.save({ ...current, confirmations }, current.status);
          continue;
        }
        const failed = receipt.status !== 'success';
        const failureReason = failed
          ? receipt.gasUsed >= current.gas
            ? `It ran out of gas: all ${current.gas.toLocaleString('en-US')} gas of its limit was used.`
            : await this.revertReason(client, current, receipt.blockNumber)
          : undefined;
        const done = await this.save(
          {
            ...current,
            status: failed ? 'failed' : 'confirmed',
            blockNumber: receipt.blockNumber,
            confirmations,
            failureReason,
            broadcastError: undefined,
          },
          current.status,
        );
        changes.push({ record: done, previous: current.status });
        for (const sibling of records.filter(
          (r) => r.id !== current.id && r.nonce === current.nonce && r.from === current.from,
        )) {
          const fresh = (await this.deps.store.get(sibling.id)) ?? sibling;
          if (!isActive(fresh)) continue;
          const replaced = await this.save({ ...fresh, status: 'replaced', replacedBy: current.id }, fresh.status);
          changes.push({ record: replaced, previous: fresh.status });
        }
        continue;
      }
      if (current.status === 'confirmed') continue;
      if (known[index]) {
        if (current.status === 'signed')
          changes.push({
            record: await this.save({ ...current, status: 'pending', broadcastError: undefined }, 'signed'),
            previous: 'signed',
          });
        continue;
      }
      if ((await confirmedNonce(current.from)) > current.nonce) {
        // Another transaction used this nonce. If it was one of ours, the sibling pass marks this one replaced.
        const ours = records.some((r) => r.id !== current.id && r.nonce === current.nonce && r.from === current.from);
        if (!ours)
          changes.push({
            record: await this.save({ ...current, status: 'dropped' }, current.status),
            previous: current.status,
          });
        continue;
      }
      if (current.replacedBy) continue;
      const after = await this.broadcast(network, current);
      if (after.status !== current.status) changes.push({ record: after, previous: current.status });
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

  private async store(record: TxRecord): Promise<void> {
    await this.deps.store.put(record);
    this.deps.onStored?.(record);
  }

  private async save(record: TxRecord, previous: TxStatus): Promise<TxRecord> {
    const next = { ...record, updatedAt: this.now() };
    await this.store(next);
    if (next.status !== previous) this.deps.onChange?.({ record: next, previous });
    return next;
  }
}
