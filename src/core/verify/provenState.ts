import type { AccountFields, StateManagerInterface } from '@ethereumjs/common';
import { Account, type Address } from '@ethereumjs/util';
import { bytesToHex, type Hex, hexToBytes, keccak256, numberToBytes } from 'viem';
import { type ProvenReads, slotOf, type Wants, want } from './provenReads';

/**
 * What a run does when it reads something not proven yet. `discover`: note it, and go on as if it
 * were empty (absent account, no code, zero slot); the run's answer is then thrown away, and what
 * it noted is proven, all in one batch, before the next run. `fetch`: prove it there and then,
 * one request each, and go on with it.
 */
export type MissPolicy = 'discover' | 'fetch';

/** What one run wrote, over the proven state; a level per EVM checkpoint. */
type Layer = {
  accounts: Map<string, Account | undefined>;
  code: Map<string, Uint8Array>;
  storage: Map<string, Uint8Array>;
  /** Accounts whose proven storage no longer counts (a contract made again at the address). */
  cleared: Set<string>;
};

const copyAccount = (account: Account | undefined) =>
  account && new Account(account.nonce, account.balance, account.storageRoot, account.codeHash);

const wordBytes = (value: bigint): Uint8Array => (value === 0n ? new Uint8Array(0) : numberToBytes(value));

/**
 * The EVM's state for one verified call: every account, code and slot it reads comes from
 * `reads`, proven against the trusted header's state root; what the call writes stays in layers
 * above it and is dropped with the run. Nothing is read from the node any other way.
 */
export class ProvenStateManager implements StateManagerInterface {
  /** What a `discover` run read and found unproven. */
  readonly missing: Wants = new Map();
  /** Every account and slot the run read from proven state. */
  readonly touched: Wants = new Map();
  /** What failed while proving under `fetch`: thrown to the caller even if the EVM caught it. */
  failure: unknown;
  private readonly layers: Layer[] = [{ accounts: new Map(), code: new Map(), storage: new Map(), cleared: new Set() }];

  readonly originalStorageCache = {
    get: (address: Address, key: Uint8Array): Promise<Uint8Array> => this.provenStorage(address.toString(), key),
    clear: () => undefined,
  };

  constructor(
    private readonly reads: ProvenReads,
    private readonly policy: MissPolicy,
  ) {}

  private get top(): Layer {
    return this.layers[this.layers.length - 1] as Layer;
  }

  /** Whether `address` (and `slot`) is proven now, proving it first under the `fetch` policy. */
  private async ready(address: string, slot?: Hex): Promise<boolean> {
    want(this.touched, address, slot);
    if (this.reads.entry(address) && (slot === undefined || this.reads.slot(address, slot) !== undefined)) return true;
    if (this.policy === 'discover') {
      want(this.missing, address, slot);
      return false;
    }
    const wants: Wants = new Map();
    want(wants, address, slot);
    try {
      await this.reads.prove(wants);
    } catch (error) {
      this.failure ??= error;
      throw error;
    }
    return true;
  }

  private async provenStorage(address: string, key: Uint8Array): Promise<Uint8Array> {
    const slot = slotOf(key);
    if (!(await this.ready(address, slot))) return new Uint8Array(0);
    return wordBytes(this.reads.slot(address, slot) ?? 0n);
  }

  async getAccount(address: Address): Promise<Account | undefined> {
    const key = address.toString();
    if (this.top.accounts.has(key)) return copyAccount(this.top.accounts.get(key));
    if (!(await this.ready(key))) return undefined;
    const entry = this.reads.entry(key);
    if (!entry || entry.absent) return undefined;
    const { nonce, balance, storageRoot, codeHash } = entry.account;
    return new Account(nonce, balance, hexToBytes(storageRoot), hexToBytes(codeHash));
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    this.top.accounts.set(address.toString(), copyAccount(account));
  }

  async deleteAccount(address: Address): Promise<void> {
    this.top.accounts.set(address.toString(), undefined);
  }

  async modifyAccountFields(address: Address, fields: AccountFields): Promise<void> {
    const account = (await this.getAccount(address)) ?? new Account();
    account.nonce = fields.nonce ?? account.nonce;
    account.balance = fields.balance ?? account.balance;
    account.storageRoot = fields.storageRoot ?? account.storageRoot;
    account.codeHash = fields.codeHash ?? account.codeHash;
    await this.putAccount(address, account);
  }

  async getCode(address: Address): Promise<Uint8Array> {
    const key = address.toString();
    const written = this.top.code.get(key);
    if (written) return written;
    if (!(await this.ready(key))) return new Uint8Array(0);
    return this.reads.entry(key)?.code ?? new Uint8Array(0);
  }

  async putCode(address: Address, value: Uint8Array): Promise<void> {
    this.top.code.set(address.toString(), value);
    await this.modifyAccountFields(address, { codeHash: keccak256(value, 'bytes') });
  }

  async getCodeSize(address: Address): Promise<number> {
    return (await this.getCode(address)).length;
  }

  async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const account = address.toString();
    const written = this.top.storage.get(`${account}_${bytesToHex(key)}`);
    if (written) return written;
    if (this.top.cleared.has(account)) return new Uint8Array(0);
    return this.provenStorage(account, key);
  }

  async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    this.top.storage.set(`${address.toString()}_${bytesToHex(key)}`, value);
  }

  async clearStorage(address: Address): Promise<void> {
    const account = address.toString();
    for (const key of this.top.storage.keys()) if (key.startsWith(`${account}_`)) this.top.storage.delete(key);
    this.top.cleared.add(account);
  }

  async checkpoint(): Promise<void> {
    const { accounts, code, storage, cleared } = this.top;
    this.layers.push({
      accounts: new Map([...accounts].map(([key, account]) => [key, copyAccount(account)])),
      code: new Map(code),
      storage: new Map(storage),
      cleared: new Set(cleared),
    });
  }

  async commit(): Promise<void> {
    this.layers.splice(-2, 1);
  }

  async revert(): Promise<void> {
    this.layers.pop();
  }

  async flush(): Promise<void> {}

  clearCaches(): void {}

  shallowCopy(): StateManagerInterface {
    throw new Error('a proven state is not copied: each run makes its own');
  }

  // A call's state is never committed, so it has no root of its own to give.
  getStateRoot(): Promise<Uint8Array> {
    throw new Error('a proven state has no state root of its own');
  }

  setStateRoot(): Promise<void> {
    throw new Error('a proven state stays at its trusted header');
  }

  hasStateRoot(): Promise<boolean> {
    throw new Error('a proven state has no state roots to look up');
  }
}
