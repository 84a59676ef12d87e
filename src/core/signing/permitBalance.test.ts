import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import { DAI, eip2612Permit, permit2Batch, permit2Single, SPENDER, USDC } from '@/testing/permitFixtures';
import { permitTokensToCheck, withBalanceCheck } from './permitBalance';
import { describeConsequences } from './permits';
import type { PermitDescription } from './permitTypes';
import { parseTypedDataJson } from './typedData';

const NOW = 1_700_000_000n;
const DAY = 86_400n;
const permit = (typedData: object) =>
  describeConsequences(parseTypedDataJson(JSON.stringify(typedData)).typedData, NOW) as PermitDescription;
const holding = (amount: bigint, token = USDC) => new Map([[token.toLowerCase(), amount]]);
const stranger = new Set<string>();
const dealtWith = new Set([SPENDER.toLowerCase()]);
/** Just below the unlimited threshold (2^96 − 1): no cliff there. */
const belowUnlimited = (2n ** 96n - 2n).toString();

describe('a permit checked against the signing account’s balance', () => {
  it('warns of 2^96 − 2 to a stranger, long-lived, and holds signing for an explicit yes', () => {
    const described = permit(eip2612Permit({ value: belowUnlimited, deadline: String(NOW + DAY) }));
    expect(described.grants[0]?.unlimited).toBe(false);
    expect(described.needsAcknowledgement).toBe(false);
    expect(permitTokensToCheck(described)).toEqual([USDC]);
    const checked = withBalanceCheck(described, { balances: holding(5_000_000n), dealtWith: stranger });
    expect(checked.needsAcknowledgement).toBe(true);
    const warning = checked.warnings.find((w) => w.code === 'aboveBalance');
    expect(warning?.serious).toBe(true);
    expect(inWords(warning?.text)).toBe(
      `Far more than you hold: this lets ${SPENDER} take over 10 times your balance of the token at ${USDC}, and whatever of it you receive later. Sign only for the amount the app needs.`,
    );
  });

  it('warns of a long-lived one to a spender dealt with, but not of a short one to it, nor of what the balance covers', () => {
    const long = permit(eip2612Permit({ value: '100000000', deadline: String(NOW + DAY) }));
    expect(withBalanceCheck(long, { balances: holding(1_000_000n), dealtWith }).needsAcknowledgement).toBe(true);
    const short = permit(
      permit2Single({ amount: '100000000', expiration: String(NOW + DAY), sigDeadline: String(NOW + DAY) }),
    );
    expect(withBalanceCheck(short, { balances: holding(1_000_000n), dealtWith })).toBe(short);
    // To a stranger, short-lived: warned.
    expect(withBalanceCheck(short, { balances: holding(1_000_000n), dealtWith: stranger }).needsAcknowledgement).toBe(
      true,
    );
    // Ten times the balance is not far above it.
    expect(withBalanceCheck(long, { balances: holding(10_000_000n), dealtWith: stranger })).toBe(long);
  });

  it('says it differently when the account holds none', () => {
    const long = permit(eip2612Permit({ value: '1', deadline: String(NOW + DAY) }));
    const none = withBalanceCheck(long, { balances: holding(0n), dealtWith: stranger });
    expect(inWords(none.warnings.at(-1)?.text)).toBe(
      `You hold none of the token at ${USDC}: this lets ${SPENDER} take whatever of it you receive later. Sign only if you know why the app needs that.`,
    );
  });

  it('warns of a balance it could not read, long-lived or to a stranger, and holds signing; not of a short one to a spender dealt with', () => {
    const long = permit(eip2612Permit({ value: '1', deadline: String(NOW + DAY) }));
    const unread = withBalanceCheck(long, { balances: new Map(), dealtWith });
    expect(unread.needsAcknowledgement).toBe(true);
    const warning = unread.warnings.find((w) => w.code === 'balanceUnread');
    expect(warning?.serious).toBe(true);
    expect(inWords(warning?.text)).toBe(
      `Cairn could not read your balance of the token at ${USDC}, so it cannot tell whether this lets ${SPENDER} take more than you hold. Sign only if you know the amount is what the app needs.`,
    );
    const short = permit(
      permit2Single({ amount: '100000000', expiration: String(NOW + DAY), sigDeadline: String(NOW + DAY) }),
    );
    expect(withBalanceCheck(short, { balances: new Map(), dealtWith: stranger }).needsAcknowledgement).toBe(true);
    expect(withBalanceCheck(short, { balances: new Map(), dealtWith })).toBe(short);
  });

  it('reads the tokens of a batch below unlimited, and leaves unlimited ones to their own warning', () => {
    // 1 USDC and an unlimited DAI allowance.
    const batch = permit(permit2Batch(String(NOW + 365n * DAY)));
    expect(permitTokensToCheck(batch)).toEqual([USDC]);
    const balances = new Map([
      [DAI.toLowerCase(), 0n],
      [USDC.toLowerCase(), 1_000_000n],
    ]);
    const checked = withBalanceCheck(batch, { balances, dealtWith: stranger });
    expect(checked).toBe(batch);
    const unlimited = permit(
      permit2Single({ amount: ((1n << 160n) - 1n).toString(), expiration: '0', sigDeadline: String(NOW + DAY) }),
    );
    expect(permitTokensToCheck(unlimited)).toEqual([]);
    expect(withBalanceCheck(unlimited, { balances: holding(0n), dealtWith: stranger })).toBe(unlimited);
  });
});
