import { keccak256 } from 'viem';
import { cannotAuthorize, walletSendsItself } from '../accounts/signerKinds';
import type { HeadBlock } from '../chain/chainHead';
import { type ChainClient, chainClient, nodeChainIdNow } from '../chain/client';
import { type FeeMarket, type Fees, feeFields, presetFees } from '../chain/fees';
import type { Network } from '../chain/networks';
import { toChainError } from '../chain/toChainError';
import { WrongChainError } from '../errors/chain';
import { authorizationNonceMoved, noEip7702 } from '../errors/smartAccount';
import { TxError } from '../errors/tx';
import { WalletError } from '../errors/wallet';
import { msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import type { SigningAccount } from '../signing/signerAccount';
import { type SendingGate, sendingGate } from '../verify/sendingGate';
import { broadcastRaw } from './broadcastRaw';
import type { LockProvider } from './locks';
import { checkChosenNonce, nodePendingNonce, nonceLockName, pickNonce } from './nonces';
import { type CarriedAuthorization, isActive, type TxKind, type TxRecord } from './record';
import { RecordWriter, type TxChange } from './recordWriter';
import { CANCEL_GAS, type ReplacementPlan } from './replacement';
import { TransactionTracker } from './transactionTracker';
import type { AnyCallRequest } from './transfer';
import type { TxStore } from './txStore';
import { SEEN_DELAY_MS, sentNotSaved, walletSentAsSeen } from './walletSend';

export type SubmitRequest = {
  network: Network;
  /** Signs the transaction, or (a browser wallet's account) hands it to the wallet, which sends it. */
  account: SigningAccount;
  kind: TxKind;
  /** `to` undefined: a contract creation (a site's deployment). */
  call: AnyCallRequest;
  gas: bigint;
  fees: Fees;
  /** A nonce the person chose (advanced); otherwise the nonce manager picks it. */
  nonce?: number | undefined;
  intent?: TxRecord['intent'];
  /** The origin of the site that asked for it (dApp requests). */
  site?: string | undefined;
  /** The pending record a speed-up or cancel replaces (same nonce). */
  replaces?: TxRecord;
  /**
   * EIP-7702 (a type-4 transaction): signed authorizations to carry. The sender's own must be for
   * the nonce after the transaction's (its nonce has risen when authorizations are applied),
   * another account's for that account's next nonce: otherwise the chain would skip it, and
   * submit refuses (SMART_AUTHORIZATION_NONCE) before signing.
   */
  authorizations?: readonly CarriedAuthorization[] | undefined;
  batch?: TxRecord['batch'];
};

export type { TxChange } from './recordWriter';

/**
 * Throws SMART_AUTHORIZATION_NONCE when a carried authorization's nonce is not the one the chain
 * will check (the sender's: `nonce + 1`; another account's: its next), SMART_NO_7702 without
 * EIP-1559 fees, and SMART_SIGNER_CANNOT for a browser wallet's account (it sends itself).
 */
async function checkAuthorizations(request: SubmitRequest, client: ChainClient, nonce: number): Promise<void> {
  const carried = request.authorizations ?? [];
  if (carried.length === 0) return;
  if (request.account.wallet) throw cannotAuthorize({ kind: 'external' });
  if (request.fees.kind !== 'eip1559') throw noEip7702();
  const expected = await Promise.all(
    carried.map(({ authority }) =>
      sameAddress(authority, request.account.address) ? nonce + 1 : nodePendingNonce(client, authority),
    ),
  );
  if (carried.some((authorization, index) => authorization.nonce !== expected[index])) throw authorizationNonceMoved();
}

/** The type and fee fields of a transaction: type 4 (EIP-7702) when it carries authorizations. */
function typedFeeFields(fees: Fees, authorizations: readonly CarriedAuthorization[] | undefined) {
  if (!authorizations || fees.kind !== 'eip1559') return feeFields(fees);
  const { maxFeePerGas, maxPriorityFeePerGas } = fees;
  const authorizationList = authorizations.map(({ authority: _, ...signed }) => signed);
  return { type: 'eip7702' as const, maxFeePerGas, maxPriorityFeePerGas, authorizationList };
}

/**
 * Signs, stores, broadcasts and tracks transactions. The signed transaction is stored before
 * it is broadcast, so a crash or a failed broadcast loses nothing; the nonce is chosen under a
 * lock per account and chain (Web Locks in the browser), so two tabs never reuse one; tracking
 * (TransactionTracker) re-broadcasts the same bytes while the node does not know them.
 *
 * A browser wallet's account is different: the wallet signs, chooses the nonce and sends, and
 * Cairn records the transaction by its hash (no bytes to store first or send again).
 *
 * Nothing is signed or handed to a wallet while sending on the network is held: submit asks the
 * one gate (core/verify/sendingGate.ts) first, so every path that signs (Send, Swap, sites,
 * Revoke, the smart-account upgrade and undo, Safe confirm-on-chain and execute, speed-up, cancel,
 * a nonce gap filled) is held alike. Bytes signed before (tracking's re-broadcast, "Send again")
 * are not: they are the transaction the person confirmed when nothing was held, and a lie
 * caught since cannot change them.
 *
 * Errors: VERIFY_SENDING_HELD (sending is held: nothing is signed), WrongChainError (the node
 * answers for another chain: nothing is signed), ChainError,
 * TX_NONCE_TAKEN, TX_STORAGE_FAILED, TX_REPLACEMENT_FUNDS, VAULT_LOCKED (from the account's key
 * source), WALLET_SENDS_ITSELF (a chosen nonce or a replacement for a browser wallet's account) and
 * the wallet's refusals (WALLET_*).
 */
export class TransactionService {
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly records: RecordWriter;
  private readonly tracker: TransactionTracker;
  private readonly gate: SendingGate;

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
      /**
       * A submission ended, its broadcast tried and any replaced record marked: the tracker may
       * look at once. Its block may already have been seen while the broadcast was in flight, and
       * on a chain that mines only when sent a transaction, it may be the last for a long time.
       */
      onSubmitted?: (record: TxRecord) => void;
      /** Between asks to the node for what a wallet sent (tests shorten it). */
      walletSeenDelayMs?: number;
      /**
       * Throws while sending on a network is held; by default the window's one gate
       * (core/verify/sendingGate.ts), so no service is built without it. Tests give their own.
       */
      sendingGate?: SendingGate;
    },
  ) {
    this.gate = deps.sendingGate ?? sendingGate;
    this.now = deps.now ?? (() => Date.now());
    this.newId = deps.newId ?? (() => crypto.randomUUID());
    this.records = new RecordWriter({ ...deps, now: this.now });
    this.tracker = new TransactionTracker({
      store: deps.store,
      records: this.records,
      rebroadcast: (network, record) => this.broadcast(network, record),
    });
  }

  /**
   * Signs and stores (under the nonce lock), then broadcasts; returns the record after the
   * broadcast attempt. For a browser wallet's account: hands over, stores the hash, then reads
   * back from the node what the wallet sent.
   */
  async submit(request: SubmitRequest): Promise<TxRecord> {
    const { network, account } = request;
    this.gate(network);
    if (account.wallet && (request.replaces || request.nonce !== undefined)) throw walletSendsItself();
    const client = chainClient(network);
    const record = await this.deps.locks.withLock(nonceLockName(network.chainId, account.address), async () => {
      // One round trip: the chain id check and the node's nonce go out as one batch.
      const [actual, records, nodePending] = await Promise.all([
        nodeChainIdNow(client).catch((error: unknown) => {
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
      const { call, gas, fees } = request;
      await checkAuthorizations(request, client, nonce);
      const authorizations = request.authorizations?.length ? [...request.authorizations] : undefined;
      const signed = account.wallet
        ? // The wallet signs, chooses the nonce and sends: Cairn learns only the hash, and stores it at once.
          {
            hash: await account.wallet.send({ chainId: network.chainId, ...call, gas, fees }),
            raw: undefined,
            sentBy: account.wallet.name,
            nonceUnconfirmed: true as const,
            status: 'pending' as const,
          }
        : await account
            .signTransaction({
              chainId: network.chainId,
              nonce,
              to: call.to,
              value: call.value,
              data: call.data === '0x' ? undefined : call.data,
              gas,
              ...typedFeeFields(fees, authorizations),
            })
            .then((raw) => ({ hash: keccak256(raw), raw, status: 'signed' as const }));
      const created: TxRecord = {
        id: this.newId(),
        kind: request.kind,
        networkId: network.id,
        chainId: network.chainId,
        from: account.address,
        ...call,
        nonce,
        gas,
        fees,
        ...signed,
        intent: request.intent,
        site: request.site,
        authorizations,
        batch: request.batch,
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
      try {
        await this.records.add(created);
      } catch (error) {
        throw created.sentBy ? sentNotSaved(created.sentBy, created.hash, error) : error;
      }
      return created;
    });
    if (record.sentBy) return this.readBackWalletSend(client, network, record);
    const sent = await this.broadcast(network, record);
    if (request.replaces && sent.status !== 'rejected') {
      // The old transaction is no longer sent on its own: its replacement stands for it.
      await this.records.amend(request.replaces.id, (original) =>
        isActive(original) ? { ...original, replacedBy: sent.id } : undefined,
      );
    }
    // Not after a replacement: a pass before the next block finds the replaced transaction gone
    // from the node's pool, and the tracker then counts it dropped, not replaced, once its nonce
    // is used (lifecycle.e2e.ts). Replacements wait for the next block, as before.
    if (!request.replaces) this.deps.onSubmitted?.(sent);
    return sent;
  }

  /**
   * A transaction a wallet sent, as Cairn's node shows it (nonce, gas, fee), stored; the record as
   * it was when the node has not seen it yet (tracking amends it then). A hash of another account's
   * or network's transaction is marked rejected and refused (WALLET_ANSWER).
   */
  private async readBackWalletSend(client: ChainClient, network: Network, record: TxRecord): Promise<TxRecord> {
    try {
      const delay = this.deps.walletSeenDelayMs ?? SEEN_DELAY_MS;
      const others = () => this.deps.store.forAccount(network.chainId, record.from);
      const seen = await walletSentAsSeen(client, record, network.nativeCurrency, others, delay);
      return seen ? await this.records.save(seen, record.status) : record;
    } catch (error) {
      if (!(error instanceof WalletError)) return record;
      await this.records.save({ ...record, status: 'rejected', broadcastError: error.text }, record.status);
      throw error;
    }
  }

  /**
   * Throws VERIFY_SENDING_HELD while sending on `network` is held (the gate submit asks): for a
   * step that signs on the way to submit (an EIP-7702 authorization), so it is not signed in vain.
   */
  refuseWhileHeld(network: Network): void {
    this.gate(network);
  }

  /**
   * Sends the stored signed bytes (re-read from storage, so a stale copy never overwrites a newer
   * state; settled records are not sent). A failure that may pass is kept on the record and
   * tracking retries; a permanent refusal marks it rejected, which frees its nonce. The node's
   * answer is read as the Broadcast tool reads it (broadcastRaw). Not held while sending is held:
   * these bytes were signed, and confirmed by the person, before (see the class).
   */
  async broadcast(network: Network, record: TxRecord): Promise<TxRecord> {
    const current = (await this.deps.store.get(record.id)) ?? record;
    // A browser wallet sent it: Cairn has no bytes to send, and tracking waits for the node to see it.
    if ((!isActive(current) && current.status !== 'rejected') || !current.raw) return current;
    const outcome = await broadcastRaw(chainClient(network), current.raw);
    const attempt = { ...current, lastBroadcastAt: this.now() };
    const next: TxRecord =
      outcome.kind === 'sent' || outcome.kind === 'already-known'
        ? { ...attempt, status: 'pending', broadcastError: undefined }
        : outcome.kind === 'refused'
          ? { ...attempt, status: 'rejected', broadcastError: outcome.error.text }
          : { ...attempt, broadcastError: outcome.error.text };
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
  async replace(network: Network, account: SigningAccount, record: TxRecord, plan: ReplacementPlan): Promise<TxRecord> {
    if (!plan.enough) {
      throw new TxError('TX_REPLACEMENT_FUNDS', msg('core.chain:tx.replacement.funds'));
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
      site: plan.kind === 'speed-up' ? record.site : undefined,
      // The same authorizations: the self one was signed for this nonce's successor, as before.
      authorizations: plan.kind === 'speed-up' ? record.authorizations : undefined,
      batch: plan.kind === 'speed-up' ? record.batch : undefined,
      replaces: record,
    });
  }

  /** Fills a nonce gap with a 0-value transfer to oneself, so the transactions after it can be mined. */
  fillGap(network: Network, account: SigningAccount, nonce: number, market: FeeMarket): Promise<TxRecord> {
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
   * once another transaction used it. See TransactionTracker and decide() for the rules.
   */
  track(network: Network, head?: HeadBlock): Promise<TxChange[]> {
    return this.tracker.track(network, head);
  }
}
