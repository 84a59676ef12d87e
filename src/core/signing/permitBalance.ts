import type { Address } from 'viem';
import { FAR_ABOVE_BALANCE_FACTOR, isFarAboveBalance } from '../assets/unlimited';
import { codeValue, msg } from '../i18n/message';
import type { Grant, PermitDescription, SignatureWarning } from './permitTypes';

/** A grant whose amount could be far above what the signer holds: one that lets a spender take something, below unlimited. */
const mayExceedBalance = (grant: Grant) => grant.kind !== 'revoke' && !grant.unlimited && grant.amount > 0n;

/** The tokens whose balance the signing account's review of `permit` reads (each once, as given). */
export function permitTokensToCheck(permit: PermitDescription): Address[] {
  const tokens = new Map<string, Address>();
  for (const grant of permit.grants.filter(mayExceedBalance)) tokens.set(grant.token.toLowerCase(), grant.token);
  return [...tokens.values()];
}

/**
 * `permit` checked against the signing account's balances (`balances`: by token, lower case;
 * unread ones absent) with the rule the preview applies to approvals (isFarAboveBalance): a
 * permission far above the balance of its token, that lasts long (the balance may grow meanwhile)
 * or goes to a spender the person never dealt with (`dealtWith`: lower case, their accounts
 * included), is a serious warning and signing waits for an explicit "I understand". Below the
 * unlimited threshold there is otherwise no cliff: 2^96 − 2 to a stranger is warned of as surely
 * as 2^96 − 1. A balance that could not be read (the node failed or the token did not answer; in a
 * site's window the node may be the site's) is no reason to sign: such a grant, long-lived or to
 * a stranger, is warned of as unchecked, and signing waits for the same "I understand".
 */
export function withBalanceCheck(
  permit: PermitDescription,
  facts: { balances: ReadonlyMap<string, bigint>; dealtWith: ReadonlySet<string> },
): PermitDescription {
  const warnings = new Map<string, SignatureWarning>();
  for (const grant of permit.grants.filter(mayExceedBalance)) {
    const balance = facts.balances.get(grant.token.toLowerCase());
    if (balance !== undefined && !isFarAboveBalance(grant.amount, balance)) continue;
    if (!grant.longLived && facts.dealtWith.has(grant.spender.toLowerCase())) continue;
    const values = { spender: codeValue(grant.spender), token: codeValue(grant.token) };
    warnings.set(`${grant.spender}:${grant.token}`.toLowerCase(), {
      code: balance === undefined ? 'balanceUnread' : 'aboveBalance',
      serious: true,
      text:
        balance === undefined
          ? msg('core.signing:permit.warning.balanceUnread', values)
          : balance === 0n
            ? msg('core.signing:permit.warning.noBalance', values)
            : msg('core.signing:permit.warning.aboveBalance', { ...values, factor: FAR_ABOVE_BALANCE_FACTOR }),
    });
  }
  if (warnings.size === 0) return permit;
  return { ...permit, warnings: [...permit.warnings, ...warnings.values()], needsAcknowledgement: true };
}
