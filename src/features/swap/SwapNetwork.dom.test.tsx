// Swap on the network picked on Swap, not the header's: the choice lists the followed networks,
// picking one starts the tokens and amount afresh, and a network without Uniswap says so with the
// way out (choose another) in reach.
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedNetwork } from '@/core/session/sessionStore';
import { byRole, queryByRole } from '@/testing/byRole';
import { FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { nodesByUrl, refusedNode } from '@/testing/nodesByUrl';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { lateRequestGuard } from '@/testing/walletPortfolio';
import { SwapScreen } from './SwapScreen';
import { EMPTY_SWAP_FORM, swapFlowStore } from './swapFlowStore';

let wallet: TestWallet;
let unmount: () => void = () => undefined;
const lateRequests = lateRequestGuard(200);
/** A node that answers the head for `chainId` (its block stamped now), and no other method. */
const nodeOf = (chainId: number) =>
  fakeSimulationNode(
    (method) => {
      throw { code: -32601, message: `the method ${method} does not exist` };
    },
    { block: { ...FAKE_BLOCK, timestamp: BigInt(Math.floor(Date.now() / 1000)) }, chainId },
  ).fetch;
beforeEach(async () => {
  wallet = await createTestWallet();
  vi.stubGlobal('fetch', nodeOf(31337));
});
afterEach(() => {
  unmount();
  swapFlowStore.setState({ form: EMPTY_SWAP_FORM, permit: undefined });
  wallet.close();
  lateRequests.refuse();
});
afterAll(() => lateRequests.restore());

describe('Swap on the network picked there', () => {
  it('changes network from its own field, leaving the header as it is', () => {
    const state = wallet.store.getState();
    state.followNetwork('gnosis');
    const header = selectedNetwork(state).id;
    swapFlowStore.setState({
      form: { ...EMPTY_SWAP_FORM, assetOut: '0x00000000000000000000000000000000000000bb', amount: '2' },
    });
    unmount = renderInWallet(
      wallet,
      <MemoryRouter>
        <SwapScreen />
      </MemoryRouter>,
    ).unmount;
    const field = byRole<HTMLSelectElement>('combobox', 'Network');
    expect(field.value).toBe(header);
    flushSync(() => {
      field.value = 'gnosis';
      field.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(swapFlowStore.getState().form).toMatchObject({ networkId: 'gnosis', assetOut: '', amount: '' });
    expect(byRole<HTMLSelectElement>('combobox', 'Network').value).toBe('gnosis');
    expect(document.body.textContent).toContain('Cairn knows of no Uniswap contracts on Gnosis');
    expect(selectedNetwork(wallet.store.getState()).id).toBe(header);
  });
});

// Each case on a network of its own: a client, and the chain id its node gave, are kept per URL.
describe('the node of Swap’s own network', () => {
  const problem = () => queryByRole('alert');

  /** Swap on network `id`, followed, whose one RPC URL `node` answers; the header's node answers. */
  function swapOn(id: string, node: (url: unknown, init?: { body?: unknown }) => Promise<Response>) {
    const state = wallet.store.getState();
    const url = state.networks.find((n) => n.id === id)?.rpcUrls[0] ?? '';
    vi.stubGlobal('fetch', nodesByUrl(nodeOf(31337), { [url]: node }));
    state.followNetwork(id);
    swapFlowStore.setState({ form: { ...EMPTY_SWAP_FORM, networkId: id } });
    unmount = renderInWallet(
      wallet,
      <MemoryRouter>
        <SwapScreen />
      </MemoryRouter>,
    ).unmount;
    expect(byRole<HTMLSelectElement>('combobox', 'Network').value).toBe(id);
    return url;
  }

  it('says so in place, naming the network, when that node cannot be reached', async () => {
    const url = swapOn('base', refusedNode);
    await expect.poll(() => problem()?.textContent ?? '').toMatch(/^Base: /);
    expect(problem()?.textContent).toContain(url);
    expect(problem()?.textContent).toContain('Cairn signs nothing on Base until its node answers for it.');
  });

  it('says nothing while that node answers for its chain', async () => {
    swapOn('arbitrum', nodeOf(42161));
    const head = () =>
      wallet.queries
        .getQueryCache()
        .findAll({ queryKey: ['chain', 'arbitrum'] })
        .find((q) => q.queryKey.includes('head'))?.state.data as { status?: string } | undefined;
    await expect.poll(() => head()?.status).toBe('ok');
    expect(problem()).toBeUndefined();
  });

  it('says so when that node answers for another chain, and nothing once back on the header’s network', async () => {
    swapOn('optimism', nodeOf(31337));
    await expect.poll(() => problem()?.textContent ?? '').toMatch(/^OP Mainnet: Wrong chain/);
    expect(problem()?.textContent).toContain('reports chain id 31337, but OP Mainnet is chain id 10');
    const field = byRole<HTMLSelectElement>('combobox', 'Network');
    const header = selectedNetwork(wallet.store.getState()).id;
    flushSync(() => {
      field.value = header;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(byRole<HTMLSelectElement>('combobox', 'Network').value).toBe(header);
    expect(problem()).toBeUndefined();
  });
});
