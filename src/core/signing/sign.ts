import type { Hex, LocalAccount, SignableMessage } from 'viem';
import { type SignableTypedData, toViemTypedData } from './typedData';

// Cairn signs messages (personal_sign, EIP-191) and typed data (EIP-712) only. It deliberately
// offers no way to sign a bare 32-byte hash (eth_sign): such a hash can be a transaction's.

/**
 * Signs a message as personal_sign does; returns the 65-byte signature (r‖s‖v, v 27/28).
 * With a vault account, fails with VAULT_LOCKED once Cairn has locked.
 */
export function signMessageWith(account: LocalAccount, message: SignableMessage): Promise<Hex> {
  return account.signMessage({ message });
}

/**
 * Signs typed data read by parseTypedDataJson; returns the 65-byte signature (r‖s‖v, v 27/28).
 * With a vault account, fails with VAULT_LOCKED once Cairn has locked.
 */
export function signTypedDataWith(account: LocalAccount, typedData: SignableTypedData): Promise<Hex> {
  return account.signTypedData(toViemTypedData(typedData));
}
