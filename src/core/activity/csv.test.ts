import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { inLanguage, inWords } from '@/testing/inWords';
import { renderMessage } from '../i18n/message';
import { type CsvNetwork, historyCsv } from './csv';
import type { ActivityEntry } from './entries';

const dai = '0x00000000000000000000000000000000000000dA' as Address;
const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  key: 'k',
  networkId: 'local',
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
const local: CsvNetwork = { name: 'Local chain', chainId: 31337, native: { symbol: 'ETH', decimals: 18 }, label };
const networks = new Map([['local', local]]);

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
      networks,
      renderMessage,
    );
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe('date,network,chain_id,hash,direction,counterparty,asset,contract,token_id,amount,fee,status');
    expect(rows[1]).toBe(
      `2026-01-02T03:04:05.000Z,Local chain,31337,0x${'ab'.repeat(32)},out,${dai},"'=HYPERLINK(""x""),DAI",${dai},,123.456789012345678901,0.000021,confirmed`,
    );
    expect(rows[2]).toBe(
      `2026-01-02T03:04:05.000Z,Local chain,31337,0x${'ab'.repeat(32)},in,${dai},ETH,,,0.000000000000000001,,confirmed`,
    );
    expect(rows[3]).toBe(
      `2026-01-02T03:04:05.000Z,Local chain,31337,0x${'ab'.repeat(32)},out,,,,,,0.000000000000000005,failed`,
    );
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
        networks,
        inWords,
      ),
    );
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'Datum,Netzwerk,Chain-ID,Hash,Richtung,Gegenpartei,Vermögenswert,Vertrag,Token-ID,Betrag,Gebühr,Status',
    );
    expect(rows[1]).toBe(
      `2026-01-02T03:04:05.000Z,Local chain,31337,0x${'ab'.repeat(32)},ausgehend,${dai},"'=HYPERLINK(""x""),DAI",${dai},,1234.5,0.000000000000000005,bestätigt`,
    );
    expect(rows[2]).toBe(
      `2026-01-02T03:04:05.000Z,Local chain,31337,0x${'ab'.repeat(32)},an sich selbst,${dai},ETH,,,0.000000000000000001,,bestätigt`,
    );
    expect(rows[3]).toBe(`2026-01-02T03:04:05.000Z,Local chain,31337,0x${'ab'.repeat(32)},eingehend,,,,,,,ausstehend`);
  });

  it('names each row’s network and chain id, with that network’s coin and labels, and leaves out unknown ones', () => {
    const gnosis: CsvNetwork = {
      name: 'Gnosis',
      chainId: 100,
      native: { symbol: 'xDAI', decimals: 18 },
      label: () => ({ symbol: 'xDAI', decimals: 18, contract: '' }),
    };
    const native = [
      { direction: 'in' as const, counterparty: dai, asset: { kind: 'native' as const }, amount: 10n ** 18n },
    ];
    const csv = historyCsv(
      [
        entry({ networkId: 'gnosis', movements: native, fee: 10n ** 15n, sentByAccount: true }),
        entry({ networkId: 'local', movements: native }),
        entry({ networkId: 'removed', movements: native }),
      ],
      new Map([...networks, ['gnosis', gnosis]]),
      renderMessage,
    );
    const rows = csv.trimEnd().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toBe(`2026-01-02T03:04:05.000Z,Gnosis,100,0x${'ab'.repeat(32)},in,${dai},xDAI,,,1,0.001,confirmed`);
    expect(rows[2]).toBe(
      `2026-01-02T03:04:05.000Z,Local chain,31337,0x${'ab'.repeat(32)},in,${dai},ETH,,,1,,confirmed`,
    );
  });
});
