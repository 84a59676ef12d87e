import { type Address, zeroAddress } from 'viem';

/** Something about a recipient the person should know before sending. `blocking` ones need an explicit confirmation. */
export type RecipientFinding =
  | { kind: 'lookalike'; blocking: true; similar: { address: Address; name: string | undefined } }
  | { kind: 'zero-address'; blocking: true }
  | { kind: 'token-contract'; blocking: true }
  | { kind: 'self'; blocking: false }
  | { kind: 'first-payment'; blocking: false };

export type KnownRecipient = { address: Address; name: string | undefined };

/** Same first 4 and last 4 hex digits but a different address: how poisoning addresses are made. */
export function isLookalike(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x !== y && x.slice(2, 6) === y.slice(2, 6) && x.slice(-4) === y.slice(-4);
}

/**
 * Checks a recipient against what the person has sent to before and their address book:
 * a look-alike of a known address (address poisoning), the zero address, the token's own
 * contract (tokens sent there are usually lost), the sender itself, or a first payment.
 */
export function recipientFindings(args: {
  recipient: Address;
  from: Address;
  tokenAddress: Address | undefined;
  known: readonly KnownRecipient[];
}): RecipientFinding[] {
  const { recipient, from, tokenAddress, known } = args;
  const findings: RecipientFinding[] = [];
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const lookalike = known.find((k) => isLookalike(k.address, recipient));
  if (lookalike) findings.push({ kind: 'lookalike', blocking: true, similar: lookalike });
  if (same(recipient, zeroAddress)) findings.push({ kind: 'zero-address', blocking: true });
  if (tokenAddress && same(recipient, tokenAddress)) findings.push({ kind: 'token-contract', blocking: true });
  if (same(recipient, from)) findings.push({ kind: 'self', blocking: false });
  else if (!known.some((k) => same(k.address, recipient))) findings.push({ kind: 'first-payment', blocking: false });
  return findings;
}
