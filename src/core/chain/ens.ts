import type { Address } from 'viem';
import { getEnsAddress } from 'viem/actions';
import { normalize } from 'viem/ens';
import { InputError } from '../errors/input';
import { msg, untrustedValue } from '../i18n/message';
import { parseAddress } from '../keys/address';
import { chainClient } from './client';
import type { Network } from './networks';
import { toChainError } from './toChainError';

/** True for text that should be looked up as a name (alice.eth) rather than read as an address. */
export function looksLikeName(text: string): boolean {
  const trimmed = text.trim();
  return !trimmed.startsWith('0x') && /^[^\s]+\.[^\s.]+$/.test(trimmed);
}

export type ResolvedRecipient = { address: Address; name: string | undefined };

/**
 * Reads a recipient typed by a person: an address (EIP-55 checked) or, on networks with ENS,
 * a name resolved through the person's own node (never a gateway: CCIP-Read is off).
 *
 * Errors: KEYS_ADDRESS_FORMAT, KEYS_ADDRESS_CHECKSUM, INPUT_RECIPIENT (no ENS here, name does
 * not resolve, invalid name), ChainError.
 */
export async function resolveRecipient(network: Network, text: string): Promise<ResolvedRecipient> {
  if (!looksLikeName(text)) return { address: parseAddress(text), name: undefined };
  const resolver = network.ensUniversalResolver;
  if (!resolver) {
    throw new InputError(
      'INPUT_RECIPIENT',
      msg('core.chain:ens.none', { network: untrustedValue(network.name, 'name') }),
    );
  }
  let name: string;
  try {
    name = normalize(text.trim());
  } catch {
    throw new InputError(
      'INPUT_RECIPIENT',
      msg('core.chain:ens.invalid', { name: untrustedValue(text.trim(), 'ensName') }),
    );
  }
  let address: Address | null;
  try {
    address = await getEnsAddress(chainClient(network), { name, universalResolverAddress: resolver });
  } catch (error) {
    throw toChainError(error);
  }
  if (!address) {
    throw new InputError(
      'INPUT_RECIPIENT',
      msg('core.chain:ens.unresolved', {
        name: untrustedValue(name, 'ensName'),
        network: untrustedValue(network.name, 'name'),
      }),
    );
  }
  return { address, name };
}
