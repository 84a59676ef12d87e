import { type Address, type Hex, hashMessage, hashTypedData, hexToBigInt, type SignableMessage } from 'viem';
import { InputError } from '../errors/input';
import { type Message, msg } from '../i18n/message';
import { parseAddress } from '../keys/address';
import { N, recoverSigner } from './signature';
import { type SignableTypedData, toViemTypedData } from './typedData';

/** A signature's numbers, read from its 65-byte (r‖s‖v) or 64-byte compact (EIP-2098) form. */
export type SignatureParts = { r: bigint; s: bigint; yParity: 0 | 1 };

export type VerifyResult = {
  /** The address that made the signature, checksummed. */
  signer: Address;
  /** Whether the signer is the expected address; absent when none was given. */
  matches?: boolean;
};

function refuse(sentence: Message): never {
  throw new InputError('INPUT_SIGNATURE', sentence);
}

/**
 * Reads a signature typed or pasted by a person: 0x and 130 hex digits (r, s, v with v 27/28 or
 * 0/1) or 128 (compact, EIP-2098). A high s is refused: it is the mirror image of a valid
 * signature (malleable), which no careful signer produces.
 *
 * Errors: INPUT_SIGNATURE.
 */
export function parseSignatureInput(text: string): SignatureParts {
  const trimmed = text.trim();
  // Positions in sentences count from the start of what was typed, spaces included.
  const leading = text.length - text.trimStart().length;
  if (trimmed.length === 0) refuse(msg('core.signing:verify.empty'));
  if (!/^0[xX]/.test(trimmed)) refuse(msg('core.signing:verify.prefix'));
  const digits = trimmed.slice(2);
  const bad = digits.search(/[^0-9a-fA-F]/);
  if (bad !== -1) refuse(msg('core.signing:verify.badHexDigit', { position: leading + bad + 3 }));
  if (digits.length % 2 !== 0) refuse(msg('core.signing:verify.oddHex', { digits: digits.length }));
  const bytes = digits.length / 2;
  if (bytes !== 65 && bytes !== 64) {
    refuse(msg('core.signing:verify.length', { bytes }));
  }
  const r = hexToBigInt(`0x${digits.slice(0, 64)}`);
  let s = hexToBigInt(`0x${digits.slice(64, 128)}`);
  let yParity: 0 | 1;
  if (bytes === 65) {
    const v = Number.parseInt(digits.slice(128), 16);
    if (v !== 27 && v !== 28 && v !== 0 && v !== 1) {
      refuse(msg('core.signing:verify.badV', { v }));
    }
    yParity = (v >= 27 ? v - 27 : v) as 0 | 1;
  } else {
    // Compact form: the top bit of the second half is the y parity, the rest is s.
    yParity = s >> 255n === 1n ? 1 : 0;
    s &= (1n << 255n) - 1n;
  }
  if (r === 0n || r >= N || s === 0n || s >= N) refuse(msg('core.signing:verify.range'));
  if (s > N / 2n) {
    refuse(msg('core.signing:verify.highS'));
  }
  return { r, s, yParity };
}

function recover(hash: Hex, signature: string, expected: string | undefined): VerifyResult {
  const { r, s, yParity } = parseSignatureInput(signature);
  const expectedAddress = expected === undefined ? undefined : parseAddress(expected);
  const signer = recoverSigner(hash, r, s, yParity) ?? refuse(msg('core.signing:verify.noSigner'));
  return expectedAddress === undefined ? { signer } : { signer, matches: signer === expectedAddress };
}

/**
 * Recovers who signed a personal_sign message and, given an expected address (checksummed or
 * all one case), whether it is them.
 *
 * Errors: INPUT_SIGNATURE; KEYS_ADDRESS_FORMAT, KEYS_ADDRESS_CHECKSUM for the expected address.
 */
export function verifyMessageSignature(input: {
  message: SignableMessage;
  signature: string;
  expected?: string;
}): VerifyResult {
  return recover(hashMessage(input.message), input.signature, input.expected);
}

/**
 * Recovers who signed typed data (EIP-712) and, given an expected address, whether it is them.
 *
 * Errors: INPUT_SIGNATURE; KEYS_ADDRESS_FORMAT, KEYS_ADDRESS_CHECKSUM for the expected address.
 */
export function verifyTypedDataSignature(input: {
  typedData: SignableTypedData;
  signature: string;
  expected?: string;
}): VerifyResult {
  return recover(hashTypedData(toViemTypedData(input.typedData)), input.signature, input.expected);
}
