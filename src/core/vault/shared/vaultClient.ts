import { createStore, type StoreApi } from 'zustand/vanilla';
import { type Account, isDeviceSource } from '../../accounts/account';
import { cannotAuthorize, walletSendsItself } from '../../accounts/signerKinds';
import { VaultError, VaultLockedError } from '../../errors/vault';
import { msg } from '../../i18n/message';
import {
  type DeviceAccountRef,
  type DeviceSigner,
  type SigningAccount,
  signerAccount,
  type WalletSender,
  type WalletTransaction,
} from '../../signing/signerAccount';
import type { KeyValueStore } from '../../storage/keyValueStore';
import { browserTimers, type Timers } from '../autoLock';
import type { VaultSettings } from '../vaultSettings';
import type { VaultState } from '../vaultState';
import type { Connection } from './hostConnection';
import {
  fromWireError,
  type ToClient,
  type ToHost,
  transferablesOf,
  VAULT_METHODS,
  type VaultApi,
  type VaultMethod,
} from './vaultProtocol';

/** The vault as one window sees it: the shared state, and which account this window shows. */
export type ClientVaultState = VaultState & { selectedAccountId: string | undefined };

/** Touches sent to the host at most this often while the person is active. */
const TOUCH_EVERY_MS = 5_000;
/** While calls wait, the host is asked this often whether it is still there. */
const PING_EVERY_MS = 2_000;
/**
 * A host that answers none of this many pings in a row while calls wait is gone (a worker that
 * died, a window frozen or closed mid-call): the calls end with VAULT_SESSION_UNAVAILABLE. A host
 * that is only slow (a long key derivation) still answers pings, so its calls are not cut short.
 * Pings are counted, not the time since the last answer, so a computer waking from sleep does not
 * count its sleep as silence.
 */
const UNANSWERED_PINGS_LIMIT = 5;
export const HOST_SILENCE_LIMIT_MS = PING_EVERY_MS * UNANSWERED_PINGS_LIMIT;

/** The calls whose byte arrays are secret, moved to the host rather than copied. */
const HANDED_OVER = new Set<VaultMethod>(['create', 'add', 'unlockWithPasskey', 'addPasskey']);

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

export interface VaultClient extends VaultApi {}

/**
 * A window's handle on the shared vault session: the same calls as the session (each one a
 * message to the host, answered with its result or typed error), the host's state mirrored in
 * `store` as it changes, and the account selected in this window (remembered as the default for
 * the next window). Besides the session's own errors, a call can end with VAULT_SESSION_LOST (a
 * new host took over meanwhile) or VAULT_SESSION_UNAVAILABLE (the host stopped answering).
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the API methods are generated from VAULT_METHODS.
export class VaultClient {
  readonly store: StoreApi<ClientVaultState>;
  private readonly pending = new Map<number, Pending>();
  private readonly activityListeners = new Set<() => void>();
  private nextId = 1;
  private lastTouch = 0;
  /** The account last chosen in any window when this one opened, or here since. */
  private remembered: string | undefined;
  private ready: Promise<void>;
  private markReady: () => void = () => undefined;
  private readonly timers: Timers;
  /** Whether the host said anything since the last ping check. */
  private heard = false;
  private watching: unknown;
  private deviceSigner: DeviceSigner | undefined;
  private walletSender: WalletSender | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly settings: KeyValueStore<VaultSettings>,
    options: { timers?: Timers } = {},
  ) {
    this.timers = options.timers ?? browserTimers;
    this.store = createStore<ClientVaultState>()(() => ({
      status: 'loading',
      accounts: [],
      secrets: [],
      lockedBy: undefined,
      damage: undefined,
      passkeys: [],
      selectedAccountId: undefined,
    }));
    this.ready = new Promise((resolve) => {
      this.markReady = resolve;
    });
    for (const method of VAULT_METHODS) {
      Object.defineProperty(this, method, { value: (...args: unknown[]) => this.call(method, args) });
    }
    connection.listen((message) => this.receive(message as ToClient));
  }

  /** Asks the host for its state; resolves once this window knows it. */
  async init(): Promise<void> {
    // The host's answer and this window's remembered account are read side by side.
    this.send({ kind: 'hello' });
    this.remembered = await this.settings.get('selectedAccountId').catch(() => undefined);
    await this.ready;
    const state = this.store.getState();
    if (state.status === 'unlocked') {
      this.store.setState({ selectedAccountId: pickAccount(state.accounts, this.remembered)?.id });
    }
  }

  /** Says goodbye to the host (the window is going away). */
  close(): void {
    this.send({ kind: 'bye' });
    this.connection.close();
  }

  selectAccount(accountId: string | undefined): void {
    const state = this.store.getState();
    const chosen = pickAccount(state.accounts, accountId);
    if (!chosen || chosen.id === state.selectedAccountId) return;
    this.store.setState({ selectedAccountId: chosen.id });
    this.remembered = chosen.id;
    void this.settings.set('selectedAccountId', chosen.id).catch(() => undefined);
  }

  /**
   * Who signs for accounts whose key is held outside Cairn: this window shows the device the
   * request and reads its answer (see DeviceSigner), or hands it to the browser wallet, which
   * sends transactions itself (WalletSender). Set once, where the window connects to the vault.
   */
  setDeviceSigner(signer: DeviceSigner, sender?: WalletSender): void {
    this.deviceSigner = signer;
    this.walletSender = sender;
  }

  /**
   * A viem account that signs for `account`: through the host for keys in the vault (the key
   * never comes to this window), through the device signer for keys held outside Cairn; a browser
   * wallet's account also has the `wallet` that sends its transactions. Each fails with
   * VAULT_LOCKED once Cairn is locked.
   */
  signerFor(account: Pick<Account, 'id' | 'address' | 'source'>): SigningAccount {
    const { id, address, source } = account;
    if (!isDeviceSource(source)) return signerAccount(address, (request) => this.sign(id, address, request));
    const ref: DeviceAccountRef = { id, address, source };
    const unlocked = <T>(helper: T | undefined): T => {
      if (this.store.getState().status !== 'unlocked') throw new VaultLockedError();
      if (!helper) throw new Error('nothing signs for keys held outside Cairn in this window');
      return helper;
    };
    const signer: SigningAccount = signerAccount(address, async (request) => {
      // Of the signers outside Cairn, only a Ledger signs EIP-7702 authorizations and transactions
      // carrying them (signerKinds says why the others cannot).
      const authorizes =
        request.kind === 'authorization' || (request.kind === 'transaction' && request.transaction.authorizationList);
      if (authorizes && source.kind !== 'ledger') throw cannotAuthorize(source);
      if (source.kind === 'external' && request.kind === 'transaction') throw walletSendsItself();
      return unlocked(this.deviceSigner)(ref, request);
    });
    if (source.kind !== 'external') return signer;
    const send = async (transaction: WalletTransaction) => unlocked(this.walletSender)(ref, transaction);
    return Object.assign(signer, { wallet: { name: source.walletName, send } });
  }

  /** Reports the person's activity here; sent at most every few seconds. */
  activity(now = Date.now()): void {
    if (this.store.getState().status !== 'unlocked' || now - this.lastTouch < TOUCH_EVERY_MS) return;
    this.lastTouch = now;
    void this.touch().catch(() => undefined);
  }

  /** Calls `listener` when the person is active in another window. */
  onActivityElsewhere(listener: () => void): () => void {
    this.activityListeners.add(listener);
    return () => this.activityListeners.delete(listener);
  }

  private call(method: VaultMethod, args: unknown[]): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        // Secret bytes going in (a new secret, a passkey's PRF output) are handed over, so this
        // window keeps no copy; nothing else is.
        const handOver = HANDED_OVER.has(method) ? transferablesOf(args) : [];
        this.send({ kind: 'call', id, method, args }, handOver);
        this.watchHost();
      } catch (error) {
        this.pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** While calls wait: pings the host, and ends the calls if it stays silent (see UNANSWERED_PINGS_LIMIT). */
  private watchHost(): void {
    if (this.watching !== undefined) return;
    let unanswered = 0;
    this.heard = false;
    const check = () => {
      this.watching = undefined;
      if (this.pending.size === 0) return;
      unanswered = this.heard ? 0 : unanswered + 1;
      this.heard = false;
      if (unanswered >= UNANSWERED_PINGS_LIMIT) {
        this.failPending(new VaultError('VAULT_SESSION_UNAVAILABLE', msg('core.keys:vault.sessionUnavailable')));
        return;
      }
      this.send({ kind: 'ping' });
      this.watching = this.timers.setTimeout(check, PING_EVERY_MS);
    };
    this.watching = this.timers.setTimeout(check, PING_EVERY_MS);
  }

  private failPending(error: VaultError): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  private send(message: ToHost, transfer: Transferable[] = []): void {
    this.connection.send(message, transfer);
  }

  private receive(message: ToClient): void {
    this.heard = true;
    if (message.kind === 'state') {
      this.adopt(message.state);
      this.markReady();
    } else if (message.kind === 'result') {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.ok) pending?.resolve(message.value);
      else pending?.reject(fromWireError(message.error));
    } else if (message.kind === 'activity') {
      for (const listener of this.activityListeners) listener();
    } else if (message.kind === 'restarted') {
      this.failPending(new VaultError('VAULT_SESSION_LOST', msg('core.keys:vault.sessionLost')));
      this.send({ kind: 'hello' });
    }
  }

  /** Takes in the host's state, keeping this window's account if it is still there. */
  private adopt(state: VaultState): void {
    if (state.status !== 'unlocked') {
      this.store.setState({ ...state, selectedAccountId: undefined });
      return;
    }
    const before = this.store.getState();
    const preferred = before.status === 'unlocked' ? before.selectedAccountId : this.remembered;
    const chosen = pickAccount(state.accounts, preferred);
    this.store.setState({ ...state, selectedAccountId: chosen?.id });
  }
}

/** The account asked for if it is there and visible, else the first visible one, else the first. */
function pickAccount(accounts: readonly Account[], accountId: string | undefined): Account | undefined {
  return accounts.find((a) => a.id === accountId && !a.hidden) ?? accounts.find((a) => !a.hidden) ?? accounts[0];
}
