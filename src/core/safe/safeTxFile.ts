import { type Address, getAddress, type Hex, isAddress, isHex } from 'viem';
import { fromBase64, sameHex, toBase64, utf8 } from '../bytes';
import { SafeError } from '../errors/safe';
import { type Message, msg } from '../i18n/message';
import { type SafeOperation, type SafeTx, safeTxHash } from './safeTx';
import type { SafeSignature } from './signatures';

/**
 * A pending Safe transaction as owners pass it to each other without a server: the transaction,
 * the Safe and chain it is for, its safeTxHash, and the signatures collected so far. The same
 * text goes in a file, a `cairn:` link, or the CBOR of an animated QR code. Nothing in it is
 * secret; whoever holds it can execute it once it has enough signatures.
 */
export type SafeTxFile = {
  chainId: number;
  safe: Address;
  safeTxHash: Hex;
  tx: SafeTx;
  /** Offline signatures only (on-chain approvals are read from the chain). Not yet checked. */
  signatures: { signer: Address; data: Hex }[];
};

export const SAFE_TX_FILE_TYPE = 'cairn-safe-tx';
const FILE_VERSION = 1;
const LINK_PREFIX = 'cairn:safe-tx/';
/** Far above any transaction a person reviews: what is longer is refused unread. */
const MAX_TEXT = 512 * 1024;

/** A file, link or code that does not read as a Safe transaction: SAFE_IMPORT_MALFORMED. */
export const refuseSafeTxFile = (text: Message) => new SafeError('SAFE_IMPORT_MALFORMED', text);
const refuse = refuseSafeTxFile;
const badField = (field: string) => refuse(msg('core.chain:safe.import.field', { field }));

export function safeTxFile(args: {
  chainId: number;
  safe: Address;
  tx: SafeTx;
  signatures: readonly SafeSignature[];
}): SafeTxFile {
  return {
    chainId: args.chainId,
    safe: args.safe,
    safeTxHash: safeTxHash({ chainId: args.chainId, address: args.safe }, args.tx),
    tx: args.tx,
    signatures: args.signatures.filter((s) => s.kind !== 'approved').map(({ signer, data }) => ({ signer, data })),
  };
}

/** The file's text (JSON, amounts as decimal strings); `compact` without spaces (for a QR code or a link). */
export function encodeSafeTxFile(file: SafeTxFile, compact = false): string {
  const { tx } = file;
  return JSON.stringify(
    {
      type: SAFE_TX_FILE_TYPE,
      version: FILE_VERSION,
      chainId: file.chainId,
      safe: file.safe,
      safeTxHash: file.safeTxHash,
      tx: {
        to: tx.to,
        value: tx.value.toString(),
        data: tx.data,
        operation: tx.operation,
        safeTxGas: tx.safeTxGas.toString(),
        baseGas: tx.baseGas.toString(),
        gasPrice: tx.gasPrice.toString(),
        gasToken: tx.gasToken,
        refundReceiver: tx.refundReceiver,
        nonce: tx.nonce.toString(),
      },
      signatures: file.signatures,
    },
    null,
    compact ? undefined : 2,
  );
}

const UINT = /^(0|[1-9]\d{0,77})$/;

function uint(value: unknown, field: string): bigint {
  if (typeof value !== 'string' || !UINT.test(value)) throw badField(field);
  const n = BigInt(value);
  if (n >= 2n ** 256n) throw badField(field);
  return n;
}

function address(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) throw badField(field);
  return getAddress(value);
}

function hex(value: unknown, field: string): Hex {
  if (typeof value !== 'string' || !isHex(value, { strict: true }) || value.length % 2 !== 0) throw badField(field);
  return value as Hex;
}

/**
 * Reads a file's text back, checking every field, and that its safeTxHash is the one its
 * transaction has (a changed byte anywhere shows there). The signatures are not checked here
 * (see checkedSignature). Throws SAFE_IMPORT_MALFORMED with a sentence naming what is wrong:
 * not Cairn's format, cut off or damaged, a field, the hash.
 */
export function parseSafeTxFile(text: string): SafeTxFile {
  if (text.length > MAX_TEXT) throw refuse(msg('core.chain:safe.import.tooLong'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw refuse(msg('core.chain:safe.import.notJson'));
  }
  const record = (parsed ?? {}) as Record<string, unknown>;
  if (typeof parsed !== 'object' || record.type !== SAFE_TX_FILE_TYPE)
    throw refuse(msg('core.chain:safe.import.notSafeTx'));
  if (record.version !== FILE_VERSION) throw refuse(msg('core.chain:safe.import.version'));
  const chainId = record.chainId;
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 1) throw badField('chainId');
  const t = (record.tx ?? {}) as Record<string, unknown>;
  if (typeof record.tx !== 'object' || record.tx === null) throw badField('tx');
  const operation = t.operation;
  if (operation !== 0 && operation !== 1) throw badField('tx.operation');
  const tx: SafeTx = {
    to: address(t.to, 'tx.to'),
    value: uint(t.value, 'tx.value'),
    data: hex(t.data, 'tx.data'),
    operation: operation as SafeOperation,
    safeTxGas: uint(t.safeTxGas, 'tx.safeTxGas'),
    baseGas: uint(t.baseGas, 'tx.baseGas'),
    gasPrice: uint(t.gasPrice, 'tx.gasPrice'),
    gasToken: address(t.gasToken, 'tx.gasToken'),
    refundReceiver: address(t.refundReceiver, 'tx.refundReceiver'),
    nonce: uint(t.nonce, 'tx.nonce'),
  };
  const safe = address(record.safe, 'safe');
  const hash = hex(record.safeTxHash, 'safeTxHash');
  if (!sameHex(hash, safeTxHash({ chainId, address: safe }, tx))) throw refuse(msg('core.chain:safe.import.hash'));
  if (!Array.isArray(record.signatures)) throw badField('signatures');
  const signatures = record.signatures.map((s: unknown, i) => {
    const entry = (s ?? {}) as Record<string, unknown>;
    return { signer: address(entry.signer, `signatures[${i}].signer`), data: hex(entry.data, `signatures[${i}].data`) };
  });
  return { chainId, safe, safeTxHash: hash, tx, signatures };
}

/** The file as a `cairn:` link (its text, base64url), to paste or open. */
export function safeTxLink(file: SafeTxFile): string {
  return `${LINK_PREFIX}${toBase64(utf8(encodeSafeTxFile(file, true)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}`;
}

/** A `cairn:safe-tx/…` link read back. Throws SAFE_IMPORT_MALFORMED (not such a link, cut off, damaged). */
export function parseSafeTxLink(link: string): SafeTxFile {
  const trimmed = link.trim();
  if (!trimmed.startsWith(LINK_PREFIX)) throw refuse(msg('core.chain:safe.import.notLink'));
  const body = trimmed.slice(LINK_PREFIX.length).replace(/-/g, '+').replace(/_/g, '/');
  const bytes = /^[A-Za-z0-9+/]*$/.test(body)
    ? fromBase64(body.padEnd(Math.ceil(body.length / 4) * 4, '='))
    : undefined;
  if (!bytes) throw refuse(msg('core.chain:safe.import.notJson'));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(msg('core.chain:safe.import.notJson'));
  }
  return parseSafeTxFile(text);
}

/** Whatever a person pasted: a link, or a file's text. */
export function parseSafeTxText(text: string): SafeTxFile {
  return text.trim().startsWith(LINK_PREFIX) ? parseSafeTxLink(text) : parseSafeTxFile(text);
}
