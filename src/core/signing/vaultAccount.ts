import type { Address, LocalAccount } from 'viem';
import { type KeySource, signWithKey } from './keySigner';
import { signerAccount } from './signerAccount';

export type { KeySource } from './keySigner';

/** An account signing with a key fetched at each signature and wiped right after (tests, tools). */
export function vaultAccount(address: Address, keySource: KeySource): LocalAccount {
  return signerAccount(address, (request) => signWithKey(keySource, request));
}
