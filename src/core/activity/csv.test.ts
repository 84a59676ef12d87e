import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { inLanguage, inWords } from '@/testing/inWords';
import { renderMessage } from '../i18n/message';
import { historyCsv } from './csv';
import type { ActivityEntry } from './entries';

const dai = '0x00000000000000000000000000000000000000dA' as Address;
const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  key: 'k',
  account: '0x00000000000000000000000000000000000000a1',
  hash: `0x${'ab'.repeat(32)}` as Hex,
  blockNumber: 5n,
  timestamp: Date.UTC(2026, 0, 2, 3, 4, 5) / 1000,
  status: 'confirmed',
  movements: [],
  fee: undefined,
  sentByAccount: false,
  counterparty: undefined,
  suspicions: [],
  fromRecord: false,
  txIndex: 0,
  ...over,
});

const label = (asset: { kind: string; address?: Address }) =>
  asset.kind === 'native'
    ? { symbol: 'ETH', decimals: 18, contract: '' }
    : { symbol: '=HYPERLINK("x"),DAI', decimals: 18, contract: asset.address ?? '' };

describe('history CSV', () => {
  it('writes exact amounts, the fee once, dates in UTC, and one row per movement', () => {
    const csv = historyCsv(
      [
        entry({
          fee: 21_000n * 10n ** 9n,
          sentByAccount: true,
          movements: [
            {
              direction: 'out',
              counterparty: dai,
              asset: { kind: 'erc20', address: dai },
              amount: 123_456_789_012_345_678_901n,
            },
            { direction: 'in', counterparty: dai, asset: { kind: 'native' }, amount: 1n },
          ],
        }),
        entry({ status: 'failed', sentByAccount: true, fee: 5n }),
      ],
      label,
      { symbol: 'ETH', decimals: 18 },
      renderMessage,
    );
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe('date,hash,direction,counterparty,asset,contract,token_id,amount,fee,status');
    expect(rows[1]).toBe(
      `2026-01-02T03:04:05.000Z,0x${'ab'.repeat(32)},out,${dai},"'=HYPERLINK(""x""),DAI",${dai},,123.456789012345678901,0.000021,confirmed`,
    );
    expect(rows[2]).toBe(
      `2026-01-02T03:04:05.000Z,0x${'ab'.repeat(32)},in,${dai},ETH,,,0.000000000000000001,,confirmed`,
    );
    expect(rows[3]).toBe(`2026-01-02T03:04:05.000Z,0x${'ab'.repeat(32)},out,,,,,,0.000000000000000005,failed`);
  });

  it('words headers, directions and statuses in German, and keeps dates and amounts machine-readable', async () => {
    const csv = await inLanguage('de', () =>
      historyCsv(
        [
          entry({
            fee: 5n,
            sentByAccount: true,
            movements: [
              {
                direction: 'out',
                counterparty: dai,
                asset: { kind: 'erc20', address: dai },
                amount: 1_234_500_000_000_000_000_000n,
              },
              { direction: 'self', counterparty: dai, asset: { kind: 'native' }, amount: 1n },
            ],
          }),
          entry({ status: 'pending' }),
        ],
        label,
        { symbol: 'ETH', decimals: 18 },
        inWords,
      ),
    );
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe('Datum,Hash,Richtung,Gegenpartei,Vermögenswert,Vertrag,Token-ID,Betrag,Gebühr,Status');
    expect(rows[1]).toBe(
      `2026-01-02T03:04:05.000Z,0x${'ab'.repeat(32)},ausgehend,${dai},"'=HYPERLINK(""x""),DAI",${dai},,1234.5,0.000000000000000005,bestätigt`,
    );
    expect(rows[2]).toBe(
      `2026-01-02T03:04:05.000Z,0x${'ab'.repeat(32)},an sich selbst,${dai},ETH,,,0.000000000000000001,,bestätigt`,
    );
    expect(rows[3]).toBe(`2026-01-02T03:04:05.000Z,0x${'ab'.repeat(32)},eingehend,,,,,,,ausstehend`);
  });
});
