import { type Address, type Hex, maxUint256, parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../csv/csv';
import type { ApprovalContext } from './approvalContext';
import { approvalRows } from './approvalRows';
import { APPROVALS_CSV_HEADER, approvalsCsv } from './approvalsCsv';
import type { CurrentApproval } from './currentApprovals';
import { openUnlimited } from './openUnlimited';

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
const prices = new Map([
  [DAI.toLowerCase(), dollar],
  [USDC.toLowerCase(), dollar],
]);
const never = () => false;

describe('approvalRows', () => {
  it('puts the most value at risk first: the allowance capped by the balance, at the price', () => {
    const rows = approvalRows([dai(maxUint256, parseUnits('20', 18)), usdc, operator], context, prices, NOW, never);
    expect(rows.map((r) => r.approval.token)).toEqual([USDC, DAI, NFT]);
    expect(rows[0]?.atRisk).toBe(parseUnits('100', 6));
    expect(rows[0]?.valueAtRisk).toBe(parseUnits('100', 18));
    expect(rows[1]?.valueAtRisk).toBe(parseUnits('20', 18));
    expect(rows[2]?.valueAtRisk).toBeUndefined();
  });

  it('raises each flag only when it holds', () => {
    const [daiRow, usdcRow, operatorRow] = approvalRows(
      [dai(maxUint256, 1n), usdc, operator],
      context,
      prices,
      NOW,
      (spender) => spender === ROUTER,
    ).sort((a, b) => Number(a.approval.blockNumber - b.approval.blockNumber));
    expect(daiRow?.flags).toEqual(['unlimited', 'old']);
    expect(usdcRow?.flags).toEqual(['no-code', 'unused']);
    expect(operatorRow?.flags).toEqual(['all-nfts', 'no-code', 'unused']);
  });

  it('raises no "unused" flag while the history is unknown, and values nothing it cannot price', () => {
    const rows = approvalRows([dai(5n, undefined), usdc], context, new Map(), NOW, () => undefined);
    expect(rows.every((r) => !r.flags.includes('unused'))).toBe(true);
    expect(rows.every((r) => r.valueAtRisk === undefined)).toBe(true);
    // An unknown balance is not "nothing at risk".
    expect(rows.find((r) => r.approval.token === DAI)?.atRisk).toBeUndefined();
  });

  it('counts open unlimited allowances and operators', () => {
    expect(openUnlimited([dai(maxUint256, 1n), usdc, operator])).toBe(2);
  });
});

describe('approvalsCsv', () => {
  it('writes exact amounts, dates, flags and names, and guards a symbol a spreadsheet would run', () => {
    const rows = approvalRows([dai(maxUint256, parseUnits('20.5', 18)), usdc], context, prices, NOW, never);
    const text = approvalsCsv(rows, (row) => (row.spender === ROUTER ? 'Uniswap V2 Router' : undefined));
    const { records } = readCsv(text);
    expect(records[0]).toEqual(APPROVALS_CSV_HEADER);
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
      'unlimited; granted more than a year ago; not used since granted',
    ]);
    // Written guarded (a spreadsheet shows it as text); read back as it was.
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(usdcLine?.[1]).toBe('=HYPERLINK("x")');
    expect(usdcLine?.[6]).toBe('100');
  });
});
