import { afterEach, describe, expect, it } from 'vitest';
import { memoryKeyValueStore } from '@/core/storage/keyValueStore';
import type { VaultSettings } from '@/core/vault/vaultSettings';
import { fakeTimers } from '@/testing/vaultFixtures';
import type { VaultState } from '../vaultState';
import { type Connection, connectionPair } from './hostConnection';
import { HOST_SILENCE_LIMIT_MS, VaultClient } from './vaultClient';
import type { ToClient, ToHost } from './vaultProtocol';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

const locked: VaultState = {
  status: 'locked',
  accounts: [],
  secrets: [],
  lockedBy: 'start',
  damage: undefined,
  passkeys: [],
};

/** A host that says hello back, then answers pings or not, and calls only when told to. */
function scriptedHost(end: Connection, options: { answersPings: boolean }) {
  const calls: Extract<ToHost, { kind: 'call' }>[] = [];
  end.listen((raw) => {
    const message = raw as ToHost;
    if (message.kind === 'hello') end.send({ kind: 'state', state: locked } satisfies ToClient);
    if (message.kind === 'ping' && options.answersPings) end.send({ kind: 'pong' } satisfies ToClient);
    if (message.kind === 'call') calls.push(message);
  });
  return {
    calls,
    answer: (id: number) => end.send({ kind: 'result', id, ok: true, value: undefined } satisfies ToClient),
  };
}

async function clientWith(options: { answersPings: boolean }) {
  const [here, there] = connectionPair();
  closers.push(() => {
    here.close();
    there.close();
  });
  const timers = fakeTimers(1_000_000);
  const host = scriptedHost(there, options);
  const client = new VaultClient(here, memoryKeyValueStore<VaultSettings>(), { timers });
  await client.init();
  return { client, host, timers };
}

/** Moves the client's clock on in steps, letting messages cross between steps. */
async function pass(timers: ReturnType<typeof fakeTimers>, ms: number) {
  for (let done = 0; done < ms; done += 1_000) {
    timers.advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('vault client: a host that stops answering', () => {
  it('ends a waiting call with VAULT_SESSION_UNAVAILABLE, in words, when the host goes silent', async () => {
    const { client, timers } = await clientWith({ answersPings: false });
    const call = client.unlock('a password');
    const outcome = call.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await pass(timers, HOST_SILENCE_LIMIT_MS - 2_000);
    expect(await Promise.race([outcome, 'still waiting'])).toBe('still waiting');
    await pass(timers, 4_000);
    expect(await outcome).toMatchObject({
      code: 'VAULT_SESSION_UNAVAILABLE',
      shortMessage: expect.stringContaining('stopped answering'),
    });
  });

  it('does not take a clock that jumped (a computer waking from sleep) for a silent host', async () => {
    const { client, host, timers } = await clientWith({ answersPings: true });
    const call = client.unlock('a password');
    timers.jump(10 * 60_000);
    await pass(timers, 4_000);
    const [pending] = host.calls;
    if (!pending) throw new Error('the call never reached the host');
    host.answer(pending.id);
    await expect(call).resolves.toBeUndefined();
  });

  it('lets a slow call finish while the host still answers pings', async () => {
    const { client, host, timers } = await clientWith({ answersPings: true });
    const call = client.unlock('a password');
    await pass(timers, 3 * HOST_SILENCE_LIMIT_MS);
    const [pending] = host.calls;
    if (!pending) throw new Error('the call never reached the host');
    host.answer(pending.id);
    await expect(call).resolves.toBeUndefined();
  });
});

describe('vault client: signers by where the key is', () => {
  const deviceSource = {
    kind: 'qrDevice',
    deviceName: 'Keystone',
    masterFingerprint: 1,
    path: "m/44'/60'/0'/0/0",
  } as const;
  const address = '0x0000000000000000000000000000000000000001';

  it('asks the device signer for a device account, only while unlocked, and never the host', async () => {
    const { client, host } = await clientWith({ answersPings: true });
    const asked: unknown[] = [];
    client.setDeviceSigner(async (account, request) => {
      asked.push({ account, request });
      return '0xabcdef';
    });
    const signer = client.signerFor({ id: 'd1', address, source: deviceSource });
    await expect(signer.signMessage({ message: 'hi' })).rejects.toMatchObject({ code: 'VAULT_LOCKED' });
    client.store.setState({ status: 'unlocked' });
    expect(await signer.signMessage({ message: 'hi' })).toBe('0xabcdef');
    expect(asked).toEqual([
      { account: { id: 'd1', address, source: deviceSource }, request: { kind: 'message', message: 'hi' } },
    ]);
    expect(host.calls).toEqual([]);
  });

  it('sends a vault account’s request to the host, not to the device signer', async () => {
    const { client, host } = await clientWith({ answersPings: true });
    client.setDeviceSigner(() => Promise.reject(new Error('not a device account')));
    void client
      .signerFor({ id: 'k1', address, source: { kind: 'key', secretId: 's1' } })
      .signMessage({ message: 'hi' })
      .catch(() => undefined);
    await expect.poll(() => host.calls.map((c) => c.method)).toEqual(['sign']);
  });

  it('has a browser wallet sign messages and send transactions, and never sign one to keep', async () => {
    const { client, host } = await clientWith({ answersPings: true });
    const source = { kind: 'external', walletName: 'MetaMask', rdns: 'io.metamask' } as const;
    const asked: unknown[] = [];
    client.setDeviceSigner(
      async (account, request) => {
        asked.push({ signed: request.kind, account: account.id });
        return '0x01';
      },
      async (account, transaction) => {
        asked.push({ sent: transaction.value, account: account.id });
        return `0x${'ab'.repeat(32)}`;
      },
    );
    const signer = client.signerFor({ id: 'w1', address, source });
    const transaction = { chainId: 1, to: address as `0x${string}`, value: 5n, data: '0x' as const, gas: 21_000n };
    const send = () => signer.wallet?.send({ ...transaction, fees: { kind: 'legacy', gasPrice: 1n } });
    await expect(send()).rejects.toMatchObject({ code: 'VAULT_LOCKED' });
    client.store.setState({ status: 'unlocked' });
    expect(signer.wallet?.name).toBe('MetaMask');
    expect(await signer.signMessage({ message: 'hi' })).toBe('0x01');
    expect(await send()).toBe(`0x${'ab'.repeat(32)}`);
    await expect(signer.signTransaction({ ...transaction, nonce: 0, gasPrice: 1n })).rejects.toMatchObject({
      code: 'WALLET_SENDS_ITSELF',
    });
    expect(asked).toEqual([
      { signed: 'message', account: 'w1' },
      { sent: 5n, account: 'w1' },
    ]);
    expect(host.calls).toEqual([]);
    // Other kinds have no wallet to send through.
    expect(client.signerFor({ id: 'd1', address, source: deviceSource }).wallet).toBeUndefined();
  });

  it('asks only a Ledger for EIP-7702 authorizations and transactions carrying them', async () => {
    const { client } = await clientWith({ answersPings: true });
    client.store.setState({ status: 'unlocked' });
    const asked: string[] = [];
    client.setDeviceSigner(async (account, request) => {
      asked.push(`${account.source.kind}:${request.kind}`);
      // A 65-byte signature, as a device's checked answer is.
      return `0x${'11'.repeat(32)}${'22'.repeat(32)}1b`;
    });
    const delegate = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B';
    const authorization = { chainId: 1, address: delegate, nonce: 3 } as const;
    const signed = { ...authorization, r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, yParity: 0 } as const;
    const setCode = {
      type: 'eip7702',
      chainId: 1,
      nonce: 3,
      to: address,
      gas: 60_000n,
      maxFeePerGas: 2n,
      maxPriorityFeePerGas: 1n,
      authorizationList: [signed],
    } as const;
    const ledger = client.signerFor({ id: 'l1', address, source: { kind: 'ledger', path: "m/44'/60'/0'/0/0" } });
    expect(await ledger.signAuthorization?.(authorization)).toMatchObject({ address: delegate, yParity: 0 });
    await ledger.signTransaction(setCode).catch(() => undefined);
    const external = { kind: 'external', walletName: 'MetaMask', rdns: 'io.metamask' } as const;
    for (const source of [deviceSource, external]) {
      const other = client.signerFor({ id: 'o1', address, source });
      await expect(other.signAuthorization?.(authorization)).rejects.toMatchObject({ code: 'SMART_SIGNER_CANNOT' });
      await expect(other.signTransaction(setCode)).rejects.toMatchObject({ code: 'SMART_SIGNER_CANNOT' });
    }
    expect(asked).toEqual(['ledger:authorization', 'ledger:transaction']);
  });
});
