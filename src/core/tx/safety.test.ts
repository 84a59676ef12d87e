import fc from 'fast-check';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { isLookalike, recipientFindings } from './safety';

const alice = '0xAbCd000000000000000000000000000000001234' as const;
const poison = '0xabcd99999999999999999999999999999999F234'.toLowerCase().replace(/f234$/, '1234') as `0x${string}`;
const me = '0x1111111111111111111111111111111111111111' as const;
const token = '0x2222222222222222222222222222222222222222' as const;

describe('recipient safety checks', () => {
  it('spots a look-alike of a known recipient (first 4 and last 4 hex digits)', () => {
    expect(isLookalike(alice, poison)).toBe(true);
    expect(isLookalike(alice, alice.toLowerCase())).toBe(false);
    expect(
      recipientFindings({
        recipient: getAddress(poison),
        from: me,
        tokenAddress: undefined,
        known: [{ address: alice, name: 'Alice', source: 'contact' }],
      }),
    ).toEqual([
      { kind: 'lookalike', blocking: true, similar: { address: alice, name: 'Alice', source: 'contact' } },
      { kind: 'first-payment', blocking: false },
    ]);
  });

  it('warns about the zero address, the token contract, the sender, and a first payment', () => {
    const kinds = (recipient: `0x${string}`) =>
      recipientFindings({
        recipient,
        from: me,
        tokenAddress: token,
        known: [{ address: alice, name: undefined, source: 'recipient' }],
      }).map((f) => f.kind);
    expect(kinds('0x0000000000000000000000000000000000000000')).toEqual(['zero-address', 'first-payment']);
    expect(kinds(token)).toEqual(['token-contract', 'first-payment']);
    expect(kinds(me)).toEqual(['self']);
    expect(kinds(alice)).toEqual([]);
  });

  it('names where the resembled address comes from: a hidden account, the history', () => {
    const hidden = { address: alice, name: 'Old vault', source: 'hidden-account' } as const;
    const counterparty = {
      address: '0x3333000000000000000000000000000000004444',
      name: undefined,
      source: 'history',
    } as const;
    const findings = (recipient: `0x${string}`) =>
      recipientFindings({ recipient, from: me, tokenAddress: undefined, known: [hidden, counterparty] });
    expect(findings(getAddress(poison))[0]).toEqual({ kind: 'lookalike', blocking: true, similar: hidden });
    expect(findings('0x3333ffffffffffffffffffffffffffffffff4444')[0]).toEqual({
      kind: 'lookalike',
      blocking: true,
      similar: counterparty,
    });
    // Sending to the hidden account or the counterparty itself is neither a look-alike nor a first payment.
    expect(findings(alice)).toEqual([]);
    expect(findings(counterparty.address)).toEqual([]);
  });

  it('blocks an address met only in suspicious history, unless the person otherwise knows it', () => {
    const poisoner = '0x5555000000000000000000000000000000006666' as const;
    const kinds = (known: { address: `0x${string}`; name: undefined; source: 'recipient' }[]) =>
      recipientFindings({ recipient: poisoner, from: me, tokenAddress: undefined, known, suspicious: [poisoner] }).map(
        (f) => [f.kind, f.blocking],
      );
    expect(kinds([])).toEqual([
      ['seen-in-spam', true],
      ['first-payment', false],
    ]);
    expect(kinds([{ address: poisoner, name: undefined, source: 'recipient' }])).toEqual([]);
  });

  it('never calls an address a look-alike of itself, and is symmetric', () => {
    const hex = fc.stringMatching(/^[0-9a-f]{40}$/).map((h) => `0x${h}`);
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        expect(isLookalike(a, a)).toBe(false);
        expect(isLookalike(a, b)).toBe(isLookalike(b, a));
      }),
    );
  });
});
