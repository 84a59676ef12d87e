import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtInNetworks, type Network } from '../chain/networks';
import {
  type AssetGroup,
  assetGroupOf,
  type GroupedNetwork,
  groupAcrossNetworks,
  type NetworkRow,
} from './assetGroups';
import { listedTokens } from './catalogue';
import type { AssetRow } from './portfolioView';
import type { PortfolioToken } from './token';
import ethereumList from './tokenLists/ethereum.json';

const networks = builtInNetworks('http://127.0.0.1:8545');
const net = (id: string) => networks.find((n) => n.id === id) as Network;
const listed = (network: Network, symbol: string): PortfolioToken => {
  const token = listedTokens(network).find((t) => t.symbol === symbol);
  if (!token) throw new Error(`${symbol} not listed on ${network.id}`);
  return { ...token, origin: 'list' };
};
const custom: Network = { ...net('optimism'), id: 'my-op', kind: 'custom', name: 'My OP', rpcFrom: 'person' };

function row(
  network: Network,
  asset: 'native' | PortfolioToken,
  balance: bigint | undefined,
  value?: bigint,
): NetworkRow {
  const token = asset === 'native' ? undefined : asset;
  const row: AssetRow = {
    key: token ? token.address.toLowerCase() : 'native',
    symbol: token?.symbol ?? network.nativeCurrency.symbol,
    name: token?.name ?? network.nativeCurrency.name,
    decimals: token?.decimals ?? network.nativeCurrency.decimals,
    balance,
    token,
    value,
    priceStale: false,
  };
  return { network, row };
}

const ids = (groups: AssetGroup[]) => groups.map((g) => [g.key.id, g.members.map((m) => m.network.id)]);

describe('assetGroupOf', () => {
  it('groups ETH on Ethereum, OP, Base and Arbitrum together', () => {
    const keys = ['ethereum', 'optimism', 'base', 'arbitrum'].map((id) => assetGroupOf(net(id), 'native').id);
    expect(new Set(keys)).toEqual(new Set(['native:1']));
  });

  it('keeps other natives, testnets and the local chain apart from Ethereum’s ETH', () => {
    expect(assetGroupOf(net('polygon'), 'native').id).toBe('native:137');
    expect(assetGroupOf(net('bsc'), 'native').id).toBe('native:56');
    expect(assetGroupOf(net('sepolia'), 'native').id).toBe('native:11155111');
    expect(assetGroupOf(net('local'), 'native').id).toBe('native:31337');
    // A testnet rollup joins its own testnet's family, never the mainnet's.
    const opSepolia: GroupedNetwork = {
      ...net('optimism'),
      id: 'op-sepolia',
      chainId: 11155420,
      testnet: true,
      parentChainId: 11155111,
    };
    expect(assetGroupOf(opSepolia, 'native').id).toBe('native:11155111');
    expect(assetGroupOf(opSepolia, 'native').id).not.toBe(assetGroupOf(net('optimism'), 'native').id);
  });

  it('takes a network’s own parent over the table', () => {
    const rollup: GroupedNetwork = { ...net('optimism'), id: 'new-rollup', chainId: 999_999, parentChainId: 1 };
    expect(assetGroupOf(rollup, 'native').id).toBe('native:1');
  });

  it('groups a listed token by its bundled id; USDC and bridged USDC stay apart, labelled', () => {
    const usdc = ['ethereum', 'optimism', 'base', 'arbitrum', 'polygon', 'avalanche'].map(
      (id) => assetGroupOf(net(id), listed(net(id), 'USDC')).id,
    );
    expect(new Set(usdc)).toEqual(new Set(['usdc']));
    const bridged = ['bsc', 'gnosis'].map((id) => assetGroupOf(net(id), listed(net(id), 'USDC')));
    expect(bridged).toEqual([
      { id: 'usdc.e', merges: true, bridged: true },
      { id: 'usdc.e', merges: true, bridged: true },
    ]);
    expect(assetGroupOf(net('ethereum'), listed(net('ethereum'), 'USDC')).bridged).toBe(false);
  });

  it('never groups a testnet’s token with a mainnet’s', () => {
    expect(assetGroupOf(net('sepolia'), listed(net('sepolia'), 'USDC')).id).toBe('usdc@11155111');
    expect(assetGroupOf(net('local'), listed(net('local'), 'USDC')).id).toBe('usdc@31337');
  });

  it('never groups a token the person added or that came unasked, even at a listed address or with a listed symbol', () => {
    const real = listed(net('optimism'), 'USDC');
    for (const origin of ['custom', 'unsolicited'] as const) {
      const key = assetGroupOf(net('optimism'), { ...real, origin });
      expect(key).toEqual({ id: `own:optimism:${real.address.toLowerCase()}`, merges: false, bridged: false });
    }
    const lookAlike: PortfolioToken = {
      ...real,
      address: '0x000000000000000000000000000000000000dEaD',
      origin: 'list',
    };
    expect(assetGroupOf(net('optimism'), lookAlike).merges).toBe(false);
  });

  it('never groups a custom network’s assets, whatever its chain id', () => {
    expect(assetGroupOf(custom, 'native')).toEqual({ id: 'own:my-op:native', merges: false, bridged: false });
    expect(assetGroupOf(custom, listed(net('optimism'), 'USDC')).merges).toBe(false);
  });

  it('finds an id for every bundled token (the lists carry one each)', () => {
    for (const network of networks) {
      for (const token of listedTokens(network)) {
        const key = assetGroupOf(network, { ...token, origin: 'list' });
        expect(key.merges, `${network.id} ${token.symbol}`).toBe(true);
        expect(key.id).toMatch(/^[a-z0-9]+(\.[a-z0-9]+)?(@\d+)?$/);
      }
    }
    expect(ethereumList.tokens.every((t) => typeof t.extensions?.cairnAsset === 'string')).toBe(true);
  });
});

describe('groupAcrossNetworks', () => {
  it('sums each asset across networks, members listed per network', () => {
    const eth = 10n ** 18n;
    const groups = groupAcrossNetworks(
      [
        row(net('ethereum'), 'native', 2n * eth, 6_000n),
        row(net('ethereum'), listed(net('ethereum'), 'USDC'), 5_000_000n, 5n),
        row(net('optimism'), 'native', eth / 2n, 1_500n),
        row(net('optimism'), listed(net('optimism'), 'USDC'), 1_000_000n, 1n),
        row(net('base'), 'native', 0n, 0n),
      ],
      { hideZero: false },
    );
    expect(ids(groups)).toEqual([
      ['native:1', ['ethereum', 'optimism', 'base']],
      ['usdc', ['ethereum', 'optimism']],
    ]);
    expect(groups[0]).toMatchObject({ symbol: 'ETH', balance: (5n * eth) / 2n, value: 7_500n, complete: true });
    expect(groups[1]).toMatchObject({ symbol: 'USDC', decimals: 6, balance: 6_000_000n, value: 6n, label: undefined });
  });

  it('sums mixed decimals exactly at the largest (BSC’s bridged USDC has 18)', () => {
    const [group] = groupAcrossNetworks(
      [row(net('gnosis'), listed(net('gnosis'), 'USDC'), 1_234_567n), row(net('bsc'), listed(net('bsc'), 'USDC'), 1n)],
      { hideZero: false },
    );
    expect(group).toMatchObject({
      decimals: 18,
      balance: 1_234_567n * 10n ** 12n + 1n,
      label: { id: 'core.chain:assetGroup.bridged', values: { symbol: 'USDC' } },
    });
  });

  it('keeps USDC and bridged USDC, and a look-alike, apart', () => {
    const fake: PortfolioToken = { ...listed(net('optimism'), 'USDC'), origin: 'custom' };
    const groups = groupAcrossNetworks(
      [
        row(net('ethereum'), listed(net('ethereum'), 'USDC'), 1n),
        row(net('gnosis'), listed(net('gnosis'), 'USDC'), 2n),
        row(net('optimism'), fake, 3n),
        row(custom, 'native', 4n),
        row(net('sepolia'), listed(net('sepolia'), 'USDC'), 5n),
      ],
      { hideZero: false },
    );
    expect(groups.map((g) => [g.key.id, g.balance])).toEqual([
      ['usdc', 1n],
      ['usdc.e', 2n],
      [`own:optimism:${fake.address.toLowerCase()}`, 3n],
      ['own:my-op:native', 4n],
      ['usdc@11155111', 5n],
    ]);
  });

  it('says when a sum is not whole: a balance unread, or a holding without a price', () => {
    const usdc = (id: string) => listed(net(id), 'USDC');
    const [unread] = groupAcrossNetworks(
      [row(net('ethereum'), usdc('ethereum'), 7n, 7n), row(net('base'), usdc('base'), undefined)],
      { hideZero: false },
    );
    expect(unread).toMatchObject({ balance: 7n, value: 7n, complete: false });
    const [unpriced] = groupAcrossNetworks(
      [row(net('ethereum'), usdc('ethereum'), 7n, 7n), row(net('base'), usdc('base'), 3n)],
      { hideZero: false },
    );
    expect(unpriced).toMatchObject({ balance: 10n, value: 7n, complete: false });
    const [emptyUnpriced] = groupAcrossNetworks(
      [row(net('ethereum'), usdc('ethereum'), 7n, 7n), row(net('base'), usdc('base'), 0n)],
      { hideZero: false },
    );
    expect(emptyUnpriced).toMatchObject({ complete: true, value: 7n });
    const [noPrice] = groupAcrossNetworks([row(net('base'), usdc('base'), 3n)], { hideZero: false });
    expect(noPrice?.value).toBeUndefined();
  });

  it('with hideZero leaves out members holding nothing, and groups left empty', () => {
    const groups = groupAcrossNetworks(
      [
        row(net('ethereum'), 'native', 0n, 0n),
        row(net('optimism'), 'native', 5n, 1n),
        row(net('base'), listed(net('base'), 'USDC'), 0n, 0n),
        row(net('arbitrum'), listed(net('arbitrum'), 'USDC'), undefined),
      ],
      { hideZero: true },
    );
    expect(ids(groups)).toEqual([
      ['native:1', ['optimism']],
      ['usdc', ['arbitrum']],
    ]);
  });

  it('loses no base unit: each group’s balance is its members’ scaled sum, and every row is in one group', () => {
    const candidates: [string, 'native' | string][] = [
      ['ethereum', 'native'],
      ['optimism', 'native'],
      ['ethereum', 'USDC'],
      ['base', 'USDC'],
      ['bsc', 'USDC'],
      ['gnosis', 'USDC'],
      ['bsc', 'USDT'],
      ['ethereum', 'USDT'],
      ['polygon', 'WETH'],
      ['avalanche', 'WETH.e'],
    ];
    const member = fc.record({
      pick: fc.constantFrom(...candidates),
      balance: fc.option(fc.bigInt({ min: 0n, max: 10n ** 40n }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(member, { maxLength: 15 }), fc.boolean(), (picked, hideZero) => {
        const rows = picked.map(({ pick: [id, asset], balance }) =>
          row(net(id), asset === 'native' ? 'native' : listed(net(id), asset), balance),
        );
        const groups = groupAcrossNetworks(rows, { hideZero });
        const kept = rows.filter((r) => !(hideZero && r.row.balance === 0n));
        expect(groups.flatMap((g) => g.members)).toHaveLength(kept.length);
        for (const g of groups) {
          expect(g.decimals).toBe(Math.max(...g.members.map((m) => m.row.decimals)));
          const sum = g.members.reduce(
            (s, m) => s + (m.row.balance ?? 0n) * 10n ** BigInt(g.decimals - m.row.decimals),
            0n,
          );
          expect(g.balance).toBe(sum);
          // Whole only when every member was read and, holding some, valued (these rows have no values).
          expect(g.complete).toBe(
            g.members.every((m) => (m.row.balance !== undefined && m.row.value !== undefined) || m.row.balance === 0n),
          );
          for (const m of g.members) expect(assetGroupOf(m.network, m.row.token ?? 'native').id).toBe(g.key.id);
        }
      }),
    );
  });
});
