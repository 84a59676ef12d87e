import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryKeyValueStore } from '@/core/storage/keyValueStore';
import { hostWithVault, TEST_PASSWORD } from '@/testing/vaultFixtures';
import { type Channel, channelClient, serveOnChannel } from './channelTransport';
import { VaultClient } from './vaultClient';

// The BroadcastChannel fallback against a script of the same origin that listens and posts on
// the channel: what it can no longer do (replay, answer for an old hello, say goodbye for a window).

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

type Envelope = Record<string, unknown>;

function channel(name: string): Channel {
  const c = new BroadcastChannel(name) as unknown as Channel;
  closers.push(() => c.close());
  return c;
}

/** A listener on the channel that keeps every envelope it sees and can post its own. */
function intruder(name: string) {
  const seen: Envelope[] = [];
  const own = channel(name);
  let onEnvelope: (envelope: Envelope) => void = () => undefined;
  own.onmessage = (event) => {
    seen.push(event.data);
    onEnvelope(event.data);
  };
  return {
    seen,
    post: (envelope: Envelope) => own.postMessage(envelope),
    watch(next: (envelope: Envelope) => void) {
      onEnvelope = next;
    },
  };
}

async function windowOn(name: string, id: string) {
  const client = new VaultClient(channelClient(channel(name), id), memoryKeyValueStore());
  await client.init();
  return client;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('vault session over a BroadcastChannel, with another script of the origin on it', () => {
  it('refuses a sealed call posted again (replayed): it is not carried out twice', async () => {
    const name = `vault-test-${Math.random()}`;
    const { host, session } = await hostWithVault({ unlocked: true });
    serveOnChannel(host, channel(name));
    const spy = intruder(name);
    const a = await windowOn(name, 'a');
    const accountId = a.store.getState().accounts[0]?.id ?? '';
    const before = spy.seen.length;
    await a.rename(accountId, 'First');
    const renameCall = spy.seen.slice(before).find((e) => e.from === 'a' && e.sealed);
    if (!renameCall) throw new Error('the call was not seen on the channel');
    await a.rename(accountId, 'Second');

    spy.post(renameCall);
    await settle();
    expect(session.store.getState().accounts[0]?.name).toBe('Second');
    // The window's own link still works after the refused copy.
    await a.rename(accountId, 'Third');
    expect(session.store.getState().accounts[0]?.name).toBe('Third');
  });

  it('takes only the host’s answer to its current hello, not an old answer posted again', async () => {
    const name = `vault-test-${Math.random()}`;
    const first = channel(name);
    serveOnChannel((await hostWithVault()).host, first);
    const spy = intruder(name);
    const a = await windowOn(name, 'a');
    const oldWelcome = spy.seen.find((e) => e.to === 'a' && e.welcome);
    if (!oldWelcome) throw new Error('no answer to the hello was seen');
    // The host's window closes; when window A says hello to the next host, the old answer is posted first.
    first.close();
    let restarted = false;
    spy.watch((envelope) => {
      if (envelope.restarted) restarted = true;
      if (restarted && envelope.from === 'a' && envelope.hello) spy.post(oldWelcome);
    });
    serveOnChannel((await hostWithVault()).host, channel(name));
    await vi.waitFor(() => expect(spy.seen.filter((e) => e.to === 'a' && e.welcome)).toHaveLength(2));
    await a.unlock(TEST_PASSWORD);
    expect(a.store.getState().status).toBe('unlocked');
  });

  it('forgets a window that closes (its goodbye goes out at once), and no one else can say goodbye for it', async () => {
    const name = `vault-test-${Math.random()}`;
    const { host } = await hostWithVault();
    serveOnChannel(host, channel(name));
    const spy = intruder(name);
    const a = await windowOn(name, 'a');
    const b = await windowOn(name, 'b');
    expect(host.windowCount).toBe(2);

    spy.post({ to: 'host', from: 'b', farewell: crypto.getRandomValues(new Uint8Array(16)) });
    await settle();
    expect(host.windowCount).toBe(2);

    a.close();
    await vi.waitFor(() => expect(host.windowCount).toBe(1));
    await b.unlock(TEST_PASSWORD);
    expect(b.store.getState().status).toBe('unlocked');
  });
});
