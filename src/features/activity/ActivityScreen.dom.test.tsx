// Activity across two followed networks, over a whole test wallet with a fake node per network and
// a stored history on each: the count line counts the entries of the networks shown (all, or the
// one narrowed to), and the asset filter tells a token on one network from a token at the same
// address on the other.
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router';
import type { Address, Hex } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { activityItem } from '@/core/activity/item';
import { byRole } from '@/testing/byRole';
import { FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { chooseValue } from '@/testing/fields';
import { screenTestWallet } from '@/testing/screenTestWallet';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { ActivityScreen } from './ActivityScreen';

const poll = { timeout: 4_000, interval: 10 };
const ME = TEST_ADDRESS_0 as Address;
const PEER = '0x00000000000000000000000000000000000000b0' as Address;
/** One contract address holding a token on each network: two tokens, not one. */
const TOKEN = '0x00000000000000000000000000000000000000cc' as Address;

const setUp = screenTestWallet();
const wallet = () => setUp.wallet;

/** `count` transfers of TOKEN out of the person's account on the network `networkId`. */
async function storeHistory(networkId: string, count: number) {
  const network = wallet()
    .store.getState()
    .networks.find((n) => n.id === networkId);
  if (!network) throw new Error(`no network ${networkId}`);
  const items = Array.from({ length: count }, (_, n) =>
    activityItem(`log:${n}`, {
      chainId: network.chainId,
      account: ME,
      hash: `0x${`${network.chainId}${n}`.padStart(64, '0')}` as Hex,
      blockNumber: BigInt(10 + n),
      timestamp: 1_700_000_000 + n,
      txIndex: 0,
      logIndex: 0,
      direction: 'out',
      counterparty: PEER,
      asset: { kind: 'erc20', address: TOKEN },
      amount: 10n ** 18n,
      fee: undefined,
      failed: false,
      source: 'logs',
    }),
  );
  await wallet().storage.activity.replace({
    chainId: network.chainId,
    account: ME,
    fromBlock: 0n,
    sources: ['logs'],
    items,
  });
}

/** Ethereum and Base followed, each with its own node and a stored history: 2 transfers and 1. */
async function showActivity() {
  const state = wallet().store.getState();
  state.followNetwork('ethereum');
  state.followNetwork('base');
  for (const network of state.networks)
    if (network.id !== 'ethereum' && network.id !== 'base') state.unfollowNetwork(network.id);
  state.selectNetwork('ethereum');
  flushSync(() => state.setNetworkView('all'));
  const nodes = {
    ethereum: fakeSimulationNode(() => undefined, { block: { ...FAKE_BLOCK, number: 500n }, chainId: 1 }),
    base: fakeSimulationNode(() => undefined, { block: { ...FAKE_BLOCK, number: 9_000n }, chainId: 8453 }),
  };
  const baseUrl = state.networks.find((n) => n.id === 'base')?.rpcUrls[0] ?? '';
  vi.stubGlobal('fetch', (url: unknown, init?: { body?: unknown }) =>
    String(url).startsWith(baseUrl) ? nodes.base.fetch(url, init) : nodes.ethereum.fetch(url, init),
  );
  await storeHistory('ethereum', 2);
  await storeHistory('base', 1);
  setUp.show(
    <MemoryRouter>
      <ActivityScreen />
    </MemoryRouter>,
  );
}

/** The line that counts the history: "3 transactions", "1 of 3 transactions". */
const countLine = () =>
  [...document.querySelectorAll('p')].map((p) => p.textContent ?? '').find((text) => /\btransactions?$/.test(text));
const assetField = () => byRole<HTMLSelectElement>('combobox', 'Asset');

describe('Activity across networks', () => {
  it('counts the entries of the networks shown: all of them, then the one narrowed to', async () => {
    await showActivity();
    await expect.poll(countLine, poll).toBe('3 transactions');
    flushSync(() => wallet().store.getState().setNetworkView('base'));
    await expect.poll(countLine, poll).toBe('1 transaction');
    flushSync(() => wallet().store.getState().setNetworkView('ethereum'));
    await expect.poll(countLine, poll).toBe('2 transactions');
  });

  it('offers a token once per network, and keeps only that network’s entries when one is chosen', async () => {
    await showActivity();
    await expect.poll(countLine, poll).toBe('3 transactions');
    const field = assetField();
    const tokens = [...field.options].filter((o) => o.value.endsWith(TOKEN.toLowerCase()));
    expect(tokens.map((o) => o.value)).toEqual([`ethereum:${TOKEN.toLowerCase()}`, `base:${TOKEN.toLowerCase()}`]);
    expect(tokens.map((o) => o.textContent?.match(/ on (.+)$/)?.[1])).toEqual(['Ethereum', 'Base']);
    chooseValue(field, `base:${TOKEN.toLowerCase()}`);
    await expect.poll(countLine, poll).toBe('1 of 3 transactions');
    chooseValue(field, `ethereum:${TOKEN.toLowerCase()}`);
    await expect.poll(countLine, poll).toBe('2 of 3 transactions');
  });
});
