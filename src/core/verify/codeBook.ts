// Code a source gave before, kept by its code hash, so a verified call's next run over the same
// contracts asks no eth_getCode again. Safe to keep: code is used only for an account whose proven
// code hash is the one it was kept under, and it was checked to hash to it before it was kept.
import type { Address, Hex } from 'viem';
import { EMPTY_CODE_HASH } from './accountProof';
import type { Source } from './sources';

// Past these, the oldest go first (a contract is at most 24 KiB; this keeps memory in a few MiB).
const MAX_CODES = 256;
const MAX_ADDRESSES = 4_096;

export type CodeBook = {
  /** Whether `address`'s code was kept when last proven: its code hash then, a guess to skip asking. */
  foresees(address: Address): boolean;
  /** The code kept under `codeHash` (the empty code for the empty hash), or undefined. */
  code(codeHash: Hex): Uint8Array | undefined;
  /** Keeps `code`, which the caller checked hashes to `codeHash`, the proven code hash of `address`. */
  keep(address: Address, codeHash: Hex, code: Uint8Array): void;
};

const EMPTY_CODE = new Uint8Array(0);

/** Adds `key` to `map` as its newest entry, dropping the oldest past `max`. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}

function createCodeBook(): CodeBook {
  const codes = new Map<Hex, Uint8Array>();
  const hashes = new Map<Address, Hex>();
  const code = (codeHash: Hex) => {
    const key = codeHash.toLowerCase() as Hex;
    return key === EMPTY_CODE_HASH ? EMPTY_CODE : codes.get(key);
  };
  return {
    foresees(address) {
      const hash = hashes.get(address.toLowerCase() as Address);
      return hash !== undefined && code(hash) !== undefined;
    },
    code,
    keep(address, codeHash, bytes) {
      const key = codeHash.toLowerCase() as Hex;
      remember(hashes, address.toLowerCase() as Address, key, MAX_ADDRESSES);
      if (key !== EMPTY_CODE_HASH) remember(codes, key, bytes, MAX_CODES);
    },
  };
}

const books = new WeakMap<Source, CodeBook>();

/** The code book of `source`: as long-lived as the source (a reader's, a network's queries'). */
export function codeBookOf(source: Source): CodeBook {
  let book = books.get(source);
  if (!book) {
    book = createCodeBook();
    books.set(source, book);
  }
  return book;
}
