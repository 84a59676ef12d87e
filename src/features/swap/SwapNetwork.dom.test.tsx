// Swap on the network picked on Swap, not the header's: the choice lists the followed networks,
// picking one starts the tokens and amount afresh, and a network without Uniswap says so with the
// way out (choose another) in reach.
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedNetwork } from '@/core/session/sessionStore';
import { byRole } from '@/testing/byRole';
import { FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { lateRequestGuard } from '@/testing/walletPortfolio';
import { SwapScreen } from './SwapScreen';
import { EMPTY_SWAP_FORM, swapFlowStore } from './swapFlowStore';

let wallet: TestWallet;
let unmount: () => void = () => undefined;
const lateRequests = lateRequestGuard(200);
beforeEach(async () => {
  wallet = await createTestWallet();
  const node = fakeSimulationNode(
    (method) => {
      throw { code: -32601, message: `the method ${method} does not exist` };
    },
    { block: { ...FAKE_BLOCK }, chainId: 31337 },
  );
  vi.stubGlobal('fetch', node.fetch);
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
