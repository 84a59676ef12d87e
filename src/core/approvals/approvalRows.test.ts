import { type Address, type Hex, maxUint256, parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { inLanguage, inWords } from '@/testing/inWords';
import type { PickedPrice } from '../assets/l2Pricing';
import { readCsv } from '../csv/csv';
import { msg, renderMessage } from '../i18n/message';
import type { ApprovalContext } from './approvalContext';
import { sortedApprovalRows } from './approvalRows';
import { approvalsCsv } from './approvalsCsv';
import type { CurrentApproval } from './currentApprovals';
import { countWide } from './wide';

const DAI: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const NFT: Address = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D';
const ROUTER: Address = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD';
const STRANGER: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const hash = `0x${'ab'.repeat(32)}` as Hex;
const NOW = 1_800_000_000;
const DAY = 86_400;

const granted = (blockNumber: bigint) => ({ blockNumber, transactionHash: hash });
const dai = (amount: bigint, balance: bigint | undefined, block = 10n): CurrentApproval => ({
  kind: 'erc20',
  token: DAI,
  spender: ROUTER,
  amount,
  unlimited: amount === maxUint256,
  balance,
  ...granted(block),
});
const usdc: CurrentApproval = {
  kind: 'erc20',
  token: USDC,
  spender: STRANGER,
  amount: parseUnits('100', 6),
  unlimited: false,
  balance: parseUnits('5000', 6),
  ...granted(11n),
};
const operator: CurrentApproval = { kind: 'operator', token: NFT, operator: STRANGER, ...granted(12n) };

const context: ApprovalContext = {
  labels: new Map([
    [DAI.toLowerCase(), { name: 'Dai', symbol: 'DAI', decimals: 18 }],
    [USDC.toLowerCase(), { name: 'USD Coin', symbol: '=HYPERLINK("x")', decimals: 6 }],
    [NFT.toLowerCase(), { name: 'Apes', symbol: 'APE', decimals: undefined }],
  ]),
  hasCode: new Map([
    [ROUTER.toLowerCase(), true],
    [STRANGER.toLowerCase(), false],
  ]),
  grantedAt: new Map([
    ['10', NOW - 400 * DAY],
    ['11', NOW - 10 * DAY],
    ['12', NOW - DAY],
  ]),
};
// $1 for DAI and USDC, 8 decimals like Chainlink.
const dollar = { answer: 100_000_000n, decimals: 8, updatedAt: NOW, roundId: 1n };
const prices = new Map<string, PickedPrice>([
  [DAI.toLowerCase(), { price: dollar, from: 'network' }],
  [USDC.toLowerCase(), { price: dollar, from: 'network' }],
]);
const never = () => false;
const rowsOf = (
  approvals: CurrentApproval[],
  over: { prices?: typeof prices; calledSince?: (spender: Address, block: bigint) => boolean | undefined } = {},
) =>
  sortedApprovalRows(approvals, {
    context,
    prices: over.prices ?? prices,
    now: NOW,
    calledSince: over.calledSince ?? never,
    listed: (token) => token !== USDC,
  });

describe('approvalRows', () => {
  it('puts the most value at risk first: the allowance capped by the balance, at the price', () => {
    const rows = rowsOf([dai(maxUint256, parseUnits('20', 18)), usdc, operator]);
    expect(rows.map((r) => r.approval.token)).toEqual([USDC, DAI, NFT]);
    expect(rows[0]?.atRisk).toBe(parseUnits('100', 6));
    expect(rows[0]?.valueAtRisk).toBe(parseUnits('100', 18));
    expect(rows[1]?.valueAtRisk).toBe(parseUnits('20', 18));
    expect(rows[2]?.valueAtRisk).toBeUndefined();
  });

  it('raises each flag only when it holds', () => {
    const [daiRow, usdcRow, operatorRow] = rowsOf([dai(maxUint256, 1n), usdc, operator], {
      calledSince: (spender) => spender === ROUTER,
    }).sort((a, b) => Number(a.approval.blockNumber - b.approval.blockNumber));
    expect(daiRow?.flags).toEqual(['unlimited', 'old']);
    expect(usdcRow?.flags).toEqual(['no-code', 'unused', 'unlisted']);
    expect(operatorRow?.flags).toEqual(['all-nfts', 'no-code', 'unused']);
  });

  it('raises no "unused" flag while the history is unknown, and values nothing it cannot price', () => {
    const rows = rowsOf([dai(5n, undefined), usdc], { prices: new Map(), calledSince: () => undefined });
    expect(rows.every((r) => !r.flags.includes('unused'))).toBe(true);
    expect(rows.every((r) => r.valueAtRisk === undefined)).toBe(true);
    // An unknown balance is not "nothing at risk".
    expect(rows.find((r) => r.approval.token === DAI)?.atRisk).toBeUndefined();
  });

  it('values at the price every figure takes, saying when it is the parent network’s, and not where there is none', () => {
    const rows = rowsOf([dai(parseUnits('3', 18), parseUnits('3', 18)), usdc], {
      prices: new Map<string, PickedPrice>([
        [DAI.toLowerCase(), { price: { ...dollar, answer: 200_000_000n }, from: 'parent' }],
        // The L2's own feed held back (its sequencer down) with no parent price at hand: no value.
        [USDC.toLowerCase(), { none: msg('core.chain:l2Price.sequencerDown') }],
      ]),
    });
    const daiRow = rows.find((r) => r.approval.token === DAI);
    expect(daiRow?.valueAtRisk).toBe(parseUnits('6', 18));
    expect(daiRow?.priceFrom).toBe('parent');
    const usdcRow = rows.find((r) => r.approval.token === USDC);
    expect(usdcRow?.valueAtRisk).toBeUndefined();
    expect(usdcRow?.priceFrom).toBeUndefined();
    expect(rowsOf([usdc])[0]?.priceFrom).toBe('network');
  });

  it('caps what is at risk by the balance every figure takes (the proven one), not the one read with the approvals', () => {
    // The node claims a million times the 20 DAI the proofs give (Walletbeat's lying proxy).
    const rows = sortedApprovalRows([dai(maxUint256, parseUnits('20000000', 18)), usdc], {
      context,
      prices,
      now: NOW,
      calledSince: never,
      listed: () => true,
      balances: new Map([[DAI.toLowerCase(), parseUnits('20', 18)]]),
    });
    const daiRow = rows.find((r) => r.approval.token === DAI);
    expect(daiRow?.atRisk).toBe(parseUnits('20', 18));
    expect(daiRow?.valueAtRisk).toBe(parseUnits('20', 18));
    // USDC's, which the portfolio does not give, stays the one read with the approvals.
    expect(rows.find((r) => r.approval.token === USDC)?.atRisk).toBe(parseUnits('100', 6));
    expect(rows.map((r) => r.approval.token)).toEqual([USDC, DAI]);
  });

  it('counts open unlimited allowances and operators', () => {
    expect(countWide([dai(maxUint256, 1n), usdc, operator])).toBe(2);
  });

  it('puts what puts everything at stake without a value before what is worth nothing now, newest first', () => {
    const empty = { ...dai(parseUnits('5', 18), 0n), blockNumber: 12n };
    const rows = rowsOf([
      empty,
      { ...operator, blockNumber: 10n },
      usdc,
      { ...operator, token: DAI, blockNumber: 11n },
    ]);
    expect(rows.map((r) => `${r.approval.kind}:${r.approval.blockNumber}`)).toEqual([
      'erc20:11',
      'operator:11',
      'operator:10',
      'erc20:12',
    ]);
    expect(rows[3]?.valueAtRisk).toBe(0n);
  });
});

describe('approvalsCsv', () => {
  it('writes exact amounts, dates, flags and names, and guards a symbol a spreadsheet would run', () => {
    const rows = rowsOf([dai(maxUint256, parseUnits('20.5', 18)), usdc]);
    const text = approvalsCsv(rows, (row) => (row.spender === ROUTER ? 'Uniswap V2 Router' : undefined), renderMessage);
    const { records } = readCsv(text);
    expect(records[0]).toEqual([
      'kind',
      'token',
      'contract',
      'token_id',
      'spender',
      'spender_name',
      'amount',
      'unlimited',
      'at_risk',
      'value_at_risk_usd',
      'expires',
      'granted_block',
      'granted_date',
      'granted_tx',
      'flags',
    ]);
    const [usdcLine, daiLine] = records.slice(1);
    expect(daiLine).toEqual([
      'token allowance',
      'DAI',
      DAI,
      '',
      ROUTER,
      'Uniswap V2 Router',
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
      'true',
      '20.5',
      '20.5',
      '',
      '10',
      new Date((NOW - 400 * DAY) * 1000).toISOString(),
      hash,
      'unlimited; granted more than a year ago; no transaction to it since',
    ]);
    // Written guarded (a spreadsheet shows it as text); read back as it was.
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(usdcLine?.[1]).toBe('=HYPERLINK("x")');
    expect(usdcLine?.[6]).toBe('100');
  });
});

describe('approvalsCsv in German', () => {
  it('words headers, kinds, yes/no, “never” and flags in German, and keeps amounts, dates and hashes machine-readable', async () => {
    const permit2: CurrentApproval = {
      kind: 'permit2',
      token: DAI,
      spender: ROUTER,
      amount: parseUnits('1234.5', 18),
      unlimited: false,
      expiration: 2n ** 48n - 1n,
      nonce: 0n,
      permit2Allowance: maxUint256,
      balance: parseUnits('20.5', 18),
      ...granted(10n),
    };
    const text = await inLanguage('de', () =>
      approvalsCsv(rowsOf([dai(maxUint256, parseUnits('1234.5', 18)), permit2]), () => undefined, inWords),
    );
    const [header, ...lines] = readCsv(text).records;
    expect(header).toEqual([
      'Art',
      'Token',
      'Vertrag',
      'Token-ID',
      'Berechtigter',
      'Name des Berechtigten',
      'Betrag',
      'Unbegrenzt',
      'Gefährdeter Betrag',
      'Gefährdeter Wert (USD)',
      'Läuft ab',
      'Erteilt in Block',
      'Erteilt am',
      'Erteilt durch Transaktion',
      'Hinweise',
    ]);
    const byKind = new Map(lines.map((line) => [line[0], line]));
    const erc20 = byKind.get('Token-Freigabe');
    expect(erc20?.slice(6, 9)).toEqual([
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
      'ja',
      '1234.5',
    ]);
    expect(erc20?.[12]).toBe(new Date((NOW - 400 * DAY) * 1000).toISOString());
    expect(erc20?.[14]).toMatch(/^unbegrenzt; vor mehr als einem Jahr erteilt/);
    const allowance = byKind.get('Permit2-Freigabe');
    expect(allowance?.slice(6, 11)).toEqual(['1234.5', 'nein', '20.5', '20.5', 'nie']);
  });
});

describe('approvalsCsv for Permit2, NFTs and operators', () => {
  it('writes an expiration beyond any date as never, a single NFT with its id, and an operator as unlimited', () => {
    const permit2: CurrentApproval = {
      kind: 'permit2',
      token: DAI,
      spender: ROUTER,
      amount: 5n * 10n ** 18n,
      unlimited: false,
      expiration: 2n ** 48n - 1n,
      nonce: 0n,
      permit2Allowance: maxUint256,
      balance: 10n ** 18n,
      ...granted(10n),
    };
    const nft: CurrentApproval = { kind: 'erc721', token: NFT, tokenId: 7n, approved: STRANGER, ...granted(12n) };
    const { records } = readCsv(approvalsCsv(rowsOf([permit2, nft, operator]), () => undefined, renderMessage));
    const byKind = new Map(records.slice(1).map((r) => [r[0], r]));
    expect(byKind.get('Permit2 allowance')?.[10]).toBe('never');
    expect(byKind.get('Permit2 allowance')?.[8]).toBe('1');
    expect(byKind.get('single NFT')?.slice(2, 5)).toEqual([NFT, '7', STRANGER]);
    expect(byKind.get('operator for all NFTs')?.[7]).toBe('true');
  });
});
