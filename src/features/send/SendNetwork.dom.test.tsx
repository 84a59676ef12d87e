// Send on the network of the asset picked, whatever the header shows: a link with `network=` opens
// the form on that network, the form's Network field changes it (asset and amount start afresh),
// and a change of the header's network leaves the send where it is.
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { selectedNetwork } from '@/core/session/sessionStore';
import { byRole, queryByRole } from '@/testing/byRole';
import { chooseValue } from '@/testing/fields';
import { nodesByUrl, refusedNode } from '@/testing/nodesByUrl';
import { headStateOf, refusingNode, screenTestWallet } from '@/testing/screenTestWallet';
import { SendScreen } from './SendScreen';
import { EMPTY_FORM, sendFlowStore } from './sendFlowStore';

const setUp = screenTestWallet({
  cleanUp: () => sendFlowStore.setState({ form: EMPTY_FORM, step: { name: 'form' } }),
});
const wallet = () => setUp.wallet;

const header = () => selectedNetwork(wallet().store.getState());
const networkField = () => byRole<HTMLSelectElement>('combobox', 'Network');

function showSend(path: string) {
  setUp.show(
    <MemoryRouter initialEntries={[path]}>
      <SendScreen />
    </MemoryRouter>,
  );
}

const TOKEN = '0x00000000000000000000000000000000000000aa';

describe('Send on the asset’s network', () => {
  it('opens on the network a link names, keeps it when the header changes, and says so', async () => {
    const state = wallet().store.getState();
    state.followNetwork('base');
    expect(header().id).not.toBe('base');
    showSend(`/send?asset=${TOKEN}&network=base`);
    await expect.poll(() => sendFlowStore.getState().form.asset).toBe(TOKEN);
    expect(networkField().value).toBe('base');
    expect(sendFlowStore.getState().form.networkId).toBe('base');
    expect(queryByRole('note')).toBeUndefined();
    // The header now shows one network alone, another one: the send stays, and says where it is.
    flushSync(() => state.setNetworkView('optimism'));
    expect(networkField().value).toBe('base');
    expect(queryByRole('note')?.textContent).toBe(
      'This send is on Base, not on OP Mainnet, the network the header shows.',
    );
  });

  it('changes network from its own field, starting afresh all but the account and a plain recipient', () => {
    const state = wallet().store.getState();
    state.followNetwork('base');
    sendFlowStore.setState({ form: { ...EMPTY_FORM, recipient: 'bob.eth', asset: TOKEN, amount: '5', nonce: '7' } });
    showSend('/send');
    expect(networkField().value).toBe(header().id);
    chooseValue(networkField(), 'base');
    expect(sendFlowStore.getState().form).toMatchObject({
      networkId: 'base',
      recipient: 'bob.eth',
      asset: 'native',
      amount: '',
      nonce: '',
    });
    expect(networkField().value).toBe('base');
    expect(header().id).not.toBe('base');
  });

  it('drops a call prepared on the other network when the network changes', () => {
    wallet().store.getState().followNetwork('base');
    const prepared = { recipient: TOKEN, data: '0x095ea7b3', callAbi: '[]', origin: 'swap' as const };
    sendFlowStore.setState({ form: { ...EMPTY_FORM, ...prepared } });
    showSend('/send');
    chooseValue(networkField(), 'base');
    expect(sendFlowStore.getState().form).toMatchObject({ recipient: '', data: '', callAbi: '', origin: undefined });
  });

  it('goes back to the header’s network when opened plainly with nothing typed, and not otherwise', () => {
    wallet().store.getState().followNetwork('base');
    sendFlowStore.setState({ form: { ...EMPTY_FORM, networkId: 'base' } });
    showSend('/send');
    expect(sendFlowStore.getState().form.networkId).toBeUndefined();
    setUp.unmount();
    sendFlowStore.setState({ form: { ...EMPTY_FORM, networkId: 'base', recipient: 'bob.eth' } });
    showSend('/send');
    expect(sendFlowStore.getState().form.networkId).toBe('base');
  });

  it('takes no network from a link that the person does not use, nor a choice when only one is followed', async () => {
    const state = wallet().store.getState();
    state.followNetwork(header().id);
    for (const other of state.networks) if (other.id !== header().id) state.unfollowNetwork(other.id);
    showSend(`/send?asset=${TOKEN}&network=gnosis`);
    await expect.poll(() => sendFlowStore.getState().form.asset).toBe(TOKEN);
    expect(sendFlowStore.getState().form.networkId).toBeUndefined();
    expect(queryByRole('combobox', 'Network')).toBeUndefined();
  });
});

// Each case on a network of its own: a client, and the chain id its node gave, are kept per URL.
describe('the node of Send’s own network', () => {
  const problem = () => queryByRole('alert');
  /** The state of a network's one head query (chainHeadQuery), once asked. */
  const headOf = (id: string) => headStateOf(wallet(), id);

  /** Send on network `id`, followed, whose one RPC URL `node` answers; the header's node answers. */
  function sendOn(id: string, node: (url: unknown, init?: { body?: unknown }) => Promise<Response>) {
    const state = wallet().store.getState();
    const url = state.networks.find((n) => n.id === id)?.rpcUrls[0] ?? '';
    vi.stubGlobal('fetch', nodesByUrl(refusingNode().fetch, { [url]: node }));
    state.followNetwork(id);
    showSend(`/send?asset=${TOKEN}&network=${id}`);
    return url;
  }

  it('says so in place, naming the network, when that node cannot be reached', async () => {
    const url = sendOn('base', refusedNode);
    await expect.poll(() => problem()?.textContent ?? '').toMatch(/^Base: /);
    const text = problem()?.textContent ?? '';
    expect(text).toContain(url);
    expect(text).toContain('Cairn signs nothing on Base until its node answers for it.');
    expect(byRole('button', 'Retry')).toBeDefined();
  });

  it('says so when that node answers for another chain', async () => {
    sendOn('optimism', refusingNode().fetch);
    await expect.poll(() => problem()?.textContent ?? '').toMatch(/^OP Mainnet: Wrong chain/);
    expect(problem()?.textContent).toContain('reports chain id 31337, but OP Mainnet is chain id 10');
  });

  it('says nothing while that node answers for its chain', async () => {
    sendOn('arbitrum', refusingNode(42161).fetch);
    await expect.poll(() => headOf('arbitrum')?.data?.status).toBe('ok');
    expect(problem()).toBeUndefined();
  });

  it('leaves the header’s network, whose node is down, to the shell’s panel', async () => {
    vi.stubGlobal('fetch', refusedNode);
    wallet().store.getState().followNetwork('base');
    showSend('/send');
    expect(networkField().value).toBe(header().id);
    await expect.poll(() => headOf(header().id)?.status).toBe('error');
    expect(problem()).toBeUndefined();
  });
});
