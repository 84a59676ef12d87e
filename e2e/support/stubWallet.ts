// A stand-in wallet for testing the sample dApp page on its own: an EIP-1193 provider announced
// by EIP-6963 in every page of a context, answered from Node by a local viem account (real
// signatures) and canned chain data, with every request recorded. It is not Cairn and tests
// nothing of Cairn: it checks that the page sends what wagmi-style viem sends and shows what
// comes back.
import type { BrowserContext, Page } from 'playwright-core';
import { type Hex, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export const STUB_WALLET_NAME = 'Stub wallet';
/** Hardhat's first demo key: public, for tests only. */
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');

export type StubRequest = { method: string; params: unknown };
export type StubError = { code: number; message: string };

export type StubWallet = {
  address: Hex;
  requests: StubRequest[];
  /** The next request is refused with this error. */
  failNext(error: StubError): void;
  /** Emits a provider event in `page`. */
  emit(page: Page, event: string, data: unknown): Promise<void>;
};

type Info = { uuid: string; name: string; icon: string; rdns: string };

function installStubProvider(info: Info) {
  type Listener = (data: unknown) => void;
  const listeners = new Map<string, Set<Listener>>();
  const page = window as unknown as {
    __stubWalletRequest(text: string): Promise<string>;
    __stubWalletEmit(event: string, data: unknown): void;
  };
  const provider = {
    async request(args: { method: string; params?: unknown }) {
      const answer = JSON.parse(await page.__stubWalletRequest(JSON.stringify(args)));
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
      return answer.result;
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
  };
  page.__stubWalletEmit = (event, data) => {
    for (const listener of listeners.get(event) ?? []) listener(data);
  };
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

const receipt = (hash: string, block: number) => ({
  blockHash: `0x${'11'.repeat(32)}`,
  blockNumber: toHex(block),
  contractAddress: null,
  cumulativeGasUsed: '0x5208',
  effectiveGasPrice: '0x1',
  from: account.address,
  gasUsed: '0x5208',
  logs: [],
  logsBloom: `0x${'00'.repeat(256)}`,
  status: '0x1',
  to: account.address,
  transactionHash: hash,
  transactionIndex: '0x0',
  type: '0x2',
});

async function answer(method: string, params: unknown): Promise<unknown> {
  const list = Array.isArray(params) ? params : [];
  switch (method) {
    case 'eth_requestAccounts':
    case 'eth_accounts':
      return [account.address];
    case 'eth_chainId':
      return '0x7a69';
    case 'eth_blockNumber':
      return '0x5';
    case 'personal_sign':
      return account.signMessage({ message: { raw: list[0] as Hex } });
    case 'eth_signTypedData_v4':
      return account.signTypedData(JSON.parse(String(list[1])));
    case 'eth_sendTransaction':
      return `0x${'ab'.repeat(32)}`;
    case 'eth_getTransactionReceipt':
      return receipt(String(list[0]), 5);
    case 'wallet_sendCalls':
      return { id: `0x${'cd'.repeat(32)}` };
    case 'wallet_getCallsStatus':
      return {
        version: '2.0.0',
        id: list[0],
        chainId: '0x7a69',
        status: 200,
        atomic: false,
        receipts: [receipt(`0x${'01'.repeat(32)}`, 5), receipt(`0x${'02'.repeat(32)}`, 6)],
      };
    case 'wallet_switchEthereumChain':
    case 'wallet_addEthereumChain':
    case 'wallet_revokePermissions':
      return null;
    case 'wallet_watchAsset':
      return true;
    case 'wallet_getPermissions':
      return [{ parentCapability: 'eth_accounts', caveats: [] }];
    case 'wallet_getCapabilities':
      return { '0x7a69': { atomic: { status: 'unsupported' } } };
    default:
      throw { code: 4200, message: `The stub wallet does not offer ${method}.` };
  }
}

/** Announces the stub wallet in every page of `context`; call before opening pages. */
export async function installStubWallet(context: BrowserContext): Promise<StubWallet> {
  const requests: StubRequest[] = [];
  let failure: StubError | undefined;
  await context.exposeFunction('__stubWalletRequest', async (text: string) => {
    const { method, params } = JSON.parse(text) as StubRequest;
    requests.push({ method, params });
    if (failure) {
      const error = failure;
      failure = undefined;
      return JSON.stringify({ error });
    }
    try {
      return JSON.stringify({ result: await answer(method, params) });
    } catch (error) {
      return JSON.stringify({ error });
    }
  });
  const icon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="2" height="2"/></svg>')}`;
  const info: Info = {
    uuid: '00000000-0000-4000-8000-000000000001',
    name: STUB_WALLET_NAME,
    icon,
    rdns: 'test.stub.wallet',
  };
  await context.addInitScript({ content: `(${installStubProvider.toString()})(${JSON.stringify(info)});` });
  return {
    address: account.address,
    requests,
    failNext(error) {
      failure = error;
    },
    emit: (page, event, data) =>
      page.evaluate(
        ({ event, data }) =>
          (window as unknown as { __stubWalletEmit(event: string, data: unknown): void }).__stubWalletEmit(event, data),
        { event, data },
      ),
  };
}
