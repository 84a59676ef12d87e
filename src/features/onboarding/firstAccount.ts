import { DEFAULT_PATH_TEMPLATE, pathForIndex } from '@/core/keys/derivationPath';
import { deriveAddresses } from '@/core/keys/hd';
import type { AccountSpec } from '@/core/vault/contentsOps';

/** The one account a wallet made here starts with: the first at Cairn's default path. */
export function firstAccountOf(seed: Uint8Array): AccountSpec {
  const [first] = deriveAddresses(seed, DEFAULT_PATH_TEMPLATE, 0, 1);
  if (!first) throw new Error('no address derived');
  return {
    address: first.address,
    source: { kind: 'hd', template: DEFAULT_PATH_TEMPLATE, index: 0, path: pathForIndex(DEFAULT_PATH_TEMPLATE, 0) },
  };
}
