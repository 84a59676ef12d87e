// A request a spec sends to Cairn through the provider the sample dApp found, outside the page's
// buttons (params no viem action would send), and its answer as the page heard it.
import type { SampleDapp } from '../pages/SampleDapp.ts';

/** Asks Cairn through the provider the page found, outside the sample's buttons; the answer lands on `window[key]`. */
export async function askRaw(dapp: SampleDapp, key: string, method: string, params: unknown[]): Promise<void> {
  await dapp.page.evaluate(
    ({ key, method, params }) => {
      let provider: { request(args: unknown): Promise<unknown> } | undefined;
      window.addEventListener('eip6963:announceProvider', (event) => {
        const { info } = (event as CustomEvent).detail;
        if (info.name === 'Cairn') provider ??= (event as CustomEvent).detail.provider;
      });
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      Object.assign(window, {
        [key]: provider?.request({ method, params }).then(
          (result) => `ok ${JSON.stringify(result)}`,
          (error: { code: number; message: string }) => `Error ${error.code}: ${error.message}`,
        ),
      });
    },
    { key, method, params },
  );
}

/** The answer to what askRaw asked under `key`: "ok <JSON>" or "Error <code>: <message>". */
export const answerOf = (dapp: SampleDapp, key: string) =>
  dapp.page.evaluate((key) => (window as unknown as Record<string, Promise<string>>)[key], key);
