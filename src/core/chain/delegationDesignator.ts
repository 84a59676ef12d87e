import { type Address, getAddress, type Hex, zeroAddress } from 'viem';
import { sameAddress } from '../keys/sameAddress';

// EIP-7702: an account that authorized a delegate has as code the designator 0xef0100 ‖ address.

const DESIGNATOR = /^0xef0100([0-9a-fA-F]{40})$/;

/** The code an authorization to `delegate` leaves at its account: 0xef0100 ‖ address. */
export function designatorCode(delegate: Address): Hex {
  return `0xef0100${getAddress(delegate).slice(2).toLowerCase()}`;
}

/** The delegate an account's code points at, if the code is a delegation designator. */
export function delegateOf(code: Hex | undefined): Address | undefined {
  const match = code === undefined ? null : DESIGNATOR.exec(code);
  return match?.[1] === undefined ? undefined : getAddress(`0x${match[1]}`);
}

/**
 * Whether `code` is what an authorization to `address` leaves: the designator, or no code at all
 * for the zero address (an undo).
 */
export function codeShowsDelegate(code: Hex | undefined, address: Address): boolean {
  if (sameAddress(address, zeroAddress)) return code === undefined || code === '0x';
  const delegate = delegateOf(code);
  return delegate !== undefined && sameAddress(delegate, address);
}
