import { type Address, concatHex, keccak256, numberToHex, toRlp } from 'viem';
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
    const where = `Authorization ${index + 1}`;
    const parts = listField(item, where);
    if (parts.length !== 6)
      refuse(`${where} must have 6 fields (chain id, address, nonce, y parity, r, s); it has ${parts.length}.`);
    const chainId = uintField(parts[0], `${where}: the chain id`, 32);
    const address = addressField(parts[1], `${where}: the address`, false) as Address;
    const nonce = uintField(parts[2], `${where}: the nonce`, 8);
    const yParity = Number(uintField(parts[3], `${where}: the y parity`, 1));
    const r = uintField(parts[4], `${where}: r`, 32);
    const s = uintField(parts[5], `${where}: s`, 32);
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
export function setCodeWarning(authorizations: Authorization[]): string[] {
  const warnings = authorizations.map((auth) =>
    auth.authority
      ? `This transaction makes account ${auth.authority} run the code at ${auth.address}${auth.chainId === 0n ? ' on every chain' : ''}. Whoever wrote that code can move that account's funds: send it only if you trust it.`
      : `Authorization for ${auth.address} has an invalid signature; nodes will skip it.`,
  );
  if (authorizations.length === 0) return [];
  return [
    'This is an EIP-7702 set-code transaction (type 4): it changes what accounts do, not only moves funds.',
    ...warnings,
  ];
}
