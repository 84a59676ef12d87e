import { recoverMessageAddress } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toBase64Url } from '@/core/bytes';
import { memoryKeyValueStore } from '@/core/storage/keyValueStore';
import type { VaultSettings } from '@/core/vault/vaultSettings';
import {
  fakeTimers,
  hdAccount,
  hostWithVault,
  phraseSecret,
  TEST_ADDRESS_0,
  TEST_ADDRESS_1,
  TEST_PASSWORD,
  TEST_PHRASE,
  testSession,
} from '@/testing/vaultFixtures';
import { type Channel, channelClient, serveOnChannel } from './channelTransport';
import { connectionPair } from './hostConnection';
import { VaultClient } from './vaultClient';
import { VaultHost } from './vaultHost';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function clientOf(host: VaultHost, settings = memoryKeyValueStore<VaultSettings>()) {
  const [here, there] = connectionPair();
  host.connect(there);
  const client = new VaultClient(here, settings);
  closers.push(() => {
    here.close();
    there.close();
  });
  await client.init();
  return client;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('shared vault session', () => {
  it('unlocking in one window unlocks all; locking in one wipes the keys for all', async () => {
    const { host } = await hostWithVault();
    const [a, b] = [await clientOf(host), await clientOf(host)];
    expect(b.store.getState().status).toBe('locked');
    await a.unlock(TEST_PASSWORD);
    await until(() => b.store.getState().status === 'unlocked');
    expect(b.store.getState().accounts.map((x) => x.address)).toEqual([TEST_ADDRESS_0, TEST_ADDRESS_1]);

    const account = b.store.getState().accounts[0];
    if (!account) throw new Error('no account');
    const signer = b.signerFor(account);
    const signature = await signer.signMessage({ message: 'from window B' });
    expect(await recoverMessageAddress({ message: 'from window B', signature })).toBe(TEST_ADDRESS_0);

    await a.lock('user');
    await until(() => b.store.getState().status === 'locked');
    expect(b.store.getState()).toMatchObject({ accounts: [], selectedAccountId: undefined, lockedBy: 'user' });
    await expect(signer.signMessage({ message: 'after lock' })).rejects.toMatchObject({
      code: 'VAULT_LOCKED',
      shortMessage: expect.stringContaining('Cairn is locked'),
    });
  });

  it('a window opened while unlocked shows the accounts at once, with no password', async () => {
    const { host } = await hostWithVault({ unlocked: true });
    const late = await clientOf(host);
    expect(late.store.getState().status).toBe('unlocked');
    expect(late.store.getState().accounts).toHaveLength(2);
    expect(late.store.getState().selectedAccountId).toBe(late.store.getState().accounts[0]?.id);
  });

  it('keeps the account chosen in each window, and offers the last one chosen to the next window', async () => {
    const { host } = await hostWithVault({ unlocked: true });
    const settings = memoryKeyValueStore<VaultSettings>();
    const [a, b] = [await clientOf(host, settings), await clientOf(host, settings)];
    const second = a.store.getState().accounts[1]?.id;
    a.selectAccount(second);
    expect(a.store.getState().selectedAccountId).toBe(second);
    expect(b.store.getState().selectedAccountId).toBe(b.store.getState().accounts[0]?.id);
    // Remembered in the shared settings (written in the background), for the next window to open.
    await vi.waitFor(async () => expect(await settings.get('selectedAccountId')).toBe(second));
    expect((await clientOf(host, settings)).store.getState().selectedAccountId).toBe(second);
  });

  it('carries errors across with their code and words, and wrong-password waits with their time', async () => {
    let now = 1_000_000;
    const { session } = testSession({ now: () => now });
    await session.init();
    await session.create(TEST_PASSWORD, phraseSecret(), [hdAccount(0, TEST_ADDRESS_0)]);
    session.lock();
    const client = await clientOf(new VaultHost(session));
    for (let i = 0; i < 5; i++)
      await expect(client.unlock('wrong password!')).rejects.toMatchObject({ code: 'VAULT_WRONG_PASSWORD' });
    await expect(client.unlock(TEST_PASSWORD)).rejects.toMatchObject({
      code: 'VAULT_THROTTLED',
      retryAt: now + 5_000,
    });
    now += 5_000;
    await client.unlock(TEST_PASSWORD);
    expect(client.store.getState().status).toBe('unlocked');
  });

  it('hands secret bytes over to the host instead of copying them (the window keeps none)', async () => {
    const { host } = await hostWithVault({ unlocked: true });
    const client = await clientOf(host);
    const secret = {
      ...phraseSecret('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'),
      origin: 'imported-phrase' as const,
    };
    const phrase = secret.phrase;
    await client.add(secret, [hdAccount(0, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')]);
    expect(phrase.byteLength).toBe(0);
    expect(client.store.getState().accounts).toHaveLength(3);
  });

  it("hands a passkey's PRF output over to the host, adding and unlocking (the window keeps none)", async () => {
    const { host } = await hostWithVault({ unlocked: true });
    const client = await clientOf(host);
    const prf = crypto.getRandomValues(new Uint8Array(32));
    const credentialId = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
    const material = {
      credentialId,
      name: 'Phone',
      salt: crypto.getRandomValues(new Uint8Array(32)),
      prfOutput: prf.slice(),
    };
    await client.addPasskey(TEST_PASSWORD, material);
    expect(material.prfOutput.byteLength).toBe(0);
    await client.lock();
    await until(() => client.store.getState().status === 'locked');
    const output = prf.slice();
    await client.unlockWithPasskey(credentialId, output);
    expect(output.byteLength).toBe(0);
    expect(client.store.getState().status).toBe('unlocked');
  });

  it('tells the other windows when the person is active in one', async () => {
    const { host } = await hostWithVault({ unlocked: true });
    const [a, b] = [await clientOf(host), await clientOf(host)];
    let seenByA = 0;
    let seenByB = 0;
    a.onActivityElsewhere(() => seenByA++);
    b.onActivityElsewhere(() => seenByB++);
    a.activity(1_000_000);
    await until(() => seenByB === 1);
    expect(seenByA).toBe(0);
  });

  it('locks every window after the idle time even when no window counts it (backstop)', async () => {
    const timers = fakeTimers();
    const { host, session } = await hostWithVault({ timers });
    const client = await clientOf(host);
    await client.unlock(TEST_PASSWORD);
    await until(() => client.store.getState().status === 'unlocked');
    await new Promise((r) => setTimeout(r, 10));
    timers.advance(15 * 60_000);
    expect(session.store.getState().status).toBe('unlocked');
    timers.advance(60_000);
    await until(() => client.store.getState().status === 'locked');
    expect(client.store.getState().lockedBy).toBe('idle');
  });

  it('relays the activity of every window to the others, even of two windows active within the same seconds', async () => {
    const { host } = await hostWithVault({ unlocked: true });
    const [a, b, c] = [await clientOf(host), await clientOf(host), await clientOf(host)];
    const seen = { a: 0, b: 0, c: 0 };
    a.onActivityElsewhere(() => seen.a++);
    b.onActivityElsewhere(() => seen.b++);
    c.onActivityElsewhere(() => seen.c++);
    a.activity(1_000_000);
    await until(() => seen.b === 1 && seen.c === 1);
    b.activity(1_001_000);
    await until(() => seen.a === 1 && seen.c === 2);
    expect(seen).toEqual({ a: 1, b: 1, c: 2 });
  });

  it('the host counts idle time over all windows: activity in any keeps it unlocked, and its own idle lock reaches every window', async () => {
    const timers = fakeTimers();
    const { host, session } = await hostWithVault({ timers, unlocked: true });
    const [a, b] = [await clientOf(host), await clientOf(host)];
    await a.setAutoLockMinutes(1);
    // Window B is used every 40 s; window A is not touched at all (its own timer is not running here).
    for (let t = 40_000; t <= 200_000; t += 40_000) {
      timers.advance(40_000);
      b.activity(t);
      await new Promise((r) => setTimeout(r, 5));
      expect(session.store.getState().status).toBe('unlocked');
    }
    expect(a.store.getState().status).toBe('unlocked');
    // Nobody is active any more: one minute (plus the host's grace minute) later the host locks both.
    timers.advance(60_000);
    expect(session.store.getState().status).toBe('unlocked');
    timers.advance(60_000);
    await until(() => a.store.getState().status === 'locked' && b.store.getState().status === 'locked');
    expect([a.store.getState().lockedBy, b.store.getState().lockedBy]).toEqual(['idle', 'idle']);
  });
});

describe('vault hosts of two builds on one profile', () => {
  it('a lock in one host locks the other (their windows use different workers)', async () => {
    const listeners: ((message: unknown) => void)[] = [];
    const bus = () => ({
      post: (message: unknown) => {
        for (const listener of listeners) listener(message);
      },
      listen: (handler: (message: unknown) => void) => {
        listeners.push(handler);
      },
    });
    const { session: older } = await hostWithVault({ unlocked: true });
    const { session: newer } = await hostWithVault({ unlocked: true });
    new VaultHost(older, { peers: bus() });
    new VaultHost(newer, { peers: bus() });
    older.lock('user');
    expect(newer.store.getState().status).toBe('locked');
  });
});

describe('shared vault session over a BroadcastChannel (no SharedWorker)', () => {
  const channel = (name: string) => {
    const c = new BroadcastChannel(name) as unknown as Channel;
    closers.push(() => c.close());
    return c;
  };

  it('serves every window from the elected one, and a new host makes windows say hello again', async () => {
    const name = `vault-test-${Math.random()}`;
    const { host } = await hostWithVault();
    const first = channel(name);
    serveOnChannel(host, first);
    const a = new VaultClient(channelClient(channel(name), 'a'), memoryKeyValueStore());
    const b = new VaultClient(channelClient(channel(name), 'b'), memoryKeyValueStore());
    await Promise.all([a.init(), b.init()]);
    await a.unlock(TEST_PASSWORD);
    await until(() => b.store.getState().status === 'unlocked');
    await b.lock('user');
    await until(() => a.store.getState().status === 'locked');

    await a.unlock(TEST_PASSWORD);
    await until(() => b.store.getState().status === 'unlocked');

    // The window holding the session goes (keys with it); the next one in line takes over, locked.
    first.close();
    const { host: next } = await hostWithVault();
    serveOnChannel(next, channel(name));
    await until(() => a.store.getState().status === 'locked' && b.store.getState().status === 'locked');
    await a.unlock(TEST_PASSWORD);
    await until(() => b.store.getState().status === 'unlocked');
  });

  it('keeps passwords and secrets private to the window that sent them: other windows see only ciphertext', async () => {
    const name = `vault-test-${Math.random()}`;
    const { host } = await hostWithVault();
    serveOnChannel(host, channel(name));
    const seen: unknown[] = [];
    const spy = channel(name);
    spy.onmessage = (event) => seen.push(event.data);
    const a = new VaultClient(channelClient(channel(name), 'a'), memoryKeyValueStore());
    await a.init();
    await a.unlock(TEST_PASSWORD);
    const phrase = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
    const secret = { ...phraseSecret(phrase), origin: 'imported-phrase' as const };
    const bytes = secret.phrase;
    await a.add(secret, [hdAccount(0, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')]);
    expect(bytes.every((b) => b === 0)).toBe(true);
    const accountId = a.store.getState().accounts[0]?.id ?? '';
    expect(await a.reveal(accountId, 'phrase', TEST_PASSWORD)).toMatchObject({ phrase: TEST_PHRASE });
    await until(() => seen.length > 6);
    const heard = new TextDecoder().decode(
      new Uint8Array(
        seen.flatMap((m) => {
          const sealed = (m as { sealed?: { data: Uint8Array } }).sealed;
          return sealed ? [...sealed.data] : [...new TextEncoder().encode(JSON.stringify(m))];
        }),
      ),
    );
    for (const secretText of [TEST_PASSWORD, TEST_PHRASE, 'abandon'])
      expect(heard.includes(secretText), secretText).toBe(false);
    expect(seen.some((m) => (m as { sealed?: unknown }).sealed)).toBe(true);
  });
});
