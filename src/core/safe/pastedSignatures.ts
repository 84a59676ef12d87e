import { type Address, concatHex, getAddress, type Hex, hexToBigInt, isAddress, isHex, size, slice } from 'viem';
import { sameHex } from '../bytes';
import { SafeError } from '../errors/safe';
import { codeValue, type Message, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import {
  approvedSignature,
  checkedSignature,
  recoverSafeSignature,
  type SafeSignature,
  signatureRefusal,
} from './signatures';

/**
 * A signature an owner made outside Cairn, as pasted: its bytes, and the owner it is said to be
 * from where the paste says so (a confirmation of Safe's Transaction Service).
 */
export type PastedSignature = { data: Hex; owner?: Address };

/** What was pasted: its signatures, and the safeTxHash they were given for, where it says. */
export type PastedSignatures = { signatures: PastedSignature[]; safeTxHash?: Hex };

/** Safe's ECDSA signature: r ‖ s ‖ v. */
const SIGNATURE_BYTES = 65;
/** Far above any list of signatures a Safe has (a JSON transaction of the Transaction Service included). */
const MAX_TEXT = 256 * 1024;

const refuse = (text: Message) => new SafeError('SAFE_SIGNATURE_MALFORMED', text);
const badField = (field: string) => refuse(msg('core.chain:safe.paste.field', { field }));

/** Hex digits, with or without 0x, spaces and line breaks ignored (a signature copied across lines). */
function hexBytes(text: string): Hex {
  const digits = text.replace(/\s+/g, '').replace(/^0x/i, '');
  if (digits === '' || !/^[0-9a-fA-F]*$/.test(digits)) throw refuse(msg('core.chain:safe.paste.notHex'));
  if (digits.length % 2 !== 0) throw refuse(msg('core.chain:safe.paste.oddDigits'));
  return `0x${digits.toLowerCase()}`;
}

/** Safe's `signatures` bytes: 65-byte signatures one after another (no contract signature's dynamic part). */
function splitSignatures(bytes: Hex): Hex[] {
  const length = size(bytes);
  if (length % SIGNATURE_BYTES !== 0) throw refuse(msg('core.chain:safe.paste.size', { bytes: length }));
  const out: Hex[] = [];
  for (let at = 0; at < length; at += SIGNATURE_BYTES) out.push(slice(bytes, at, at + SIGNATURE_BYTES));
  return out;
}

/** The Transaction Service's confirmations, `[{ owner, signature, … }]`. */
function confirmationsOf(list: unknown[], field: string): PastedSignature[] {
  return list.map((item, i) => {
    const entry = (item ?? {}) as Record<string, unknown>;
    const { owner, signature } = entry;
    if (typeof owner !== 'string' || !isAddress(owner, { strict: false })) throw badField(`${field}[${i}].owner`);
    if (typeof signature !== 'string' || !isHex(signature, { strict: true }))
      throw badField(`${field}[${i}].signature`);
    return { owner: getAddress(owner), data: hexBytes(signature) };
  });
}

function fromJson(parsed: unknown): PastedSignatures {
  if (Array.isArray(parsed)) return { signatures: confirmationsOf(parsed, 'confirmations') };
  if (typeof parsed !== 'object' || parsed === null) throw refuse(msg('core.chain:safe.paste.jsonForm'));
  const record = parsed as Record<string, unknown>;
  let safeTxHash: Hex | undefined;
  if (record.safeTxHash !== undefined) {
    const hash = record.safeTxHash;
    if (typeof hash !== 'string' || !isHex(hash, { strict: true }) || size(hash) !== 32) throw badField('safeTxHash');
    safeTxHash = hash.toLowerCase() as Hex;
  }
  const withHash = (signatures: PastedSignature[]) => (safeTxHash ? { signatures, safeTxHash } : { signatures });
  // One confirmation; a page of the confirmations list; a multisig transaction with its
  // confirmations (the owners named) or, failing those, its `signatures` bytes.
  if (record.owner !== undefined && record.signature !== undefined)
    return withHash(confirmationsOf([record], 'confirmation'));
  if (Array.isArray(record.results)) return withHash(confirmationsOf(record.results, 'results'));
  if (Array.isArray(record.confirmations) && record.confirmations.length > 0)
    return withHash(confirmationsOf(record.confirmations, 'confirmations'));
  if (typeof record.signatures === 'string' && record.signatures !== '')
    return withHash(splitSignatures(hexBytes(record.signatures)).map((data) => ({ data })));
  throw refuse(msg('core.chain:safe.paste.jsonForm'));
}

/**
 * Reads signatures an owner made outside Cairn, as other Safe tools give them: hex, one 65-byte
 * signature or several one after another (Safe's `signatures` bytes); or JSON from Safe's
 * Transaction Service: a confirmation `{ owner, signature }`, a list of them (or a page of one,
 * `results`), or a multisig transaction with its `confirmations` or `signatures` and its
 * `safeTxHash`. Nothing is checked against a Safe here (checkPastedSignatures). Throws
 * SAFE_SIGNATURE_MALFORMED naming what is wrong: not hex, an odd number of digits, not a multiple
 * of 65 bytes, JSON that is damaged or holds no signatures, a field.
 */
export function parsePastedSignatures(text: string): PastedSignatures {
  const trimmed = text.trim();
  if (trimmed.length > MAX_TEXT) throw refuse(msg('core.chain:safe.paste.tooLong'));
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw refuse(msg('core.chain:safe.paste.notJson'));
    }
    return fromJson(parsed);
  }
  return { signatures: splitSignatures(hexBytes(trimmed)).map((data) => ({ data })) };
}

/**
 * `data` with an ECDSA recovery id of 0 or 1 as Safe reads it, 27 or 28 (some signers give the
 * bare parity). Only where r cannot be Safe's own v 0 or 1 form, whose r is an address.
 */
function withSafeV(data: Hex): Hex {
  if (size(data) !== SIGNATURE_BYTES) return data;
  const v = Number(hexToBigInt(slice(data, 64, 65)));
  if (v > 1 || hexToBigInt(slice(data, 0, 32)) >> 160n === 0n) return data;
  return concatHex([slice(data, 0, 64), v === 0 ? '0x1b' : '0x1c']);
}

/** `data` as Safe's eth_sign form (v + 4): a personal_sign of the safeTxHash given with v 27 or 28. */
function asEthSign(data: Hex): Hex | undefined {
  const v = Number(hexToBigInt(slice(data, 64, 65)));
  return v === 27 || v === 28 ? concatHex([slice(data, 0, 64), v === 27 ? '0x1f' : '0x20']) : undefined;
}

/**
 * Who signed `data` for `hash`, as Safe will read it: EIP-712 (v 27/28) or eth_sign (v 31/32); a
 * signature given with v 27/28 that is an owner's personal_sign of the hash (what `cast wallet
 * sign` and a wallet's "sign message" give) is taken in Safe's eth_sign form, as Safe's own SDK
 * does. Throws what recoverSafeSignature throws.
 */
async function recoverForOwners(hash: Hex, data: Hex, owners: readonly Address[]): Promise<SafeSignature> {
  const isOwner = (address: Address) => owners.some((owner) => sameAddress(owner, address));
  const direct = await recoverSafeSignature(hash, data);
  if (direct.kind !== 'eip712' || isOwner(direct.signer)) return direct;
  const ethSign = asEthSign(data);
  const prefixed = ethSign ? await recoverSafeSignature(hash, ethSign).catch(() => undefined) : undefined;
  return prefixed && isOwner(prefixed.signer) ? prefixed : direct;
}

/** What the check of pasted signatures against one Safe transaction needs. */
export type PastedCheck = {
  /** The transaction's safeTxHash. */
  hash: Hex;
  /** The Safe's owners now. */
  owners: readonly Address[];
  /** The owners already counted for it (kept signatures, on-chain approvals). */
  counted: readonly Address[];
  /** The Safe's other transactions Cairn keeps: a signature made for one of them is said so. */
  others: readonly { hash: Hex; nonce: bigint }[];
};

/** The signatures taken (in Safe's form), and a sentence for each one refused. */
export type PastedOutcome = { accepted: SafeSignature[]; refused: Message[] };

async function checkedPasted(entry: PastedSignature, check: PastedCheck, collected: SafeSignature[]) {
  const data = withSafeV(entry.data);
  try {
    const recovered = await recoverForOwners(check.hash, data, check.owners);
    const signature = await checkedSignature({
      hash: check.hash,
      data: recovered.data,
      owners: check.owners,
      collected,
    });
    if (entry.owner && !sameAddress(entry.owner, signature.signer))
      throw new SafeError(
        'SAFE_SIGNATURE_NOT_OWNER',
        msg('core.chain:safe.import.otherSigner', { signer: codeValue(entry.owner) }),
      );
    return signature;
  } catch (error) {
    if (!(error instanceof SafeError) || error.code !== 'SAFE_SIGNATURE_NOT_OWNER') throw error;
    for (const other of check.others) {
      const made = await recoverForOwners(other.hash, data, check.owners).catch(() => undefined);
      if (made && made.kind !== 'approved' && check.owners.some((owner) => sameAddress(owner, made.signer)))
        throw new SafeError(
          'SAFE_SIGNATURE_OTHER_TX',
          msg('core.chain:safe.signature.otherTx', { nonce: other.nonce.toString() }),
        );
    }
    throw error;
  }
}

/**
 * Checks pasted signatures as confirmations of one Safe transaction: each must recover, over its
 * safeTxHash, to a current owner not counted yet (nor earlier in the paste), and to the owner it
 * is said to be from, if any. Each one refused gets its sentence (signatureRefusal: what was
 * wrong, the address named once), and the others are taken. Throws SAFE_SIGNATURE_OTHER_TX when
 * the paste says it is for another safeTxHash.
 */
export async function checkPastedSignatures(pasted: PastedSignatures, check: PastedCheck): Promise<PastedOutcome> {
  if (pasted.safeTxHash && !sameHex(pasted.safeTxHash, check.hash)) {
    const other = check.others.find((o) => sameHex(o.hash, pasted.safeTxHash));
    throw new SafeError(
      'SAFE_SIGNATURE_OTHER_TX',
      other
        ? msg('core.chain:safe.signature.otherTx', { nonce: other.nonce.toString() })
        : msg('core.chain:safe.paste.otherHash', { hash: codeValue(pasted.safeTxHash) }),
    );
  }
  const collected = check.counted.map(approvedSignature);
  const accepted: SafeSignature[] = [];
  const refused: Message[] = [];
  const several = pasted.signatures.length > 1;
  for (const [i, entry] of pasted.signatures.entries()) {
    try {
      const signature = await checkedPasted(entry, check, collected);
      accepted.push(signature);
      collected.push(signature);
    } catch (error) {
      if (!(error instanceof SafeError)) throw error;
      refused.push(signatureRefusal(error, { claimed: entry.owner, position: several ? i + 1 : undefined }));
    }
  }
  return { accepted, refused };
}
