// What a signer outside Cairn (a QR device, a Ledger, a browser wallet) returns is its word only: before it is used,
// it must recover to the account for exactly what Cairn asked.
import { type Address, type Hex, numberToHex, recoverAddress, serializeTransaction } from 'viem';
import { InputError } from '../errors/input';
import { codeValue, type Message, type MessageValue, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import { assertChainId, type SignRequest, signingHash } from './keySigner';

/** A signature as r, s and the recovery bit. */
export type RecoverableSignature = { r: Hex; s: Hex; yParity: 0 | 1 };

const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * The same signature with a low s (EIP-2): a high s is turned into its low twin, parity flipped.
 * Nodes refuse high-s transactions, and strict verifiers refuse high-s signatures.
 */
function lowS({ r, s, yParity }: RecoverableSignature): RecoverableSignature {
  const value = BigInt(s);
  if (value <= CURVE_ORDER / 2n) return { r, s, yParity };
  return { r, s: numberToHex(CURVE_ORDER - value, { size: 32 }), yParity: (yParity ^ 1) as 0 | 1 };
}

const refuse = (sentence: Message) => new InputError('INPUT_SIGNATURE', sentence);

/**
 * The result signWithKey would give for `request` (the signed transaction, or the 65-byte
 * signature r‖s‖v with v 27/28), made from a signature that another signer returned, only if it
 * recovers to `address` for exactly `request` (a high s made low first). Throws INPUT_SIGNATURE naming what is wrong, and
 * INPUT_UNSIGNED_TX for a transaction without a chain id.
 */
export async function checkedSignature(
  request: SignRequest,
  address: Address,
  given: RecoverableSignature,
  /** Who signed, starting the refusal's sentence: "The device" (by default), or a wallet's name. */
  who: MessageValue = msg('core.signing:signature.theDevice'),
): Promise<Hex> {
  const { r, s, yParity } = lowS(given);
  if (request.kind === 'transaction') assertChainId(request.transaction);
  if (request.kind === 'authorization') assertChainId(request.authorization);
  // v as signWithKey gives it (27/28): viem turns it into EIP-155's for a legacy transaction.
  const signature = { r, s, yParity, v: yParity ? 28n : 27n };
  const compact = `${r}${s.slice(2)}${yParity ? '1c' : '1b'}` as Hex;
  let signer: Address;
  try {
    signer = await recoverAddress({ hash: signingHash(request), signature });
  } catch {
    throw refuse(msg('core.signing:signature.notValid', { who }));
  }
  if (!sameAddress(signer, address))
    throw refuse(msg('core.signing:signature.otherKey', { who, signer: codeValue(signer) }));
  return request.kind === 'transaction' ? serializeTransaction(request.transaction, signature) : compact;
}
