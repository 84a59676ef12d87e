import { type Address, zeroAddress } from 'viem';
import { sameAddress } from '../keys/sameAddress';

/**
 * Where Cairn met an address: a contact, one of the person's own accounts (visible or hidden), a
 * past recipient of theirs, an address their synced history shows them sending to, or one that
 * only sent to them there ('sender': never known, see countsAsKnown).
 */
export type KnownSource = 'contact' | 'account' | 'hidden-account' | 'recipient' | 'history' | 'sender';

/**
 * Whether an address met this way counts as known (silencing "first payment" and "never dealt
 * with"): every way but having sent something in, which anyone can do to anyone (a drainer's
 * 1-wei transfer). A look-alike of any of them is still flagged.
 */
export function countsAsKnown(source: KnownSource): boolean {
  return source !== 'sender';
}

export type KnownRecipient = { address: Address; name: string | undefined; source: KnownSource };

/** Something about a recipient the person should know before sending. `blocking` ones need an explicit confirmation. */
export type RecipientFinding =
  | { kind: 'lookalike'; blocking: true; similar: KnownRecipient }
  /** The address appears in the history only in transfers flagged as possible spam or poisoning. */
  | { kind: 'seen-in-spam'; blocking: true }
  | { kind: 'zero-address'; blocking: true }
  | { kind: 'token-contract'; blocking: true }
  | { kind: 'self'; blocking: false }
  | { kind: 'first-payment'; blocking: false };

/** Same first 4 and last 4 hex digits but a different address: how poisoning addresses are made. */
export function isLookalike(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x !== y && x.slice(2, 6) === y.slice(2, 6) && x.slice(-4) === y.slice(-4);
}

/**
 * Checks a recipient against the addresses the person knows (`known`, most trusted first:
 * contacts, their accounts including hidden ones, past recipients, history counterparties):
 * a look-alike of one of them (address poisoning), an address seen only in suspicious history
 * entries (`suspicious`: the poisoners' own addresses), the zero address, the token's own
 * contract (tokens sent there are usually lost), the sender itself, or a first payment.
 */
export function recipientFindings(args: {
  recipient: Address;
  from: Address;
  tokenAddress: Address | undefined;
  known: readonly KnownRecipient[];
  suspicious?: readonly Address[];
}): RecipientFinding[] {
  const { recipient, from, tokenAddress, known } = args;
  const findings: RecipientFinding[] = [];
  const isKnown = known.some((k) => countsAsKnown(k.source) && sameAddress(k.address, recipient));
  const lookalike = known.find((k) => isLookalike(k.address, recipient));
  if (lookalike) findings.push({ kind: 'lookalike', blocking: true, similar: lookalike });
  if (!isKnown && args.suspicious?.some((s) => sameAddress(s, recipient)))
    findings.push({ kind: 'seen-in-spam', blocking: true });
  if (sameAddress(recipient, zeroAddress)) findings.push({ kind: 'zero-address', blocking: true });
  if (sameAddress(recipient, tokenAddress)) findings.push({ kind: 'token-contract', blocking: true });
  if (sameAddress(recipient, from)) findings.push({ kind: 'self', blocking: false });
  else if (!isKnown) findings.push({ kind: 'first-payment', blocking: false });
  return findings;
}
