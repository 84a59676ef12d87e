// Swap on the network picked on Swap, not the header's: the choice lists the followed networks,
// picking one starts the tokens and amount afresh, and a network without Uniswap says so with the
// way out (choose another) in reach.
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { selectedNetwork } from '@/core/session/sessionStore';
import { byRole } from '@/testing/byRole';
import { chooseValue } from '@/testing/fields';
import { screenTestWallet } from '@/testing/screenTestWallet';
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
