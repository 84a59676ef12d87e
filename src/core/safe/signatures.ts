import {
  type Address,
  concatHex,
  getAddress,
  type Hex,
  hexToBigInt,
  hexToNumber,
  keccak256,
  pad,
  recoverAddress,
  size,
  slice,
  toPrefixedMessage,
} from 'viem';
import { SafeError } from '../errors/safe';
import { codeValue, type Message, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';

/**
 * An owner's confirmation of one Safe transaction, as Safe's checkSignatures reads it: 65 bytes
 * r ‖ s ‖ v. `eip712`: the owner signed the SafeTx typed data (v 27/28); `ethSign`: signed the hash
 * as a personal message (v 31/32, a device that signs no typed data); `approved`: the owner
 * confirmed on-chain with approveHash, or sends the execution itself (v 1, r the owner).
 */
export type SafeSignature = { signer: Address; kind: 'eip712' | 'ethSign' | 'approved'; data: Hex };

/** The confirmation Safe reads from approvedHashes, or from the executing owner itself: v = 1, r = the owner. */
export function approvedSignature(owner: Address): SafeSignature {
  return { signer: getAddress(owner), kind: 'approved', data: concatHex([pad(owner), pad('0x'), '0x01']) };
}

const malformed = (why: 'length' | 'v') =>
  new SafeError('SAFE_SIGNATURE_MALFORMED', msg(`core.chain:safe.signature.${why}`));

/**
 * Who made `data` for `hash`, as Safe would recover it. Throws SAFE_SIGNATURE_MALFORMED (not 65
 * bytes, an unknown v) and SAFE_SIGNATURE_UNSUPPORTED (a contract's signature, v = 0: Cairn does
 * not check EIP-1271 owners).
 */
export async function recoverSafeSignature(hash: Hex, data: Hex): Promise<SafeSignature> {
  if (size(data) !== 65) throw malformed('length');
  const r = slice(data, 0, 32);
  const s = slice(data, 32, 64);
  const v = hexToNumber(slice(data, 64, 65));
  if (v === 0) throw new SafeError('SAFE_SIGNATURE_UNSUPPORTED', msg('core.chain:safe.signature.contract'));
  if (v === 1) {
    if (hexToBigInt(r) >> 160n !== 0n) throw malformed('v');
    return { signer: getAddress(slice(r, 12, 32)), kind: 'approved', data };
  }
  const ethSign = v === 31 || v === 32;
  if (!ethSign && v !== 27 && v !== 28) throw malformed('v');
  const signed = ethSign ? keccak256(toPrefixedMessage({ raw: hash })) : hash;
  const signature = concatHex([r, s, `0x${(ethSign ? v - 4 : v).toString(16)}`]);
  try {
    const signer = await recoverAddress({ hash: signed, signature });
    return { signer, kind: ethSign ? 'ethSign' : 'eip712', data };
  } catch (error) {
    throw new SafeError('SAFE_SIGNATURE_MALFORMED', msg('core.chain:safe.signature.unrecoverable'), { cause: error });
  }
}

/**
 * `data` checked as a confirmation of `hash` to add to `collected`: made by one of `owners` for
 * exactly this hash, and not from an owner already counted. An `approved` confirmation carries no
 * proof of its own (the chain holds it): only the chain's approvedHashes may vouch for it, so it is
 * refused here. Throws SAFE_SIGNATURE_NOT_OWNER (which also means: made for another transaction,
 * since that recovers to another address), SAFE_SIGNATURE_DUPLICATE, and recoverSafeSignature's.
 */
export async function checkedSignature(args: {
  hash: Hex;
  data: Hex;
  owners: readonly Address[];
  collected: readonly SafeSignature[];
}): Promise<SafeSignature> {
  const signature = await recoverSafeSignature(args.hash, args.data);
  if (signature.kind === 'approved')
    throw new SafeError('SAFE_SIGNATURE_UNSUPPORTED', msg('core.chain:safe.signature.approvedOffline'));
  if (!args.owners.some((owner) => sameAddress(owner, signature.signer)))
    throw new SafeError(
      'SAFE_SIGNATURE_NOT_OWNER',
      msg('core.chain:safe.signature.notOwner', { signer: codeValue(signature.signer) }),
    );
  if (args.collected.some((known) => sameAddress(known.signer, signature.signer)))
    throw new SafeError(
      'SAFE_SIGNATURE_DUPLICATE',
      msg('core.chain:safe.signature.duplicate', { signer: codeValue(signature.signer) }),
    );
  return signature;
}

/** The refusals whose sentence names the address the signature came from, or is said to. */
const NAMING_SIGNER: readonly string[] = ['SAFE_SIGNATURE_NOT_OWNER', 'SAFE_SIGNATURE_DUPLICATE'];

/**
 * A refused signature in one sentence that names its address once: the refusal's own sentence
 * when it names one (not an owner, already counted, another key than said); else "From {claimed}:"
 * before it when the signature is said to be from someone, or "Signature {position}:" in a list.
 */
export function signatureRefusal(
  error: SafeError,
  where: { claimed?: Address | undefined; position?: number | undefined } = {},
): Message {
  if (NAMING_SIGNER.includes(error.code)) return error.text;
  if (where.claimed)
    return msg('core.chain:safe.signature.from', { signer: codeValue(where.claimed), why: error.text });
  if (where.position !== undefined)
    return msg('core.chain:safe.signature.numbered', { position: where.position, why: error.text });
  return error.text;
}

/**
 * The signatures as execTransaction takes them: one per owner, ascending by owner address (Safe
 * refuses any other order), concatenated. A later one for the same owner is dropped.
 */
export function encodeSignatures(signatures: readonly SafeSignature[]): Hex {
  const byOwner = new Map<string, SafeSignature>();
  for (const signature of signatures) {
    const key = signature.signer.toLowerCase();
    if (!byOwner.has(key)) byOwner.set(key, signature);
  }
  const sorted = [...byOwner.values()].sort((a, b) => (BigInt(a.signer) < BigInt(b.signer) ? -1 : 1));
  return sorted.length === 0 ? '0x' : concatHex(sorted.map((signature) => signature.data));
}
