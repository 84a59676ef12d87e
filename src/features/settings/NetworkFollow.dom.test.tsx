// Choosing which networks Cairn follows (Settings → Networks), over a whole test wallet: a network
// is followed or left with its checkbox, stored for every window; the last followed cannot be left.
import { flushSync } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followedNetworks } from '@/core/session/sessionStore';
import type { SettingsSchema } from '@/core/session/settingsSchema';
import { type KeyValueStore, memoryKeyValueStore } from '@/core/storage/keyValueStore';
import { byRole, description } from '@/testing/byRole';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { NetworkFollow } from './NetworkFollow';

const poll = { timeout: 4_000, interval: 10 };
let settings: KeyValueStore<SettingsSchema>;
let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  settings = memoryKeyValueStore<SettingsSchema>();
  wallet = await createTestWallet({ settings });
});
afterEach(() => {
  unmount();
  wallet.close();
});

function show(ids: string[]) {
  const networks = wallet.store.getState().networks.filter((n) => ids.includes(n.id));
  unmount = renderInWallet(
    wallet,
    networks.map((network) => <NetworkFollow key={network.id} network={network} />),
  ).unmount;
}

const followed = () => followedNetworks(wallet.store.getState()).map((n) => n.id);
const box = (name: string) => byRole<HTMLInputElement>('checkbox', `Include ${name} in Home’s total`);

describe('following networks in Settings → Networks', () => {
  it('follows a network, stores it, and leaves it again', async () => {
    show(['ethereum', 'base']);
    expect(followed()).toEqual(['ethereum']);
    expect(box('Ethereum').checked).toBe(true);
    expect(box('Base').checked).toBe(false);
    flushSync(() => box('Base').click());
    expect(followed()).toEqual(['ethereum', 'base']);
    await wallet.store.getState().whenSaved();
    expect(await settings.get('followedNetworks')).toEqual(['ethereum', 'base']);
    await expect.poll(() => box('Base').checked, poll).toBe(true);
    flushSync(() => box('Ethereum').click());
    expect(followed()).toEqual(['base']);
  });

  it('keeps the last followed network, saying why it cannot be left', async () => {
    show(['ethereum']);
    expect(box('Ethereum').disabled).toBe(true);
    expect(description(box('Ethereum'))).toBe('The only network followed: follow another one first.');
    flushSync(() => box('Ethereum').click());
    expect(followed()).toEqual(['ethereum']);
    expect(await settings.get('followedNetworks')).toBeUndefined();
  });
});
