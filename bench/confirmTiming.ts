// Confirm → in the node's mempool, as the send and swap sections time it: in the page, from a DOM
// click on Confirm to the node's answer to Cairn's eth_sendRawTransaction (sendTrace.ts notes it);
// and the bare baseline, a viem send from Node through the same proxy, timed over the same span.
import type { Locator, Page } from 'playwright-core';
import { type Account, type Address, createPublicClient, createWalletClient, type Hex, http } from 'viem';
import { hardhat } from 'viem/chains';
import { inMempool } from './sendCalls.ts';
import { PAGE_WAIT_MS, within } from './wait.ts';

/** The page time of the click on Confirm, and the ms from it to the node's answer to the broadcast. */
export type ConfirmTiming = { clickAt: number; elapsed: number };

/**
 * Clicks `confirm` (in a page with SEND_TRACE_SCRIPT installed) and times, in the page, the click
 * to the node's answer to eth_sendRawTransaction: the transaction is then in its mempool.
 */
export async function timeConfirm(page: Page, confirm: Locator): Promise<ConfirmTiming> {
  await confirm.waitFor();
  // A DOM click, not Playwright's (which first waits two frames for the button to be stable).
  // Timed in the page from the click to the node's answer to eth_sendRawTransaction (it is
  // then in the mempool): the message that carries the click there takes 7–30 ms, which
  // earlier versions of this bench counted as Cairn's.
  const clickAt = await confirm.evaluate((button: HTMLElement) => {
    (globalThis as unknown as { __sendTraceArm(): void }).__sendTraceArm();
    const at = performance.now();
    button.click();
    return at;
  });
  const answeredAt = await within(
    "the node's answer to Cairn's eth_sendRawTransaction",
    PAGE_WAIT_MS,
    page.evaluate(() => (globalThis as unknown as { __broadcastAnswered: Promise<number> }).__broadcastAnswered),
  );
  return { clickAt, elapsed: answeredAt - clickAt };
}

/** The bare send's requests, in ms from its start. */
export type BareSteps = { reads: number; broadcastStart: number };

/** What the bare send is given: gas and fees are fixed, so viem estimates nothing. */
export type BareTransaction = { to: Address; value: bigint; data?: Hex; gas: bigint };

/**
 * A bare viem wallet client from Node through `proxyUrl` (chain id, pending nonce, sign,
 * eth_sendRawTransaction). `send` times sendTransaction to the node's answer, then waits until the
 * transaction is in `nodeUrl`'s mempool.
 */
export function bareSender(proxyUrl: string, nodeUrl: string, account: Account) {
  let start = 0;
  let reads = 0;
  let broadcast = 0;
  const wallet = createWalletClient({
    account,
    chain: hardhat,
    transport: http(proxyUrl, {
      onFetchRequest: (_request, init) => {
        if (String(init.body).includes('eth_sendRawTransaction')) broadcast = performance.now() - start;
      },
      onFetchResponse: () => {
        if (!broadcast) reads = performance.now() - start;
      },
    }),
  });
  const node = createPublicClient({ chain: hardhat, transport: http(nodeUrl) });
  return {
    async send(tx: BareTransaction): Promise<{ hash: Hex; elapsed: number; steps: BareSteps }> {
      const before = await node.getTransactionCount({ address: account.address, blockTag: 'pending' });
      reads = 0;
      broadcast = 0;
      start = performance.now();
      const hash = await wallet.sendTransaction({ ...tx, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n });
      const elapsed = performance.now() - start;
      await inMempool(nodeUrl, account.address, before);
      return { hash, elapsed, steps: { reads, broadcastStart: broadcast } };
    },
  };
}
