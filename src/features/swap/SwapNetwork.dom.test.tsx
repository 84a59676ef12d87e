// Swap on the network picked on Swap, not the header's: the choice lists the followed networks,
// picking one starts the tokens and amount afresh, and a network without Uniswap says so with the
// way out (choose another) in reach.
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { selectedNetwork } from '@/core/session/sessionStore';
import { byRole, queryByRole } from '@/testing/byRole';
import { chooseValue } from '@/testing/fields';
import { nodesByUrl, refusedNode } from '@/testing/nodesByUrl';
import { headStateOf, refusingNode, screenTestWallet } from '@/testing/screenTestWallet';
import { SwapScreen } from './SwapScreen';
import { EMPTY_SWAP_FORM, swapFlowStore } from './swapFlowStore';

const setUp = screenTestWallet({
  cleanUp: () => swapFlowStore.setState({ form: EMPTY_SWAP_FORM, permit: undefined }),
});

describe('Swap on the network picked there', () => {
  it('changes network from its own field, leaving the header as it is', () => {
    const state = setUp.wallet.store.getState();
    state.followNetwork('gnosis');
    const header = selectedNetwork(state).id;
    swapFlowStore.setState({
      form: { ...EMPTY_SWAP_FORM, assetOut: '0x00000000000000000000000000000000000000bb', amount: '2' },
    });
    setUp.show(
      <MemoryRouter>
        <SwapScreen />
      </MemoryRouter>,
    );
    const field = byRole<HTMLSelectElement>('combobox', 'Network');
    expect(field.value).toBe(header);
    chooseValue(field, 'gnosis');
    expect(swapFlowStore.getState().form).toMatchObject({ networkId: 'gnosis', assetOut: '', amount: '' });
    expect(byRole<HTMLSelectElement>('combobox', 'Network').value).toBe('gnosis');
    expect(document.body.textContent).toContain('Cairn knows of no Uniswap contracts on Gnosis');
    expect(selectedNetwork(setUp.wallet.store.getState()).id).toBe(header);
  });
});

// Each case on a network of its own: a client, and the chain id its node gave, are kept per URL.
/** A head stamped now: Swap refuses a node whose clock is far off. */
const stampedNow = () => ({ timestamp: BigInt(Math.floor(Date.now() / 1000)) });

describe('the node of Swap’s own network', () => {
  const problem = () => queryByRole('alert');

  /** Swap on network `id`, followed, whose one RPC URL `node` answers; the header's node answers. */
  function swapOn(id: string, node: (url: unknown, init?: { body?: unknown }) => Promise<Response>) {
    const state = setUp.wallet.store.getState();
    const url = state.networks.find((n) => n.id === id)?.rpcUrls[0] ?? '';
    vi.stubGlobal('fetch', nodesByUrl(refusingNode(31337, stampedNow()).fetch, { [url]: node }));
    state.followNetwork(id);
    swapFlowStore.setState({ form: { ...EMPTY_SWAP_FORM, networkId: id } });
    setUp.show(
      <MemoryRouter>
        <SwapScreen />
      </MemoryRouter>,
    );
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
    swapOn('arbitrum', refusingNode(42161, stampedNow()).fetch);
    await expect.poll(() => headStateOf(setUp.wallet, 'arbitrum')?.data?.status).toBe('ok');
    expect(problem()).toBeUndefined();
  });

  it('says so when that node answers for another chain, and nothing once back on the header’s network', async () => {
    swapOn('optimism', refusingNode(31337, stampedNow()).fetch);
    await expect.poll(() => problem()?.textContent ?? '').toMatch(/^OP Mainnet: Wrong chain/);
    expect(problem()?.textContent).toContain('reports chain id 31337, but OP Mainnet is chain id 10');
    const field = byRole<HTMLSelectElement>('combobox', 'Network');
    const header = selectedNetwork(setUp.wallet.store.getState()).id;
    chooseValue(field, header);
    expect(byRole<HTMLSelectElement>('combobox', 'Network').value).toBe(header);
    expect(problem()).toBeUndefined();
  });
});
