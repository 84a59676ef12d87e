import { type Address, bytesToBigInt, bytesToHex, fromRlp, type Hex, pad } from 'viem';
import { sameHex } from '../bytes';
import { sameAddress } from '../keys/sameAddress';
import { EMPTY_TRIE_ROOT, TrieProofError, type TrieProofFault, valueInTrie } from './trieProof';

export { EMPTY_TRIE_ROOT } from './trieProof';

/** An eth_getProof answer (EIP-1186), as the node sends it. */
export type RpcAccountProof = {
  address: Address;
  balance: Hex;
  nonce: Hex;
  codeHash: Hex;
  storageHash: Hex;
  accountProof: Hex[];
  storageProof: { key: Hex; value: Hex; proof: Hex[] }[];
};

/** keccak256 of no bytes: an account without code. */
export const EMPTY_CODE_HASH: Hex = '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';

/** What a proof proves of an account under a state root (an absent account: all zero, empty). */
export type ProvenAccount = {
  address: Address;
  nonce: bigint;
  balance: bigint;
  storageRoot: Hex;
  codeHash: Hex;
  /** Proven storage values by slot (32-byte hex, lower case). */
  storage: Map<Hex, bigint>;
};

/** Where a proof fails: the account's or a slot's (which one), and how (TrieProofError's fault). */
export type ProofFailure = { part: 'account' } | { part: 'storage'; slot: Hex };

/** How a proof fails: a node that breaks the trie (TrieProofFault), or figures beside it that it does not prove. */
export type ProofFault = TrieProofFault | 'stated';

export class ProofFailedError extends Error {
  override readonly name = 'ProofFailedError';
  constructor(
    readonly failure: ProofFailure,
    readonly fault: ProofFault,
  ) {
    super(
      failure.part === 'account'
        ? `the account proof fails (${fault})`
        : `the storage proof of slot ${failure.slot} fails (${fault})`,
    );
  }
}

/** A storage slot as proofs key it: 32 bytes, lower case. */
export const slotKey = (slot: Hex): Hex => pad(slot, { size: 32 }).toLowerCase() as Hex;

function proven<T>(failure: ProofFailure, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof TrieProofError) throw new ProofFailedError(failure, error.fault);
    throw error;
  }
}

/**
 * What `proof` proves of the account `asked` for, and of its slots, under `stateRoot`. Throws
 * ProofFailedError when the proof does not prove anything, is of another account, leaves out a
 * slot asked for, or when the figures the node states beside it (balance, nonce, code hash,
 * storage root, each slot's value) are not the ones it proves: a node that says one thing and
 * proves another is lying about one of them.
 */
export function provenAccount(
  stateRoot: Hex,
  proof: RpcAccountProof,
  asked: { address: Address; slots?: readonly Hex[] },
): ProvenAccount {
  if (!sameAddress(proof.address, asked.address)) throw new ProofFailedError({ part: 'account' }, 'stated');
  const value = proven({ part: 'account' }, () => valueInTrie(stateRoot, asked.address, proof.accountProof));
  let account: Omit<ProvenAccount, 'storage' | 'address'> = {
    nonce: 0n,
    balance: 0n,
    storageRoot: EMPTY_TRIE_ROOT,
    codeHash: EMPTY_CODE_HASH,
  };
  if (value) {
    const fields = proven({ part: 'account' }, () => {
      const decoded = fromRlp(value, 'bytes');
      if (!Array.isArray(decoded) || decoded.length !== 4 || decoded.some((f) => !(f instanceof Uint8Array)))
        throw new TrieProofError('shape', proof.accountProof.length - 1);
      return decoded as Uint8Array[];
    });
    const [nonce, balance, storageRoot, codeHash] = fields as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
    account = {
      nonce: nonce.length ? bytesToBigInt(nonce) : 0n,
      balance: balance.length ? bytesToBigInt(balance) : 0n,
      storageRoot: bytesToHex(storageRoot),
      codeHash: bytesToHex(codeHash),
    };
  }
  const storage = new Map<Hex, bigint>();
  for (const entry of proof.storageProof) {
    const slot = slotKey(entry.key);
    const stored = proven({ part: 'storage', slot }, () => valueInTrie(account.storageRoot, slot, entry.proof));
    storage.set(
      slot,
      stored
        ? proven({ part: 'storage', slot }, () => {
            const word = fromRlp(stored, 'bytes');
            if (!(word instanceof Uint8Array) || word.length > 32)
              throw new TrieProofError('shape', entry.proof.length - 1);
            return word.length ? bytesToBigInt(word) : 0n;
          })
        : 0n,
    );
  }
  const result: ProvenAccount = { address: asked.address, ...account, storage };
  statedAsProven(proof, result, value === null);
  for (const slot of asked.slots ?? [])
    if (!storage.has(slotKey(slot))) throw new ProofFailedError({ part: 'storage', slot: slotKey(slot) }, 'stated');
  return result;
}

/** How geth (from 1.13.4), Erigon and some hosted nodes state an account that does not exist. */
const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;

function statedAsProven(proof: RpcAccountProof, account: ProvenAccount, absent: boolean): void {
  const stated = (value: Hex, proven: Hex) => sameHex(value, proven) || (absent && sameHex(value, ZERO_HASH));
  const accountStated =
    BigInt(proof.balance) === account.balance &&
    BigInt(proof.nonce) === account.nonce &&
    stated(proof.codeHash, account.codeHash) &&
    stated(proof.storageHash, account.storageRoot);
  if (!accountStated) throw new ProofFailedError({ part: 'account' }, 'stated');
  for (const entry of proof.storageProof) {
    const slot = slotKey(entry.key);
    if (BigInt(entry.value) !== account.storage.get(slot))
      throw new ProofFailedError({ part: 'storage', slot }, 'stated');
  }
}

/** The proven value of `slot` (any hex form of it). */
export const provenSlot = (account: ProvenAccount, slot: Hex): bigint | undefined => account.storage.get(slotKey(slot));
