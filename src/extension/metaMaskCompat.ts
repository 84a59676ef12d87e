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
  const track = () => {
    provider.request({ method: 'eth_accounts' }).then((list) => (accounts = list as string[]), ignore);
    provider.request({ method: 'eth_chainId' }).then((id) => (chainId = id as string), ignore);
  };
  provider.on('accountsChanged', (list) => (accounts = [...list]));
  provider.on('chainChanged', (id) => (chainId = id));
  const asPayload = (payload: Payload, result: Promise<unknown>) =>
    result.then(
      (value) => ({ id: payload.id, jsonrpc: '2.0', result: value }),
      (error: unknown) => ({ id: payload.id, jsonrpc: '2.0', error }),
    );
  const sendAsync = (payload: Payload | Payload[], callback: Callback) => {
    const one = (p: Payload) => asPayload(p, provider.request({ method: p.method, params: p.params as unknown[] }));
    const answers = Array.isArray(payload) ? Promise.all(payload.map(one)) : one(payload);
    answers.then((response) => callback(Object(response).error ?? null, response), callback);
  };
  Object.defineProperties(provider, {
    isMetaMask: { value: true, enumerable: true },
    _metamask: { value: Object.freeze({ isUnlocked: async () => accounts.length > 0 }) },
    selectedAddress: { get: () => accounts[0] ?? null, enumerable: true },
    chainId: { get: () => chainId, enumerable: true },
    networkVersion: { get: () => (chainId ? String(Number(chainId)) : null), enumerable: true },
    isConnected: { value: () => true },
    enable: { value: () => provider.request({ method: 'eth_requestAccounts' }) },
    sendAsync: { value: sendAsync },
    // send(method, params) → Promise; send(payload, callback) as sendAsync.
    send: {
      value: (methodOrPayload: string | Payload, paramsOrCallback?: unknown) =>
        typeof methodOrPayload === 'string'
          ? provider.request({ method: methodOrPayload, params: paramsOrCallback as unknown[] })
          : sendAsync(methodOrPayload, paramsOrCallback as Callback),
    },
  });
  track();
}

const ignore = () => {};
