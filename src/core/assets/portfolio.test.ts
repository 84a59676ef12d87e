import { type Address, createClient, custom, encodeAbiParameters } from 'viem';
import { describe, expect, it } from 'vitest';
import { toViemChain } from '../chain/client';
import { accountsToRead, EMPTY_NETWORK_CONFIG, resolveNetworks, withAllAccountReads } from '../chain/networkConfig';
import type { Network } from '../chain/networks';
import { readPortfolio } from './portfolio';

const mine: Address[] = [
  '0x00000000000000000000000000000000000000a1',
  '0x00000000000000000000000000000000000000a2',
  '0x00000000000000000000000000000000000000a3',
];
const token: Address = '0x00000000000000000000000000000000000000da';

/** Every request a portfolio read sends (a node answering each with zeros), as JSON text. */
async function requestsOfRead(network: Network, accounts: readonly Address[]): Promise<string> {
  const sent: unknown[] = [];
  const client = createClient({
    chain: toViemChain(network),
    transport: custom({
      async request({ method, params }) {
        sent.push({ method, params });
        if (method === 'eth_getBlockByNumber') return { number: '0x1', timestamp: '0x1', hash: `0x${'1'.repeat(64)}` };
        if (method === 'eth_chainId') return '0x1';
        return `0x${'0'.repeat(64)}`;
      },
    }),
  });
  await readPortfolio(client as never, { accounts, tokens: [token], feeds: [] }, false);
  return JSON.stringify(sent).toLowerCase();
}

const named = (text: string) => mine.filter((a) => text.includes(a.slice(2).toLowerCase()));

describe('the portfolio read through a node the person did not choose', () => {
  const networks = resolveNetworks('http://127.0.0.1:8545', EMPTY_NETWORK_CONFIG);
  const ethereum = networks.find((n) => n.id === 'ethereum');
  if (!ethereum) throw new Error('no ethereum preset');
  const visible = mine.map((address) => ({ address }));

  it('names the selected account only', async () => {
    const accounts = accountsToRead(ethereum, EMPTY_NETWORK_CONFIG, visible, mine[1]).map((a) => a.address);
    expect(named(await requestsOfRead(ethereum, accounts))).toEqual([mine[1]]);
  });

  it('names them all once the person allows it on that network', async () => {
    const config = withAllAccountReads(EMPTY_NETWORK_CONFIG, 'ethereum', true);
    const accounts = accountsToRead(ethereum, config, visible, mine[1]).map((a) => a.address);
    expect(named(await requestsOfRead(ethereum, accounts))).toEqual(mine);
  });
});

describe('the sequencer uptime feed', () => {
  const feed: Address = '0x00000000000000000000000000000000000000fe';
  const round = encodeAbiParameters(
    [{ type: 'uint80' }, { type: 'int256' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'uint80' }],
    [7n, 1n, 1_700_000_000n, 1_700_000_000n, 7n],
  );

  it('is read with the rest, even as plain calls without Multicall3, and its round kept on the snapshot', async () => {
    const calls: unknown[] = [];
    const client = createClient({
      transport: custom({
        async request({ method, params }) {
          if (method === 'eth_getBlockByNumber')
            return { number: '0x1', timestamp: '0x2', hash: `0x${'1'.repeat(64)}` };
          if (method === 'eth_call') {
            calls.push(params);
            if ((params as [{ to: string }])[0].to === feed) return round;
          }
          return `0x${'0'.repeat(64)}`;
        },
      }),
    });
    const request = { accounts: mine.slice(0, 1), tokens: [], feeds: [], sequencer: feed };
    const { snapshot } = await readPortfolio(client as never, request, false);
    expect(snapshot.sequencer).toEqual({ answer: 1n, startedAt: 1_700_000_000 });
    expect(calls).toHaveLength(1);
    const without = await readPortfolio(client as never, { ...request, sequencer: undefined }, false);
    expect(without.snapshot.sequencer).toBeUndefined();
  });
});
