// Send on the network of the asset picked, whatever the header shows: a link with `network=` opens
// the form on that network, the form's Network field changes it (asset and amount start afresh),
// and a change of the header's network leaves the send where it is.
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedNetwork } from '@/core/session/sessionStore';
import { byRole, queryByRole } from '@/testing/byRole';
import { FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { lateRequestGuard } from '@/testing/walletPortfolio';
import { SendScreen } from './SendScreen';
import { EMPTY_FORM, sendFlowStore } from './sendFlowStore';

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
  sendFlowStore.setState({ form: EMPTY_FORM, step: { name: 'form' } });
  wallet.close();
  lateRequests.refuse();
});
afterAll(() => lateRequests.restore());

const header = () => selectedNetwork(wallet.store.getState());
const networkField = () => byRole<HTMLSelectElement>('combobox', 'Network');

function showSend(path: string) {
  unmount = renderInWallet(
    wallet,
    <MemoryRouter initialEntries={[path]}>
      <SendScreen />
    </MemoryRouter>,
  ).unmount;
}

describe('Send on the asset’s network', () => {
  it('opens on the network a link names, and keeps it when the header changes', async () => {
    const state = wallet.store.getState();
    state.followNetwork('base');
    expect(header().id).not.toBe('base');
    showSend('/send?asset=native&network=base');
    await expect.poll(() => networkField().value).toBe('base');
    expect(sendFlowStore.getState().form.networkId).toBe('base');
    flushSync(() => state.selectNetwork('optimism'));
    expect(networkField().value).toBe('base');
    expect(queryByRole('alert')?.textContent ?? '').not.toContain('network changed');
  });

  it('changes network from its own field, starting the asset and amount afresh', async () => {
    const state = wallet.store.getState();
    state.followNetwork('base');
    sendFlowStore.setState({
      form: { ...EMPTY_FORM, asset: '0x00000000000000000000000000000000000000aa', amount: '5' },
    });
    showSend('/send');
    expect(networkField().value).toBe(header().id);
    const field = networkField();
    flushSync(() => {
      field.value = 'base';
      field.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(sendFlowStore.getState().form).toMatchObject({ networkId: 'base', asset: 'native', amount: '' });
    expect(networkField().value).toBe('base');
    expect(header().id).not.toBe('base');
  });

  it('offers no choice when only the network in use is followed, and ignores a link naming no network', () => {
    const state = wallet.store.getState();
    state.followNetwork(header().id);
    for (const other of state.networks) if (other.id !== header().id) state.unfollowNetwork(other.id);
    showSend('/send?asset=native&network=no-such-network');
    expect(queryByRole('combobox', 'Network')).toBeUndefined();
    expect(sendFlowStore.getState().form.networkId).toBeUndefined();
  });
});
