import { describe, expect, it, vi } from 'vitest';
import type { CairnProvider } from '../connector/provider';
import { addMetaMaskCompat } from './metaMaskCompat';

type Legacy = CairnProvider & {
  isMetaMask: boolean;
  _metamask: { isUnlocked(): Promise<boolean> };
  selectedAddress: string | null;
  chainId: string | null;
  networkVersion: string | null;
  isConnected(): boolean;
  enable(): Promise<unknown>;
  send(method: string, params?: unknown[]): Promise<unknown>;
  send(payload: object, callback: (error: unknown, response?: unknown) => void): void;
  sendAsync(payload: object | object[], callback: (error: unknown, response?: unknown) => void): void;
};

const ALICE = '0x00000000000000000000000000000000000a11ce';
const BOB = '0x0000000000000000000000000000000000000b0b';
const refusal = Object.assign(new Error('The person refused.'), { code: 4001 });

/** A provider that answers from `answers` (a function of the method, or a refusal for one it lacks). */
function fakeProvider(answers: Record<string, unknown> = {}) {
  const listeners = new Map<string, ((value: never) => void)[]>();
  const request = vi.fn(async ({ method }: { method: string; params?: unknown }) => {
    if (!(method in answers)) throw refusal;
    return answers[method];
  });
  const provider = {
    isCairn: true,
    request,
    on(event: string, listener: (value: never) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return provider;
    },
  };
  const emit = (event: string, value: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(value as never);
  };
  addMetaMaskCompat(provider as unknown as CairnProvider);
  return { legacy: provider as unknown as Legacy, request, emit };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The callback's two arguments, once it is called. */
const called = (call: (callback: (error: unknown, response?: unknown) => void) => void) =>
  new Promise<[unknown, unknown]>((resolve) => call((error, response) => resolve([error, response])));

describe('addMetaMaskCompat', () => {
  it('says isMetaMask and stays Cairn', () => {
    const { legacy } = fakeProvider();
    expect(legacy.isMetaMask).toBe(true);
    expect(legacy.isCairn).toBe(true);
    expect(legacy.isConnected()).toBe(true);
  });

  it('asks nothing until a legacy property is first read (most pages never use a wallet)', async () => {
    const { legacy, request } = fakeProvider({ eth_accounts: [ALICE], eth_chainId: '0x89' });
    await settle();
    expect(request).not.toHaveBeenCalled();
    // As MetaMask's: null until the provider has answered.
    expect(legacy.selectedAddress).toBeNull();
    await settle();
    expect(legacy.selectedAddress).toBe(ALICE);
  });

  it('starts from what the provider answers for accounts and chain', async () => {
    const { legacy } = fakeProvider({ eth_accounts: [ALICE], eth_chainId: '0x89' });
    void legacy.selectedAddress;
    await settle();
    expect(legacy.selectedAddress).toBe(ALICE);
    expect(legacy.chainId).toBe('0x89');
    expect(legacy.networkVersion).toBe('137');
    expect(await legacy._metamask.isUnlocked()).toBe(true);
  });

  it('knows nothing before a site is connected', async () => {
    const { legacy } = fakeProvider();
    void legacy.selectedAddress;
    await settle();
    expect(legacy.selectedAddress).toBeNull();
    expect(legacy.chainId).toBeNull();
    expect(legacy.networkVersion).toBeNull();
    expect(await legacy._metamask.isUnlocked()).toBe(false);
  });

  it('follows accountsChanged and chainChanged', async () => {
    const { legacy, emit } = fakeProvider({ eth_accounts: [ALICE], eth_chainId: '0x1' });
    void legacy.chainId;
    await settle();
    emit('accountsChanged', [BOB, ALICE]);
    emit('chainChanged', '0xa');
    expect(legacy.selectedAddress).toBe(BOB);
    expect(legacy.chainId).toBe('0xa');
    expect(legacy.networkVersion).toBe('10');
    emit('accountsChanged', []);
    expect(legacy.selectedAddress).toBeNull();
  });

  it('enable() asks for accounts', async () => {
    const { legacy, request } = fakeProvider({ eth_requestAccounts: [ALICE] });
    expect(await legacy.enable()).toEqual([ALICE]);
    expect(request).toHaveBeenCalledWith({ method: 'eth_requestAccounts' });
  });

  it('send(method, params) is a request', async () => {
    const { legacy, request } = fakeProvider({ eth_getBalance: '0x1' });
    expect(await legacy.send('eth_getBalance', [ALICE, 'latest'])).toBe('0x1');
    expect(request).toHaveBeenCalledWith({ method: 'eth_getBalance', params: [ALICE, 'latest'] });
    await expect(legacy.send('eth_sign', [])).rejects.toBe(refusal);
  });

  it('send(payload, callback) answers as sendAsync', async () => {
    const { legacy } = fakeProvider({ eth_chainId: '0x1' });
    const [error, response] = await called((cb) => legacy.send({ id: 3, jsonrpc: '2.0', method: 'eth_chainId' }, cb));
    expect(error).toBeNull();
    expect(response).toEqual({ id: 3, jsonrpc: '2.0', result: '0x1' });
  });

  it('sendAsync answers one payload with its id', async () => {
    const { legacy, request } = fakeProvider({ eth_blockNumber: '0x10' });
    const [error, response] = await called((cb) =>
      legacy.sendAsync({ id: 'a', jsonrpc: '2.0', method: 'eth_blockNumber', params: [] }, cb),
    );
    expect(error).toBeNull();
    expect(response).toEqual({ id: 'a', jsonrpc: '2.0', result: '0x10' });
    expect(request).toHaveBeenCalledWith({ method: 'eth_blockNumber', params: [] });
  });

  it('sendAsync hands a refusal to the callback as the error and in the response', async () => {
    const { legacy } = fakeProvider();
    const [error, response] = await called((cb) => legacy.sendAsync({ id: 9, method: 'eth_sign', params: [] }, cb));
    expect(error).toBe(refusal);
    expect(response).toEqual({ id: 9, jsonrpc: '2.0', error: refusal });
  });

  it('sendAsync answers a batch in order, each with its id and its result or error', async () => {
    const { legacy } = fakeProvider({ eth_chainId: '0x1', eth_blockNumber: '0x10' });
    const [error, response] = await called((cb) =>
      legacy.sendAsync(
        [
          { id: 1, method: 'eth_chainId' },
          { id: 2, method: 'eth_sign' },
          { id: 3, method: 'eth_blockNumber' },
        ],
        cb,
      ),
    );
    expect(error).toBeNull();
    expect(response).toEqual([
      { id: 1, jsonrpc: '2.0', result: '0x1' },
      { id: 2, jsonrpc: '2.0', error: refusal },
      { id: 3, jsonrpc: '2.0', result: '0x10' },
    ]);
  });
});
