// The header's network chip as this window's view: "All networks" while several are followed, or
// one network alone (which the one-network tools then use too).
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { networkView, selectedNetwork } from '@/core/session/sessionStore';
import { byRole, queryByRole } from '@/testing/byRole';
import { screenTestWallet } from '@/testing/screenTestWallet';
import { NetworkMenu } from './NetworkMenu';

const setUp = screenTestWallet();
const wallet = () => setUp.wallet;

const chip = () => byRole('button', /^Network: /);
const choose = (name: string) => {
  flushSync(() => chip().click());
  flushSync(() => byRole('button', name).click());
};

describe('the network chip', () => {
  it('shows all followed networks, one alone when chosen, and all again', () => {
    const state = wallet().store.getState();
    state.followNetwork('ethereum');
    state.followNetwork('base');
    setUp.show(<NetworkMenu />);
    expect(chip().textContent).toBe('Network: All networks');
    choose('Base');
    expect(chip().textContent).toBe('Network: Base');
    expect(networkView(wallet().store.getState())).toMatchObject({ id: 'base' });
    expect(selectedNetwork(wallet().store.getState()).id).toBe('base');
    choose('All networks');
    expect(chip().textContent).toBe('Network: All networks');
    expect(networkView(wallet().store.getState())).toBe('all');
    // A network not followed can still be looked at alone.
    choose('Arbitrum One');
    expect(chip().textContent).toBe('Network: Arbitrum One');
  });

  it('offers no "All networks" while one network is followed', () => {
    const state = wallet().store.getState();
    state.followNetwork('base');
    for (const network of state.networks) if (network.id !== 'base') state.unfollowNetwork(network.id);
    setUp.show(<NetworkMenu />);
    expect(chip().textContent).toBe(`Network: ${selectedNetwork(wallet().store.getState()).name}`);
    flushSync(() => chip().click());
    expect(queryByRole('button', 'All networks')).toBeUndefined();
  });
});
