// Checks a Merkle-Patricia proof (EIP-1186's accountProof and storageProof) against a root.
// viem decodes the RLP and hashes; what is Cairn's is the walk down the trie. Its unit tests hold
// it against tries built by @ethereumjs/mpt, the reference implementation.
import { bytesToHex, fromRlp, type Hex, hexToBytes, keccak256 } from 'viem';
import { sameHex } from '../bytes';

type RlpItem = Uint8Array | RlpItem[];

/** Why a proof does not prove anything: each is a lie or a broken node, never a mere absence. */
export type TrieProofFault = 'hash' | 'shape' | 'short' | 'extra';

export class TrieProofError extends Error {
  override readonly name = 'TrieProofError';
  constructor(
    readonly fault: TrieProofFault,
    readonly at: number,
  ) {
    super(`trie proof fails at node ${at}: ${fault}`);
  }
}

function nibblesOf(bytes: Uint8Array): number[] {
  const nibbles: number[] = [];
  for (const byte of bytes) nibbles.push(byte >> 4, byte & 15);
  return nibbles;
}

/** A leaf's or extension's compact path: its nibbles, and whether it ends at a leaf. */
function compactPath(encoded: Uint8Array): { path: number[]; leaf: boolean } {
  const all = nibblesOf(encoded);
  const flag = all[0] ?? 0;
  if (flag > 3) throw new Error('bad compact path');
  return { path: all.slice(flag & 1 ? 1 : 2), leaf: flag >= 2 };
}

/** The root of a trie with nothing in it: an account without storage. */
export const EMPTY_TRIE_ROOT: Hex = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';

/**
 * Node hashes already computed: one check walks many proofs through the same upper nodes (every
 * account's proof from the state root, every slot's from the account's storage root). Bounded, and
 * only a cache of a pure function.
 */
const hashed = new Map<string, string>();
const HASHED_MAX = 8_192;

function nodeHash(encoded: Hex): string {
  const key = encoded.toLowerCase() as Hex;
  let hash = hashed.get(key);
  if (hash === undefined) {
    if (hashed.size >= HASHED_MAX) hashed.clear();
    hash = keccak256(key);
    hashed.set(key, hash);
  }
  return hash;
}

const startsWith = (key: number[], at: number, path: number[]) => path.every((n, i) => key[at + i] === n);

/**
 * The value stored under `key` in the trie whose root hash is `root`, as `proof` proves it; null
 * when the proof proves there is none. The key is hashed here (the state and storage tries are
 * keyed by the keccak of the address or slot). Throws TrieProofError when the proof proves
 * neither: a node whose hash is not the one its parent names, a node that is not a trie node,
 * a proof that stops before the key's end or goes on after it. Under the empty root nothing is
 * stored: nodes send no node for it, or the empty root's own (0x80).
 */
export function valueInTrie(root: Hex, key: Hex, proof: readonly Hex[]): Uint8Array | null {
  if (sameHex(root, EMPTY_TRIE_ROOT)) {
    if (proof.length === 0 || (proof.length === 1 && sameHex(proof[0], '0x80'))) return null;
    throw new TrieProofError('extra', proof.length === 1 ? 0 : 1);
  }
  const path = nibblesOf(hexToBytes(keccak256(key)));
  let at = 0;
  let expected: RlpItem = hexToBytes(root);
  let index = 0;
  const done = (value: Uint8Array | null) => {
    if (index < proof.length) throw new TrieProofError('extra', index);
    return value;
  };
  for (;;) {
    let node: RlpItem;
    if (Array.isArray(expected)) {
      // A node shorter than 32 bytes sits inside its parent, not in the proof.
      node = expected;
    } else {
      const encoded = proof[index];
      if (encoded === undefined) throw new TrieProofError('short', index);
      if (nodeHash(encoded) !== bytesToHex(expected)) throw new TrieProofError('hash', index);
      try {
        node = fromRlp(encoded, 'bytes') as RlpItem;
      } catch {
        throw new TrieProofError('shape', index);
      }
      index++;
    }
    if (!Array.isArray(node)) throw new TrieProofError('shape', index - 1);
    if (node.length === 17) {
      if (at === path.length) {
        const value = node[16];
        if (!(value instanceof Uint8Array)) throw new TrieProofError('shape', index - 1);
        return done(value.length ? value : null);
      }
      const child = node[path[at] as number] as RlpItem;
      at++;
      if (child instanceof Uint8Array && child.length === 0) return done(null);
      if (child instanceof Uint8Array && child.length !== 32) throw new TrieProofError('shape', index - 1);
      expected = child;
      continue;
    }
    if (node.length !== 2 || !(node[0] instanceof Uint8Array)) throw new TrieProofError('shape', index - 1);
    let compact: { path: number[]; leaf: boolean };
    try {
      compact = compactPath(node[0]);
    } catch {
      throw new TrieProofError('shape', index - 1);
    }
    if (compact.leaf) {
      const value = node[1];
      if (!(value instanceof Uint8Array)) throw new TrieProofError('shape', index - 1);
      const matches = at + compact.path.length === path.length && startsWith(path, at, compact.path);
      return done(matches ? value : null);
    }
    if (!startsWith(path, at, compact.path)) return done(null);
    at += compact.path.length;
    const child = node[1] as RlpItem;
    if (child instanceof Uint8Array && child.length !== 32) throw new TrieProofError('shape', index - 1);
    expected = child;
  }
}
