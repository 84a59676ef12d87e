import { bytesToHex, type Hex, hexToBytes, type SignableMessage, stringToBytes } from 'viem';
import { InputError } from '../errors/input';
import { codeValue, type Message, msg } from '../i18n/message';
import { printableUtf8, unpairedSurrogateAt } from './text';

/** How the message box is read: as UTF-8 text, or as 0x-prefixed hex bytes. */
export type MessageMode = 'text' | 'hex';

/**
 * Reads what a person typed into the message to sign (personal_sign, EIP-191 version 0x45).
 * Text is taken exactly as typed, as UTF-8. Hex is 0x followed by whole bytes; surrounding
 * spaces are ignored.
 *
 * Errors: INPUT_MESSAGE.
 */
export function parseMessageInput(text: string, mode: MessageMode): SignableMessage {
  const refuse = (sentence: Message): never => {
    throw new InputError('INPUT_MESSAGE', sentence);
  };
  if (mode === 'text') {
    if (text.length === 0) refuse(msg('core.signing:message.empty'));
    const bad = unpairedSurrogateAt(text);
    if (bad !== -1) refuse(msg('core.signing:message.badUnicode', { position: bad + 1 }));
    return text;
  }
  const trimmed = text.trim();
  // Positions in sentences count from the start of what was typed, spaces included.
  const leading = text.length - text.trimStart().length;
  if (trimmed.length === 0) refuse(msg('core.signing:message.emptyHex', { example: codeValue('0x48656c6c6f') }));
  if (!/^0[xX]/.test(trimmed)) refuse(msg('core.signing:message.hexPrefix'));
  const digits = trimmed.slice(2);
  if (digits.length === 0) refuse(msg('core.signing:message.noBytes'));
  const bad = digits.search(/[^0-9a-fA-F]/);
  if (bad !== -1) refuse(msg('core.signing:message.badHexDigit', { position: leading + bad + 3 }));
  if (digits.length % 2 !== 0) refuse(msg('core.signing:message.oddHex', { digits: digits.length }));
  return { raw: `0x${digits.toLowerCase()}` };
}

/** The exact bytes a message stands for (text as UTF-8). */
export function messageBytes(message: SignableMessage): Uint8Array {
  if (typeof message === 'string') return stringToBytes(message);
  return typeof message.raw === 'string' ? hexToBytes(message.raw) : message.raw;
}

/**
 * True for exactly 32 bytes: the size of a hash. Signing such a blob is how phishing pages try
 * to get a transaction or permit hash signed, so the UI warns about it.
 */
export function looksLikeHash(bytes: Uint8Array): boolean {
  return bytes.length === 32;
}

export type MessageDescription = {
  byteLength: number;
  hex: Hex;
  /** What the bytes say, when they are printable UTF-8 text (typed text always is). */
  text: string | undefined;
  looksLikeHash: boolean;
};

/** What the UI shows about a message before it is signed. */
export function describeMessage(message: SignableMessage): MessageDescription {
  const bytes = messageBytes(message);
  return {
    byteLength: bytes.length,
    hex: bytesToHex(bytes),
    text: typeof message === 'string' ? message : printableUtf8(bytes),
    looksLikeHash: looksLikeHash(bytes),
  };
}
