// Cairn's own thin layer for the Ledger Ethereum app's APDUs (app-ethereum doc/ethapp.adoc):
// configuration, addresses, transactions in chunks, personal messages and EIP-712 (hashed form).
// It talks through `exchange`, one APDU in and the answer with its status word out, so the same
// code runs over WebHID in the browser and over recorded exchanges in tests.
import { type Address, bytesToHex, fromRlp, getAddress, type Hex, hexToBytes, toRlp } from 'viem';
import { DeviceError } from '../errors/device';
import { msg } from '../i18n/message';
import { parsePathText } from '../qrDevice/keypath';
import { INS_SIGN_TRANSACTION, SW_OK, statusError } from './statusWords';

/** Sends one APDU; resolves with the answer including its two status bytes. */
export type Exchange = (apdu: Uint8Array) => Promise<Uint8Array>;

/** How long a question the Ledger answers without the person may take. */
export const QUESTION_MS = 15_000;

/**
 * `exchange` for questions the Ledger answers without the person (which app, configuration, an
 * address not shown): one left unanswered `ms` is DEVICE_BUSY, as a Ledger asleep or on its PIN
 * screen may never answer. The connection is not to be used after that (the answer may still come).
 */
export function answeredWithin(exchange: Exchange, ms: number): Exchange {
  return (apdu) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new DeviceError('DEVICE_BUSY', msg('core.devices:ledger.noAnswer'))), ms);
      exchange(apdu).then(
        (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

const CLA = 0xe0;
const INS = {
  getAddress: 0x02,
  signTransaction: INS_SIGN_TRANSACTION,
  configuration: 0x06,
  signMessage: 0x08,
  signTypedData: 0x0c,
} as const;
/** Data bytes per APDU, as Ledger's own library sends them (the app takes up to 255). */
const CHUNK = 150;

/**
 * Whether an app version ("1.17.0", from getAppConfiguration) is `least` or later; an unreadable
 * one is not.
 */
export function appVersionAtLeast(version: string, least: readonly [number, number, number]): boolean {
  const parts = version.split('.').map((part) => Number.parseInt(part, 10));
  for (const [i, wanted] of least.entries()) {
    const part = parts[i];
    if (part === undefined || Number.isNaN(part)) return false;
    if (part !== wanted) return part > wanted;
  }
  return true;
}

/** The path as the app takes it: a count byte, then each index as four big-endian bytes. */
export function pathBytes(path: string): Uint8Array {
  const indexes = parsePathText(path);
  if (indexes.length === 0 || indexes.length > 10) throw new RangeError(`a Ledger path has 1 to 10 levels: ${path}`);
  const out = new Uint8Array(1 + indexes.length * 4);
  out[0] = indexes.length;
  const view = new DataView(out.buffer);
  indexes.forEach((index, i) => {
    view.setUint32(1 + i * 4, index);
  });
  return out;
}

function apdu(ins: number, p1: number, p2: number, data: Uint8Array): Uint8Array {
  if (data.length > 255) throw new RangeError('an APDU carries at most 255 bytes');
  return Uint8Array.of(CLA, ins, p1, p2, data.length, ...data);
}

/** Sends one Ethereum-app APDU (CLA E0) and returns its data (see sendApdu). */
export function sendToEthApp(
  exchange: Exchange,
  ins: number,
  p1: number,
  p2: number,
  data: Uint8Array,
): Promise<Uint8Array> {
  return sendApdu(exchange, apdu(ins, p1, p2, data));
}

/**
 * Sends one whole APDU and returns the answer's data, or throws the DeviceError its status word
 * stands for (statusWords.ts); a failed exchange is DEVICE_DISCONNECTED.
 */
export async function sendApdu(exchange: Exchange, apdu: Uint8Array): Promise<Uint8Array> {
  let answer: Uint8Array;
  try {
    answer = await exchange(apdu);
  } catch (cause) {
    if (cause instanceof DeviceError) throw cause;
    throw new DeviceError('DEVICE_DISCONNECTED', msg('core.devices:ledger.stopped'), { cause });
  }
  if (answer.length < 2) throw new DeviceError('DEVICE_ANSWER', msg('core.devices:ledger.shortAnswer'));
  const word = ((answer[answer.length - 2] as number) << 8) | (answer[answer.length - 1] as number);
  if (word !== SW_OK) throw statusError(word, apdu[1] ?? 0);
  return answer.subarray(0, answer.length - 2);
}

export type AppConfiguration = {
  /** "Blind signing" (arbitrary contract data) is on. */
  blindSigning: boolean;
  /** The app wants ERC-20 token information provided before it signs a token transfer. */
  erc20Provisioning: boolean;
  version: string;
};

export async function getAppConfiguration(exchange: Exchange): Promise<AppConfiguration> {
  const data = await sendToEthApp(exchange, INS.configuration, 0, 0, new Uint8Array());
  if (data.length < 4) throw new DeviceError('DEVICE_ANSWER', msg('core.devices:ledger.configUnreadable'));
  const [flags = 0, major, minor, patch] = data;
  return {
    blindSigning: (flags & 0x01) !== 0,
    erc20Provisioning: (flags & 0x02) !== 0,
    version: `${major}.${minor}.${patch}`,
  };
}

export type LedgerAddress = { address: Address; publicKey: Hex; chainCode?: Hex };

/** The address at `path`; with `display`, the Ledger shows it and waits for the person to confirm. */
export async function getLedgerAddress(
  exchange: Exchange,
  path: string,
  options: { display?: boolean; chainCode?: boolean } = {},
): Promise<LedgerAddress> {
  const data = await sendToEthApp(
    exchange,
    INS.getAddress,
    options.display ? 1 : 0,
    options.chainCode ? 1 : 0,
    pathBytes(path),
  );
  const keyLength = data[0] ?? 0;
  const addressLength = data[1 + keyLength] ?? 0;
  const keyEnd = 1 + keyLength;
  const addressEnd = keyEnd + 1 + addressLength;
  if (keyLength !== 65 || addressLength !== 40 || data.length < addressEnd + (options.chainCode ? 32 : 0))
    throw new DeviceError('DEVICE_ANSWER', msg('core.devices:ledger.addressAnswerUnreadable'));
  const text = new TextDecoder().decode(data.subarray(keyEnd + 1, addressEnd));
  if (!/^[0-9a-fA-F]{40}$/.test(text))
    throw new DeviceError('DEVICE_ANSWER', msg('core.devices:ledger.addressUnreadable'));
  const result: LedgerAddress = { address: getAddress(`0x${text}`), publicKey: bytesToHex(data.subarray(1, keyEnd)) };
  if (options.chainCode) result.chainCode = bytesToHex(data.subarray(addressEnd, addressEnd + 32));
  return result;
}

/** Where a legacy transaction's EIP-155 tail (chainId, 0, 0) starts in its RLP, or 0 for a typed one. */
function eip155TailOffset(raw: Uint8Array): number {
  if ((raw[0] ?? 0) < 0xc0) return 0;
  const items = fromRlp(raw, 'bytes');
  if (!Array.isArray(items) || items.length <= 6) return 0;
  // The tail's three items, encoded as a list: its payload is the end of the transaction's.
  const tail = hexToBytes(toRlp(items.slice(-3) as Uint8Array[]));
  return raw.length - (tail.length - 1);
}

/**
 * Sends `head ‖ body` as one instruction in chunks of CHUNK bytes, the first (P1 00) carrying
 * `head`, the next ones P1 80; a chunk whose end `takeRest` approves takes the rest of `body`.
 * Returns the last answer.
 */
async function sendInChunks(
  exchange: Exchange,
  ins: number,
  head: Uint8Array,
  body: Uint8Array,
  takeRest: (end: number) => boolean = () => false,
): Promise<Uint8Array> {
  let offset = 0;
  let answer: Uint8Array = new Uint8Array();
  do {
    const first = offset === 0;
    let size = Math.min(first ? CHUNK - head.length : CHUNK, body.length - offset);
    if (takeRest(offset + size)) size = body.length - offset;
    const chunk = body.subarray(offset, offset + size);
    answer = await sendToEthApp(
      exchange,
      ins,
      first ? 0x00 : 0x80,
      0x00,
      first ? Uint8Array.of(...head, ...chunk) : chunk,
    );
    offset += size;
  } while (offset < body.length);
  return answer;
}

export type DeviceSignature = { r: Hex; s: Hex; yParity: 0 | 1 };

/** Reads v‖r‖s (1 + 32 + 32 bytes) from a signing answer; v as the app gives it. */
export function readSignature(data: Uint8Array): { v: number; r: Hex; s: Hex } {
  if (data.length < 65) throw new DeviceError('DEVICE_ANSWER', msg('core.devices:ledger.signatureUnreadable'));
  return { v: data[0] as number, r: bytesToHex(data.subarray(1, 33)), s: bytesToHex(data.subarray(33, 65)) };
}

/**
 * Signs an unsigned serialized transaction (legacy RLP, or type ‖ RLP) at `path`, sent in chunks:
 * the first carries the path; a chunk that would reach into a legacy transaction's EIP-155 tail
 * takes the rest, so the app never receives the tail cut. The signature is the device's word:
 * the caller recovers its signer and compares it with the account before using it.
 */
export async function signLedgerTransaction(exchange: Exchange, path: string, unsigned: Hex): Promise<DeviceSignature> {
  const raw = hexToBytes(unsigned);
  const tail = eip155TailOffset(raw);
  const answer = await sendInChunks(
    exchange,
    INS.signTransaction,
    pathBytes(path),
    raw,
    (end) => tail !== 0 && end >= tail,
  );
  const { v, r, s } = readSignature(answer);
  // A typed transaction's v is the parity itself. A legacy one's is 27 + parity, or the low byte of
  // chainId′·2 + 35 + parity (+2 when r overflowed): both bases are odd, so the low bit says it.
  const legacy = (raw[0] ?? 0) >= 0xc0;
  if (!legacy && v > 1) throw new DeviceError('DEVICE_ANSWER', msg('core.devices:ledger.recoveryUnreadable'));
  return { r, s, yParity: legacy ? (((v & 1) ^ 1) as 0 | 1) : (v as 0 | 1) };
}

/** Signs a personal message (EIP-191) at `path`; the Ledger shows it before signing. */
export async function signLedgerMessage(
  exchange: Exchange,
  path: string,
  message: Uint8Array,
): Promise<DeviceSignature> {
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, message.length);
  const answer = await sendInChunks(exchange, INS.signMessage, Uint8Array.of(...pathBytes(path), ...length), message);
  return readMessageSignature(answer);
}

/** Reads a message or typed-data signature (v‖r‖s, v 27 or 28) from the app's answer. */
export function readMessageSignature(data: Uint8Array): DeviceSignature {
  return messageSignature(readSignature(data));
}

/** A message or typed-data signature, whose v the app gives as 27 or 28. */
function messageSignature({ v, r, s }: { v: number; r: Hex; s: Hex }): DeviceSignature {
  if (v !== 27 && v !== 28) throw new DeviceError('DEVICE_ANSWER', msg('core.devices:ledger.signatureUnreadable'));
  return { r, s, yParity: v === 28 ? 1 : 0 };
}

/** Signs EIP-712 typed data by its two hashes (the app shows them: the person compares them with Cairn's review). */
export async function signLedgerTypedDataHashes(
  exchange: Exchange,
  path: string,
  domainHash: Hex,
  messageHash: Hex,
): Promise<DeviceSignature> {
  const data = Uint8Array.of(...pathBytes(path), ...hexToBytes(domainHash), ...hexToBytes(messageHash));
  return readMessageSignature(await sendToEthApp(exchange, INS.signTypedData, 0x00, 0x00, data));
}
