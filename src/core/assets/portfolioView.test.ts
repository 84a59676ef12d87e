import { describe, expect, it } from 'vitest';
import { contradicted } from '@/testing/balanceChecks';
import { alice, bob, dai, empty, mkr, snapshot, spam } from '@/testing/portfolioFixtures';
import { localNetwork } from '../chain/networks';
import type { BalanceCheck, FigureCheck } from '../verify/figureChecks';
import type { PortfolioSnapshot } from './portfolio';
import { buildPortfolioView, combineAccounts, holdsNothing, shownSnapshot } from './portfolioView';

describe('portfolio view', () => {
  const network = localNetwork('http://x');
  it('values priced assets, leaves unpriced ones without a value, and keeps spam out of totals', () => {
    const view = buildPortfolioView(snapshot, network, [alice], [dai, mkr, spam, empty], { hideZero: false });
    const account = view.accounts[0];
    expect(account?.rows.map((r) => [r.symbol, r.balance, r.value])).toEqual([
      ['ETH', 2n * 10n ** 18n, 6_000n * 10n ** 18n],
      ['DAI', 5n * 10n ** 18n, 5n * 10n ** 18n],
      ['MKR', 10n ** 18n, undefined],
      ['EMP', 0n, undefined],
    ]);
    expect(account?.spam.map((r) => [r.symbol, r.value])).toEqual([['CLAIM', undefined]]);
    expect(account?.total).toBe(6_005n * 10n ** 18n);
    expect(view.total).toBe(6_005n * 10n ** 18n);
  });

  it('hides empty token balances on request, never the native coin', () => {
    const zero = { ...snapshot, native: new Map([[alice.toLowerCase(), 0n]]) };
    const view = buildPortfolioView(zero, network, [alice], [dai, empty], { hideZero: true });
    expect(view.accounts[0]?.rows.map((r) => r.symbol)).toEqual(['ETH', 'DAI']);
  });
});

describe('assets across accounts', () => {
  const network = localNetwork('http://x');
  const both: PortfolioSnapshot = {
    ...snapshot,
    native: new Map([
      [alice.toLowerCase(), 2n * 10n ** 18n],
      [bob.toLowerCase(), 10n ** 18n],
    ]),
    tokens: new Map([
      ...snapshot.tokens,
      [
        bob.toLowerCase(),
        new Map([
          [dai.address.toLowerCase(), 3n * 10n ** 18n],
          [mkr.address.toLowerCase(), 0n],
          [spam.address.toLowerCase(), 7n],
          [empty.address.toLowerCase(), 0n],
        ]),
      ],
    ]),
  };

  it('sums balances and values per asset', () => {
    const view = buildPortfolioView(both, network, [alice, bob], [dai, mkr, spam, empty], { hideZero: false });
    const { rows, spam: unasked } = combineAccounts(view, false);
    expect(rows.map((r) => [r.symbol, r.balance, r.value, r.holders])).toEqual([
      ['ETH', 3n * 10n ** 18n, 9_000n * 10n ** 18n, 2],
      ['DAI', 8n * 10n ** 18n, 8n * 10n ** 18n, 2],
      ['MKR', 10n ** 18n, undefined, 1],
      ['EMP', 0n, undefined, 0],
    ]);
    expect(unasked.map((r) => [r.symbol, r.balance])).toEqual([['CLAIM', 10n ** 30n + 7n]]);
    expect(rows.reduce((sum, r) => sum + (r.value ?? 0n), 0n)).toBe(view.total);
  });

  it('never shows a partial sum as a whole: one unreadable balance makes the sum unreadable', () => {
    const unreadable: PortfolioSnapshot = {
      ...both,
      tokens: new Map([...both.tokens].map(([a, m]) => [a, a === bob.toLowerCase() ? new Map() : m])),
    };
    const view = buildPortfolioView(unreadable, network, [alice, bob], [dai], { hideZero: false });
    const dai_ = combineAccounts(view, false).rows.find((r) => r.symbol === 'DAI');
    expect(dai_?.balance).toBeUndefined();
    expect(dai_?.value).toBeUndefined();
  });

  it('leaves out assets nobody holds on request, never the native coin', () => {
    const none = { ...both, native: new Map([[alice.toLowerCase(), 0n]]) };
    const view = buildPortfolioView(none, network, [alice], [dai, empty], { hideZero: false });
    expect(combineAccounts(view, true).rows.map((r) => r.symbol)).toEqual(['ETH', 'DAI']);
  });
});

describe('an account that holds nothing yet', () => {
  const network = localNetwork('http://x');
  const fresh: PortfolioSnapshot = {
    ...snapshot,
    native: new Map([[bob.toLowerCase(), 0n]]),
    tokens: new Map([[bob.toLowerCase(), new Map([[dai.address.toLowerCase(), 0n]])]]),
  };
  const view = (s: PortfolioSnapshot, accounts: (typeof alice | typeof bob)[] = [bob]) =>
    buildPortfolioView(s, network, accounts, [dai, spam], { hideZero: false });

  it('is a zero native balance and zero of every token', () => {
    expect(holdsNothing(view(fresh))).toBe(true);
    expect(holdsNothing(buildPortfolioView(fresh, network, [bob], [dai], { hideZero: true }))).toBe(true);
  });

  it('is not an account holding anything: its coin, a token, or a token it never asked for', () => {
    expect(holdsNothing(view({ ...fresh, native: new Map([[bob.toLowerCase(), 1n]]) }))).toBe(false);
    const withToken = new Map([[bob.toLowerCase(), new Map([[dai.address.toLowerCase(), 1n]])]]);
    expect(holdsNothing(view({ ...fresh, tokens: withToken }))).toBe(false);
    const withSpam = new Map([[bob.toLowerCase(), new Map([[spam.address.toLowerCase(), 5n]])]]);
    expect(holdsNothing(view({ ...fresh, tokens: withSpam }))).toBe(false);
    // Two accounts: one holding something is enough.
    const aliceHolds = { ...fresh, native: new Map([...fresh.native, [alice.toLowerCase(), 1n]]) };
    expect(holdsNothing(view(aliceHolds, [bob]))).toBe(true);
    expect(holdsNothing(view(aliceHolds, [bob, alice]))).toBe(false);
  });

  it('is not a balance that could not be read, nor no accounts at all', () => {
    expect(holdsNothing(view({ ...fresh, native: new Map() }))).toBe(false);
    expect(holdsNothing(view(fresh, []))).toBe(false);
  });
});

describe('balances checked against proofs', () => {
  const network = localNetwork('http://x');
  const daiKey = dai.address.toLowerCase();
  const twoAccounts: PortfolioSnapshot = {
    ...snapshot,
    native: new Map([
      [alice.toLowerCase(), 2n * 10n ** 18n],
      [bob.toLowerCase(), 10n ** 18n],
    ]),
    tokens: new Map([...snapshot.tokens, [bob.toLowerCase(), new Map([[daiKey, 3n * 10n ** 18n]])]]),
  };
  const checks: BalanceCheck = {
    block: 9n,
    header: undefined,
    problems: [],
    requests: 2,
    native: new Map([
      [alice.toLowerCase(), { state: 'verified', block: 9n }],
      [bob.toLowerCase(), { state: 'verified', block: 9n }],
    ]),
    tokens: new Map<string, Map<string, FigureCheck>>([
      [alice.toLowerCase(), new Map([[daiKey, contradicted(5n * 10n ** 18n, 10n ** 18n, 'http://liar')]])],
      [bob.toLowerCase(), new Map([[daiKey, { state: 'verified', block: 9n }]])],
    ]),
  };

  it('shows and counts the proven balance where the node’s claim was contradicted', () => {
    const view = buildPortfolioView(twoAccounts, network, [alice], [dai], { hideZero: false, checks });
    const row = view.accounts[0]?.rows.find((r) => r.symbol === 'DAI');
    expect(row?.balance).toBe(10n ** 18n);
    expect(row?.value).toBe(10n ** 18n);
    expect(row?.check?.state).toBe('contradicted');
    expect(view.accounts[0]?.rows[0]?.check).toEqual({ state: 'verified', block: 9n });
  });

  it('combines accounts: contradicted when one is, the claims and the proven balances summed', () => {
    const view = buildPortfolioView(twoAccounts, network, [alice, bob], [dai], { hideZero: false, checks });
    const { rows } = combineAccounts(view, false);
    expect(rows.find((r) => r.symbol === 'DAI')?.check).toEqual({
      state: 'contradicted',
      claimed: 8n * 10n ** 18n,
      proven: 4n * 10n ** 18n,
      source: 'http://liar',
    });
    expect(rows.find((r) => r.symbol === 'ETH')?.check).toEqual({ state: 'verified', block: 9n });
    const unchecked = buildPortfolioView(twoAccounts, network, [alice, bob], [dai], { hideZero: false });
    expect(combineAccounts(unchecked, false).rows.every((r) => r.check === undefined)).toBe(true);
  });

  it('shows and counts the balance proven at the trusted block where the node gives another at its head', () => {
    // Alice's 2 ETH at the head, 1.5 ETH proven at block 9.
    const moved: FigureCheck = {
      state: 'moved',
      claimed: 2n * 10n ** 18n,
      at: 10n,
      proven: 15n * 10n ** 17n,
      block: 9n,
    };
    const headChecks: BalanceCheck = { ...checks, native: new Map([...checks.native, [alice.toLowerCase(), moved]]) };
    const view = buildPortfolioView(twoAccounts, network, [alice, bob], [dai], { hideZero: false, checks: headChecks });
    expect(view.accounts[0]?.rows[0]).toMatchObject({ balance: 15n * 10n ** 17n, check: moved });
    // Kept for the next visit as shown: the proven balances, never the node's at its head.
    const keptSnapshot = shownSnapshot(twoAccounts, headChecks);
    expect(keptSnapshot.native.get(alice.toLowerCase())).toBe(15n * 10n ** 17n);
    expect(keptSnapshot.tokens.get(alice.toLowerCase())?.get(daiKey)).toBe(10n ** 18n);
    expect(keptSnapshot.native.get(bob.toLowerCase())).toBe(10n ** 18n);
    // Both accounts as one: moved, the claims and the proven balances summed, at the older block.
    expect(combineAccounts(view, false).rows.find((r) => r.symbol === 'ETH')).toMatchObject({
      balance: 25n * 10n ** 17n,
      check: { state: 'moved', claimed: 3n * 10n ** 18n, at: 10n, proven: 25n * 10n ** 17n, block: 9n },
    });
  });
});
