import { type Address, bytesToHex, getAddress, type Hex, hexToBytes, isHex, keccak256, numberToHex } from 'viem';
import { sameHex } from '../bytes';
import { toChainError } from '../chain/toChainError';
import { VerifyError } from '../errors/verify';
import { codeValue, msg } from '../i18n/message';
import {
  EMPTY_CODE_HASH,
  EMPTY_TRIE_ROOT,
  ProofFailedError,
  type ProvenAccount,
  provenAccount,
  provenSlot,
  type RpcAccountProof,
  slotKey,
} from './accountProof';
import { codeBookOf } from './codeBook';
import { proofFrom, type Source } from './sources';
import type { TrustedHeader } from './trustedHeader';

/** What a run needs proven: accounts (with their code), and slots of each (lower-case keys). */
export type Wants = Map<Address, Set<Hex>>;

/** An account proven under the header's state root, with its code checked against its code hash. */
export type ProvenEntry = { account: ProvenAccount; code: Uint8Array; absent: boolean };

// A node's access list is a hint, and a node could make it huge: past these, the EVM asks for itself.
const MAX_HINTED_ACCOUNTS = 1_000;
const MAX_HINTED_SLOTS = 10_000;

export const addressKey = (address: string): Address => address.toLowerCase() as Address;

/** Adds `address` (and `slot`, when given) to `wants`. */
export function want(wants: Wants, address: string, slot?: Hex): void {
  const key = addressKey(address);
  let slots = wants.get(key);
  if (!slots) {
    slots = new Set();
    wants.set(key, slots);
  }
  if (slot !== undefined) slots.add(slotKey(slot));
}

/**
 * The state one verified call reads, each account, slot and code proven against the trusted
 * header's state root before anything sees it. Caches for the call: nothing is asked twice.
 */
export class ProvenReads {
  private readonly entries = new Map<Address, ProvenEntry>();
  private readonly block: Hex;

  constructor(
    readonly source: Source,
    readonly header: TrustedHeader,
  ) {
    this.block = numberToHex(header.number);
  }

  /** The proven account at `address`, or undefined when it is not proven yet. */
  entry(address: string): ProvenEntry | undefined {
    return this.entries.get(addressKey(address));
  }

  /**
   * The proven value of `slot` of a proven account; undefined when not proven yet. An account
   * whose storage root is the empty trie's holds zero in every slot: its account proof proves that.
   */
  slot(address: string, slot: Hex): bigint | undefined {
    const entry = this.entry(address);
    if (!entry) return undefined;
    if (sameHex(entry.account.storageRoot, EMPTY_TRIE_ROOT)) return 0n;
    return provenSlot(entry.account, slot);
  }

  /** Rounds of proofs asked for: each one HTTP request to the source (its client batches them). */
  rounds = 0;

  get accountsProven(): number {
    return this.entries.size;
  }

  get slotsProven(): number {
    let slots = 0;
    for (const { account } of this.entries.values()) slots += account.storage.size;
    return slots;
  }

  /** What of `wants` is not proven yet. */
  unproven(wants: Wants): Wants {
    const left: Wants = new Map();
    for (const [address, slots] of wants) {
      const entry = this.entry(address);
      const missing = [...slots].filter((slot) => this.slot(address, slot) === undefined);
      if (!entry || missing.length > 0) left.set(address, new Set(missing));
    }
    return left;
  }

  /**
   * Proves what `wants` lists and is not proven yet: one eth_getProof per account (its slots
   * together) and, for an account not yet proven, its eth_getCode, all issued at once so the
   * source's client sends them as one JSON-RPC batch. Code the source gave before under the same
   * code hash (codeBook.ts) is not asked again; code kept under another hash than the proven one
   * is asked after the proofs, in one more batch. Throws VERIFY_PROOF_FAILED naming the account,
   * or the source's errors (VERIFY_NO_PROOFS, VERIFY_STATE_GONE, a ChainError).
   */
  async prove(wants: Wants): Promise<void> {
    const unproven = [...this.unproven(wants)];
    if (unproven.length > 0) this.rounds++;
    const book = codeBookOf(this.source);
    const asked = unproven.map(([address, slots]) => {
      const fresh = !this.entry(address);
      const proof = proofFrom(this.source, address, [...slots], this.header.number);
      const code = fresh && !book.foresees(address) ? this.codeAt(address) : undefined;
      // Answers are awaited in order below; one failing first leaves the rest unread, not unhandled.
      proof.catch(() => undefined);
      code?.catch(() => undefined);
      return { address, slots, proof, code };
    });
    const fresh: { address: Address; account: ProvenAccount; code: Promise<Hex> | undefined }[] = [];
    for (const { address, slots, proof, code } of asked) {
      const answer = await proof;
      const account = this.proven(address, () => this.provenAnswer(address, slots, answer));
      const known = this.entry(address);
      if (known) for (const [slot, value] of account.storage) known.account.storage.set(slot, value);
      else fresh.push({ address, account, code });
    }
    const late = fresh.filter((one) => !one.code && !book.code(one.account.codeHash));
    if (late.length > 0) this.rounds++;
    for (const one of late) {
      one.code = this.codeAt(one.address);
      one.code.catch(() => undefined);
    }
    for (const { address, account, code } of fresh) {
      const bytes = code ? hexToBytes(await code) : (book.code(account.codeHash) as Uint8Array);
      if (code && !sameHex(keccak256(bytes), account.codeHash))
        throw this.failure(address, 'the code it gives does not hash to the proven code hash');
      book.keep(address, account.codeHash, bytes);
      const absent =
        account.nonce === 0n &&
        account.balance === 0n &&
        sameHex(account.codeHash, EMPTY_CODE_HASH) &&
        sameHex(account.storageRoot, EMPTY_TRIE_ROOT);
      this.entries.set(address, { account, code: bytes, absent });
    }
  }

  /** What `answer` proves of `address` and its `slots` (provenAccount checks it is theirs, every one). */
  private provenAnswer(address: Address, slots: Set<Hex>, answer: RpcAccountProof): ProvenAccount {
    return provenAccount(this.header.stateRoot, answer, { address, slots: [...slots] });
  }

  private proven(address: Address, read: () => ProvenAccount): ProvenAccount {
    try {
      return read();
    } catch (error) {
      if (error instanceof ProofFailedError) throw this.failure(address, error.message);
      throw error;
    }
  }

  /** The VerifyError that names the source, the account and the block. */
  failure(address: Address, details: string): VerifyError {
    return new VerifyError(
      'VERIFY_PROOF_FAILED',
      msg('core.chain:verify.proofFailed', {
        source: codeValue(this.source.url),
        address: codeValue(getAddress(address)),
        block: this.header.number.toString(),
      }),
      { details, newestNamed: this.header.newestNamed },
    );
  }

  private async codeAt(address: Address): Promise<Hex> {
    try {
      const code = await this.source.client.request({
        method: 'eth_getCode',
        params: [address, this.block],
      } as never);
      if (typeof code !== 'string' || !isHex(code)) throw this.failure(address, 'its eth_getCode answer is not hex');
      return code;
    } catch (error) {
      if (error instanceof VerifyError) throw error;
      throw toChainError(error, this.source.url);
    }
  }
}

type RpcAccessList = { accessList?: { address?: unknown; storageKeys?: unknown }[] };

const isAddress = (value: unknown): value is Address => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
const isSlot = (value: unknown): value is Hex => typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value);

/**
 * The accounts and slots the node's eth_createAccessList lists for `call` at the header's block:
 * a hint of what to prove first, nothing more. Malformed entries and those past the caps are left
 * out. A node that does not answer it (Hardhat 2.29 does not) gives no hint: nothing is thrown,
 * since the proofs asked beside it fail too when the node itself is the problem.
 */
export async function accessListHint(
  source: Source,
  header: TrustedHeader,
  call: { from: Address; to: Address; data: Hex; value: bigint; gas?: bigint },
): Promise<Wants> {
  const wants: Wants = new Map();
  let answer: RpcAccessList;
  try {
    answer = (await source.client.request({
      method: 'eth_createAccessList',
      params: [
        {
          from: call.from,
          to: call.to,
          data: call.data,
          value: numberToHex(call.value),
          ...(call.gas === undefined ? {} : { gas: numberToHex(call.gas) }),
        },
        numberToHex(header.number),
      ],
    } as never)) as RpcAccessList;
  } catch {
    return wants;
  }
  let slots = 0;
  for (const item of Array.isArray(answer?.accessList) ? answer.accessList : []) {
    if (wants.size >= MAX_HINTED_ACCOUNTS) break;
    if (!isAddress(item?.address)) continue;
    want(wants, item.address);
    for (const key of Array.isArray(item.storageKeys) ? item.storageKeys : []) {
      if (!isSlot(key) || slots >= MAX_HINTED_SLOTS) continue;
      want(wants, item.address, key);
      slots++;
    }
  }
  return wants;
}

/** A 32-byte slot key as the EVM gives it, as hex. */
export const slotOf = (key: Uint8Array): Hex => slotKey(bytesToHex(key));
