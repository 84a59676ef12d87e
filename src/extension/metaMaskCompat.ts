import type { CairnProvider } from '../connector/provider';

type Callback = (error: unknown, response?: unknown) => void;
type Payload = { id?: unknown; jsonrpc?: unknown; method: string; params?: unknown };

/**
 * MetaMask compatibility (on by default in the extension, see docs/dapp-connector.md): many dApps,
 * MetaMask's own test dApp among them, enable their buttons only for a provider that says
 * `isMetaMask`, and older ones use the legacy calls of MetaMask's provider (enable, send,
 * sendAsync, selectedAddress, chainId, networkVersion). Adds them to `provider` itself, so the
 * provider EIP-6963 announces (still named Cairn, still `isCairn`) and window.ethereum are one.
 */
export function addMetaMaskCompat(provider: CairnProvider): void {
  let accounts: string[] = [];
  let chainId: string | null = null;
  let following = false;
  // Followed from the first use of a legacy property or call, not at the page's start: the
  // provider (lazyProvider.ts) is made only when a page uses it. As MetaMask's, the values are
  // null until the provider has answered.
  const follow = () => {
    if (following) return;
    following = true;
    provider.on('accountsChanged', (list) => (accounts = [...list]));
    provider.on('chainChanged', (id) => (chainId = id));
    provider.request({ method: 'eth_accounts' }).then((list) => (accounts = list as string[]), ignore);
    provider.request({ method: 'eth_chainId' }).then((id) => (chainId = id as string), ignore);
  };
  const followed =
    <T>(value: () => T) =>
    () => {
      follow();
      return value();
    };
  const asPayload = (payload: Payload, result: Promise<unknown>) =>
    result.then(
      (value) => ({ id: payload.id, jsonrpc: '2.0', result: value }),
      (error: unknown) => ({ id: payload.id, jsonrpc: '2.0', error }),
    );
  const sendAsync = (payload: Payload | Payload[], callback: Callback) => {
    follow();
    const one = (p: Payload) => asPayload(p, provider.request({ method: p.method, params: p.params as unknown[] }));
    const answers = Array.isArray(payload) ? Promise.all(payload.map(one)) : one(payload);
    answers.then((response) => callback(Object(response).error ?? null, response), callback);
  };
  Object.defineProperties(provider, {
    isMetaMask: { value: true, enumerable: true },
    _metamask: {
      value: Object.freeze({
        isUnlocked: () =>
          provider.request({ method: 'eth_accounts' }).then(
            (list) => (list as string[]).length > 0,
            () => false,
          ),
      }),
    },
    selectedAddress: { get: followed(() => accounts[0] ?? null), enumerable: true },
    chainId: { get: followed(() => chainId), enumerable: true },
    networkVersion: { get: followed(() => (chainId ? String(Number(chainId)) : null)), enumerable: true },
    isConnected: { value: () => true },
    enable: { value: followed(() => provider.request({ method: 'eth_requestAccounts' })) },
    sendAsync: { value: sendAsync },
    // send(method, params) → Promise; send(payload, callback) as sendAsync.
    send: {
      value(methodOrPayload: string | Payload, paramsOrCallback?: unknown) {
        follow();
        // MetaMask's synchronous send(payload) is gone from MetaMask too: say what to use instead.
        if (typeof methodOrPayload !== 'string' && typeof paramsOrCallback !== 'function')
          throw new Error('Cairn answers no request synchronously: use request(), or send(payload, callback).');
        return typeof methodOrPayload === 'string'
          ? provider.request({ method: methodOrPayload, params: paramsOrCallback as unknown[] })
          : sendAsync(methodOrPayload, paramsOrCallback as Callback);
      },
    },
  });
}

const ignore = () => {};
