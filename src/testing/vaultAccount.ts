import type { Address, LocalAccount } from 'viem';
import { type KeySource, signWithKey } from '../core/signing/keySigner';
import { signerAccount } from '../core/signing/signerAccount';

export type { KeySource } from '../core/signing/keySigner';

/** An account signing with a key fetched at each signature and wiped right after (tests and their tools). */
export function vaultAccount(address: Address, keySource: KeySource): LocalAccount {
  return signerAccount(address, (request) => signWithKey(keySource, request));
}
