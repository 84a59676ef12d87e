import { HDKey } from '@scure/bip32';
import type { Address } from 'viem';
import { pathForIndex } from './derivationPath';
import { addressOfPrivateKey } from './privateKey';

export { nfkdBytes, seedFromPhrase } from './seed';

/** Derives the private key at `path` from a seed. The caller owns (and should zero-fill) it. */
export function derivePrivateKey(seed: Uint8Array, path: string): Uint8Array {
  const root = HDKey.fromMasterSeed(seed);
  const node = root.derive(path);
  const key = node.privateKey;
  if (!key) throw new Error('derived node has no private key');
  const copy = key.slice();
  node.wipePrivateData();
  root.wipePrivateData();
  return copy;
}

export type DerivedAddress = { index: number; path: string; address: Address };

/** Addresses of accounts `from` … `from + count − 1` under a path template. */
export function deriveAddresses(seed: Uint8Array, template: string, from: number, count: number): DerivedAddress[] {
  const root = HDKey.fromMasterSeed(seed);
  try {
    return Array.from({ length: count }, (_, k) => {
      const index = from + k;
      const path = pathForIndex(template, index);
      const node = root.derive(path);
      const key = node.privateKey;
      if (!key) throw new Error('derived node has no private key');
      const address = addressOfPrivateKey(key);
      node.wipePrivateData();
      return { index, path, address };
    });
  } finally {
    root.wipePrivateData();
  }
}
