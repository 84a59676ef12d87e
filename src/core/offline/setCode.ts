import { type Address, concatHex, keccak256, numberToHex, toRlp } from 'viem';
import { codeValue, type Message, msg } from '../i18n/message';
import { recoverSigner, signatureProblem } from '../signing/signature';
import { addressField, listField, refuse, toNestedHex, uintField } from './rawTxFields';
import type { RlpItem } from './rlpReader';

/** One EIP-7702 authorization: `authority` lets its account run the code at `address`. */
export type Authorization = {
  chainId: bigint;
  address: Address;
  nonce: bigint;
  yParity: number;
  r: bigint;
  s: bigint;
  /** The account that signed it; undefined when its signature is invalid (nodes skip it). */
  authority: Address | undefined;
};

/** The authorization list of a type-4 transaction: [[chainId, address, nonce, yParity, r, s], …]. */
export function readAuthorizations(items: RlpItem[]): Authorization[] {
  return items.map((item, index) => {
    const at = { index: index + 1 };
    const parts = listField(item, msg('core.signing:raw.label.authorization', at));
    if (parts.length !== 6) refuse(msg('core.signing:raw.authorizationShape', { ...at, fields: parts.length }));
    const chainId = uintField(parts[0], msg('core.signing:raw.label.authorizationChainId', at), 32);
    const address = addressField(parts[1], msg('core.signing:raw.label.authorizationAddress', at), false) as Address;
    const nonce = uintField(parts[2], msg('core.signing:raw.label.authorizationNonce', at), 8);
    const yParity = Number(uintField(parts[3], msg('core.signing:raw.label.authorizationYParity', at), 1));
    const r = uintField(parts[4], msg('core.signing:raw.label.authorizationR', at), 32);
    const s = uintField(parts[5], msg('core.signing:raw.label.authorizationS', at), 32);
    const hash = keccak256(concatHex([numberToHex(5, { size: 1 }), toRlp(parts.slice(0, 3).map(toNestedHex))]));
    const valid = yParity <= 1 && signatureProblem(r, s) === undefined;
    return {
      chainId,
      address,
      nonce,
      yParity,
      r,
      s,
      authority: valid ? recoverSigner(hash, r, s, yParity) : undefined,
    };
  });
}

/** What a person must know before sending a set-code (type-4) transaction. */
export function setCodeWarning(authorizations: Authorization[]): Message[] {
  if (authorizations.length === 0) return [];
  const warnings = authorizations.map((auth) => {
    const code = codeValue(auth.address);
    if (!auth.authority) return msg('core.signing:raw.setCode.invalidAuthorization', { code });
    const values = { account: codeValue(auth.authority), code };
    return auth.chainId === 0n
      ? msg('core.signing:raw.setCode.delegatesEverywhere', values)
      : msg('core.signing:raw.setCode.delegates', values);
  });
  return [msg('core.signing:raw.setCode.intro'), ...warnings];
}
