import { type Address, getAddress } from 'viem';
import { isCairnError } from '../errors/base';
import { KeyError } from '../errors/keys';
import { type Message, msg } from '../i18n/message';

/**
 * Parses an address typed or pasted by a person. All-lowercase and all-uppercase hex are
 * accepted (no checksum to check); mixed case must match its EIP-55 checksum, because a wrong
 * capital letter usually means a typo. Returns the checksummed address.
 *
 * Throws KEYS_ADDRESS_FORMAT or KEYS_ADDRESS_CHECKSUM.
 */
export function parseAddress(text: string): Address {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new KeyError('KEYS_ADDRESS_FORMAT', msg('core.keys:address.empty'));
  if (!/^0[xX]/.test(trimmed)) {
    throw new KeyError('KEYS_ADDRESS_FORMAT', msg('core.keys:address.prefix'));
  }
  const hex = trimmed.slice(2);
  const bad = hex.search(/[^0-9a-fA-F]/);
  if (bad !== -1) {
    throw new KeyError('KEYS_ADDRESS_FORMAT', msg('core.keys:address.notHex', { position: bad + 3 }));
  }
  if (hex.length !== 40) {
    throw new KeyError('KEYS_ADDRESS_FORMAT', msg('core.keys:address.length', { digits: hex.length }));
  }
  const checksummed = getAddress(`0x${hex.toLowerCase()}`);
  const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (mixedCase && `0x${hex}` !== checksummed) {
    throw new KeyError('KEYS_ADDRESS_CHECKSUM', msg('core.keys:address.checksum'));
  }
  return checksummed;
}

/**
 * An address given as text (a route's parameter): the address, or why it is not one, in words;
 * `otherwise` for a failure that is not Cairn's own.
 */
export function addressOrProblem(text: string, otherwise: Message): { address: Address } | { problem: Message } {
  try {
    return { address: parseAddress(text) };
  } catch (error) {
    return { problem: isCairnError(error) ? error.text : otherwise };
  }
}
