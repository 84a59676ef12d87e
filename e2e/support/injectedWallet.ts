// A browser wallet extension, for end-to-end tests of Cairn using one as an external signer: an
// EIP-1193 provider announced by EIP-6963 in every page of a context, whose requests are answered
// in Node by the software wallet (src/testing/softwareWallet.ts: its own key, its own network,
// sends through the local chain). Cairn's discovery, requests and checks run unchanged.
import type { BrowserContext } from 'playwright-core';
import type { SoftwareWallet } from '../../src/testing/softwareWallet.ts';

export type WalletInfo = { name: string; rdns: string };

/** Announces `wallet` in every page of `context`; call before opening pages. */
export async function installInjectedWallet(context: BrowserContext, wallet: SoftwareWallet, info: WalletInfo) {
  await context.exposeFunction('__injectedWalletRequest', async (text: string) => {
    const { method, params } = JSON.parse(text) as { method: string; params?: unknown };
    try {
      const result = await wallet.provider.request({ method, ...(params === undefined ? {} : { params }) });
      return JSON.stringify({ result: result ?? null });
    } catch (error) {
      const { code, message } = error as { code?: number; message?: string };
      return JSON.stringify({ error: { code: code ?? -32603, message: message ?? String(error) } });
    }
  });
  await context.addInitScript((walletInfo: WalletInfo) => {
    const page = window as unknown as { __injectedWalletRequest(text: string): Promise<string> };
    const provider = {
      async request(args: { method: string; params?: unknown }) {
        const answer = JSON.parse(await page.__injectedWalletRequest(JSON.stringify(args)));
        if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        return answer.result;
      },
      on() {},
      removeListener() {},
    };
    const info = { uuid: crypto.randomUUID(), icon: 'data:image/png;base64,', ...walletInfo };
    const announce = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  }, info);
}
