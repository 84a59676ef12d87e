// The Swap form over a test wallet (no node answers): a token the person added themselves, on no
// bundled list, is pointed out when chosen; the same asset on both sides is refused in place.
import { MemoryRouter } from 'react-router';
import type { Address } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_UNISWAP_DEPLOYMENT } from '@/core/chain/localUniswap';
import { shows } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { SwapForm } from './SwapForm';
import { EMPTY_SWAP_FORM, swapFlowStore } from './swapFlowStore';

const ADDED: Address = '0x1111111111111111111111111111111111111111';

let wallet: TestWallet;
let shown: { unmount(): void } | undefined;
beforeAll(async () => {
  wallet = await createTestWallet();
  wallet.store.getState().addCustomToken('local', { address: ADDED, name: 'Odd Coin', symbol: 'ODD', decimals: 18 });
});
afterAll(() => wallet.close());
afterEach(() => {
  shown?.unmount();
  shown = undefined;
  swapFlowStore.setState({ form: EMPTY_SWAP_FORM, permit: undefined });
});

function show() {
  const network = wallet.store.getState().networks.find((n) => n.id === 'local');
  if (!network) throw new Error('no local network');
  shown = renderInWallet(
    wallet,
    <MemoryRouter>
      <SwapForm network={network} deployment={LOCAL_UNISWAP_DEPLOYMENT} />
    </MemoryRouter>,
  );
}

describe('the swap form', () => {
  it('points out a token that is on no list when it is chosen', () => {
    swapFlowStore.setState({ form: { ...EMPTY_SWAP_FORM, assetOut: ADDED.toLowerCase() } });
    show();
    expect(shows("ODD (0x1111111111111111111111111111111111111111) is not on Cairn's token lists")).toBe(true);
  });

  it('refuses the same asset on both sides, and nothing is asked of the node for it', () => {
    swapFlowStore.setState({ form: { ...EMPTY_SWAP_FORM, assetIn: 'native', assetOut: 'native', amount: '1' } });
    show();
    expect(shows('Choose a different asset to receive.')).toBe(true);
    expect(shows('Reading quotes from your node')).toBe(false);
  });
});
