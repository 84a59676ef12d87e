// A list screen's choice of networks, beside its parts: the control shows and sets the window's
// view (the header chip's), and the parts are one per network that view shows, each on its own
// network and told when it is one of several.
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import type { Network } from '@/core/chain/networks';
import { networkView, selectedNetwork } from '@/core/session/sessionStore';
import { useSelectedNetwork, ViewedNetworkParts } from '@/lib/stores/session';
import { byRole, queryByRole } from '@/testing/byRole';
import { chooseValue } from '@/testing/fields';
import { screenTestWallet } from '@/testing/screenTestWallet';
import { NetworkViewSelect } from './NetworkViewSelect';

const setUp = screenTestWallet();
const wallet = () => setUp.wallet;

/** What a part sees: the network it is given, whether it works on another, and whether it is one of several. */
function Part({ network, several }: { network: Network; several: boolean }) {
  const worksOn = useSelectedNetwork();
  return (
    <li>{`${network.id}${worksOn.id === network.id ? '' : ' (works on another)'}${several ? ' (one of several)' : ''}`}</li>
  );
}

function show() {
  setUp.show(
    <>
      <NetworkViewSelect label="Networks shown" allLabel="All networks" />
      <ul>
        <ViewedNetworkParts>{(network, several) => <Part network={network} several={several} />}</ViewedNetworkParts>
      </ul>
    </>,
  );
}

const control = () => byRole<HTMLSelectElement>('combobox', 'Networks shown');
const parts = () => [...document.querySelectorAll('li')].map((li) => li.textContent);
const choose = (value: string) => chooseValue(control(), value);

describe('the networks a list shows', () => {
  it('shows every followed network at first, one alone when chosen (the header too), and all again', () => {
    const state = wallet().store.getState();
    state.followNetwork('ethereum');
    state.followNetwork('base');
    const followed = wallet().store.getState().followedNetworks;
    show();
    expect(control().value).toBe('all');
    expect(parts()).toEqual(followed.map((id) => `${id} (one of several)`));
    choose('base');
    expect(control().value).toBe('base');
    expect(parts()).toEqual(['base']);
    expect(networkView(wallet().store.getState())).toMatchObject({ id: 'base' });
    expect(selectedNetwork(wallet().store.getState()).id).toBe('base');
    choose('all');
    expect(control().value).toBe('all');
    expect(parts()).toHaveLength(followed.length);
  });

  it('offers the one network viewed when it is not followed, as the chip does', () => {
    const state = wallet().store.getState();
    state.followNetwork('ethereum');
    state.followNetwork('base');
    flushSync(() => state.setNetworkView('arbitrum'));
    show();
    expect(control().value).toBe('arbitrum');
    expect([...control().options].map((o) => o.value)).toEqual([
      'all',
      'arbitrum',
      ...wallet().store.getState().followedNetworks,
    ]);
    expect(parts()).toEqual(['arbitrum']);
  });

  it('offers no choice while one network is followed, and shows that one', () => {
    const state = wallet().store.getState();
    state.followNetwork('base');
    for (const network of state.networks) if (network.id !== 'base') state.unfollowNetwork(network.id);
    show();
    expect(queryByRole('combobox', 'Networks shown')).toBeUndefined();
    expect(parts()).toEqual([selectedNetwork(wallet().store.getState()).id]);
  });
});
