// The Swap form over a test wallet (no node answers): a token the person added themselves, on no
// bundled list, is pointed out when chosen; the same asset on both sides is refused in place; an
// approve for Permit2 still on its way holds Review swap until it is mined.
import { MemoryRouter } from 'react-router';
import { type Address, encodeFunctionData, erc20Abi } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_UNISWAP_DEPLOYMENT } from '@/core/chain/localUniswap';
import type { TxRecord } from '@/core/tx/record';
import { recordKeys } from '@/lib/queries/localKeys';
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

  it('holds Review swap, saying why, while an approve of the token for Permit2 waits to be mined', async () => {
    const network = wallet.store.getState().networks.find((n) => n.id === 'local');
    const me = wallet.vault.store.getState().accounts[0];
    if (!network || !me) throw new Error('no local network or account');
    // The reset to 0 of an allowance left from before, sent from Swap and not yet mined.
    const reset: TxRecord = {
      id: 'reset',
      kind: 'call',
      networkId: network.id,
      chainId: network.chainId,
      from: me.address as Address,
      nonce: 0,
      to: ADDED,
      value: 0n,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [LOCAL_UNISWAP_DEPLOYMENT.permit2, 0n],
      }),
      gas: 50_000n,
      fees: { kind: 'eip1559', maxFeePerGas: 2n, maxPriorityFeePerGas: 1n },
      hash: `0x${'ab'.repeat(32)}`,
      raw: '0x02f8',
      intent: undefined,
      status: 'pending',
      createdAt: 1,
      updatedAt: 1,
      revision: 0,
      replaces: undefined,
      replacedBy: undefined,
      blockNumber: undefined,
      confirmations: 0,
      failureReason: undefined,
      broadcastError: undefined,
      lastBroadcastAt: undefined,
    };
    await wallet.storage.transactions.put(reset);
    // Stored beside the app, as another window would: the records are read afresh.
    wallet.queries.clear();
    swapFlowStore.setState({ form: { ...EMPTY_SWAP_FORM, fromId: me.id, assetIn: ADDED.toLowerCase(), amount: '1' } });
    show();
    const waiting = 'Your approval of ODD for Permit2 is still waiting to be mined';
    await expect.poll(() => shows(waiting)).toBe(true);
    expect(document.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    shown?.unmount();
    await wallet.storage.transactions.put({ ...reset, status: 'confirmed', blockNumber: 7n, revision: 1 });
    wallet.queries.clear();
    show();
    const key = recordKeys.account(network, me.address as Address);
    await expect.poll(() => wallet.queries.getQueryData<TxRecord[]>(key)?.[0]?.status).toBe('confirmed');
    expect(shows(waiting)).toBe(false);
  });
});
