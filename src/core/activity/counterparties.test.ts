import { type Address, type Hex, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { knownRecipients } from '../tx/knownRecipients';
import { isLookalike, recipientFindings } from '../tx/safety';
import { historyCounterparties } from './counterparties';
import { buildEntries } from './entries';
import type { ActivityItem } from './item';

const me = '0x00000000000000000000000000000000000000a1' as Address;
const friend = '0xf1e0000000000000000000000000000000000f00' as Address;
const friendPoisoner = '0xf1e0999999999999999999999999999999990f00' as Address;
const payee = '0x00000000000000000000000000000000000be1ee' as Address;
const sender = '0x0000000000000000000000000000000000005e4d' as Address;
const airdropper = '0x00000000000000000000000000000000000a1d20' as Address;
const dai = '0x00000000000000000000000000000000000000da' as Address;
const claim = '0x00000000000000000000000000000000000000ee' as Address;

let n = 0;
function item(over: Partial<ActivityItem>): ActivityItem {
  n += 1;
  return {
    id: `x:${n}`,
    chainId: 1,
    account: me,
    hash: `0x${n.toString(16).padStart(64, '0')}` as Hex,
    blockNumber: BigInt(n),
    timestamp: 1_700_000_000 + n,
    txIndex: 0,
    logIndex: 1,
    direction: 'in',
    counterparty: friend,
    asset: { kind: 'erc20', address: dai },
    amount: 1n,
    fee: undefined,
    failed: false,
    source: 'logs',
    ...over,
  };
}

/** The history as Activity builds it: the person knows DAI and has a contact (the payee). */
function entries(items: ActivityItem[]) {
  return buildEntries({
    networkId: 'local',
    account: me,
    items,
    records: [],
    knownTokens: new Set([dai]),
    knownAddresses: [payee],
  });
}

describe('historyCounterparties', () => {
  it('keeps whom the account sent to, and sets apart those met only in suspicious entries', () => {
    expect(isLookalike(friend, friendPoisoner)).toBe(true);
    const history = entries([
      item({ counterparty: friend, amount: 500n }),
      item({
        direction: 'out',
        counterparty: payee,
        amount: 7n,
        logIndex: undefined,
        asset: { kind: 'native' },
        fee: 21n,
      }),
      item({ counterparty: sender, asset: { kind: 'native' }, logIndex: undefined, amount: 10n ** 17n }),
      // Poisoning: a zero-value transfer from a look-alike of the friend, and an airdrop nobody asked for.
      item({ counterparty: friendPoisoner, amount: 0n }),
      item({ counterparty: airdropper, asset: { kind: 'erc20', address: claim }, amount: 10n ** 24n }),
      // A mint comes from the zero address; a transfer to oneself names the account.
      item({ counterparty: zeroAddress, amount: 3n }),
      item({ direction: 'self', counterparty: me, asset: { kind: 'native' }, logIndex: undefined, fee: 21n }),
    ]);
    expect(history.filter((e) => e.suspicions.length > 0)).toHaveLength(2);
    // What the friend and the sender sent in makes neither known: only the payee was sent to.
    expect(historyCounterparties(history, me)).toEqual({
      dealtWith: [payee],
      senders: [sender, friend],
      suspicious: [airdropper, friendPoisoner],
    });
  });

  it("never counts a drainer's 1-wei transfer in as dealing with it", () => {
    const drainer = '0x00000000000000000000000000000000000d2a1e' as Address;
    const history = entries([
      item({ counterparty: drainer, asset: { kind: 'native' }, logIndex: undefined, amount: 1n }),
      item({ counterparty: drainer, amount: 1n }),
    ]);
    expect(history.filter((e) => e.suspicions.length > 0)).toEqual([]);
    expect(historyCounterparties(history, me)).toEqual({ dealtWith: [], senders: [drainer], suspicious: [] });
  });

  it('knows the address a sent transaction called when nothing moved, and what went out of one that also brought something in', () => {
    const router = '0x000000000000000000000000000000000000a0a0' as Address;
    const pool = '0x000000000000000000000000000000000000b0b0' as Address;
    const history = entries([
      // An approve: the account sent it, nothing moved.
      item({
        direction: 'out',
        counterparty: router,
        asset: { kind: 'native' },
        logIndex: undefined,
        amount: 0n,
        fee: 21n,
      }),
      // A swap: DAI out to the pool, another token in from it.
      item({
        direction: 'out',
        counterparty: router,
        asset: { kind: 'native' },
        logIndex: undefined,
        amount: 0n,
        fee: 9n,
        hash: `0x${'5'.repeat(64)}`,
      }),
      item({ direction: 'out', counterparty: pool, amount: 4n, hash: `0x${'5'.repeat(64)}` }),
      item({ direction: 'in', counterparty: sender, amount: 3n, hash: `0x${'5'.repeat(64)}` }),
    ]);
    expect(historyCounterparties(history, me).dealtWith).toEqual([pool, router]);
  });

  it('still suspects a spammer that also sent a plain 1-wei transfer, so Send still blocks on it', () => {
    const poisoner = '0x00000000000000000000000000000000000d2a1e' as Address;
    const history = entries([
      item({ counterparty: poisoner, amount: 0n }),
      item({ counterparty: poisoner, asset: { kind: 'native' }, logIndex: undefined, amount: 1n }),
    ]);
    expect(history.map((e) => e.suspicions.length > 0)).toEqual([false, true]);
    const { dealtWith, senders, suspicious } = historyCounterparties(history, me);
    expect({ dealtWith, senders, suspicious }).toEqual({ dealtWith: [], senders: [poisoner], suspicious: [poisoner] });
    const known = knownRecipients({ networkId: 'local', contacts: [], records: [], history: dealtWith, senders });
    expect(recipientFindings({ recipient: poisoner, from: me, tokenAddress: undefined, known, suspicious })).toEqual([
      { kind: 'seen-in-spam', blocking: true },
      { kind: 'first-payment', blocking: false },
    ]);
  });

  it('no longer suspects an address the account itself sent to', () => {
    const history = entries([
      item({ counterparty: friend, amount: 0n }),
      item({
        direction: 'out',
        counterparty: friend,
        asset: { kind: 'native' },
        logIndex: undefined,
        amount: 5n,
        fee: 21n,
      }),
    ]);
    expect(historyCounterparties(history, me)).toEqual({ dealtWith: [friend], senders: [], suspicious: [] });
  });

  it('counts as sent to only what was confirmed or is on its way, never a send that failed', () => {
    const history = entries([
      item({
        direction: 'out',
        counterparty: payee,
        asset: { kind: 'native' },
        logIndex: undefined,
        amount: 7n,
        fee: 21n,
        failed: true,
      }),
    ]);
    expect(history.map((e) => e.status)).toEqual(['failed']);
    expect(historyCounterparties(history, me).dealtWith).toEqual([]);
  });

  it('knows nobody from an empty history', () => {
    expect(historyCounterparties([], me)).toEqual({ dealtWith: [], senders: [], suspicious: [] });
  });
});
