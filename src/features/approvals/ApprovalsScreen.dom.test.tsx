// The Approvals screen while a first scan runs, rendered over a whole test wallet and a fake node
// (through fetch) at block 99,999 that refuses log ranges over 10,000 blocks: the screen shows a
// labelled progress bar with the blocks searched of all, moving as the scan reads, then the list.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedNetwork } from '@/core/session/sessionStore';
import { FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { statuses } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { ApprovalsScreen } from './ApprovalsScreen';

const HEAD = 99_999n;
const LABEL = 'Searching the chain for this account’s approval events';
const poll = { timeout: 4_000, interval: 10 };

/** The first eth_getLogs from block 50,000 on waits until the test lets it go; it starts at `heldFrom`. */
let heldFrom: bigint | undefined;
let release: () => void = () => undefined;
let held: Promise<void>;

async function answer(method: string, params: unknown[]): Promise<unknown> {
  switch (method) {
    case 'eth_getTransactionCount':
      return '0x1';
    case 'eth_getCode':
      return '0x';
    case 'eth_getLogs': {
      const [{ fromBlock, toBlock }] = params as [{ fromBlock: string; toBlock: string }];
      if (BigInt(toBlock) - BigInt(fromBlock) + 1n > 10_000n) throw { code: -32005, message: 'block range too large' };
      if (heldFrom === undefined && BigInt(fromBlock) >= 50_000n) heldFrom = BigInt(fromBlock);
      if (BigInt(fromBlock) === heldFrom) await held;
      return [];
    }
    default:
      throw { code: -32601, message: `the method ${method} does not exist` };
  }
}

/** The progress bar the screen shows, found as assistive technology finds it: by its name. */
function progressBar(): HTMLProgressElement | undefined {
  return [...document.querySelectorAll('progress')].find(
    (bar) => document.getElementById(bar.getAttribute('aria-labelledby') ?? '')?.textContent === LABEL,
  );
}

let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  heldFrom = undefined;
  held = new Promise((resolve) => {
    release = resolve;
  });
  wallet = await createTestWallet();
  const network = selectedNetwork(wallet.store.getState());
  const block = { ...FAKE_BLOCK, number: HEAD };
  vi.stubGlobal('fetch', fakeSimulationNode(answer, { block, chainId: network.chainId }).fetch);
});
afterEach(() => {
  release();
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

describe('the Approvals screen’s first scan', () => {
  it('shows the blocks searched of all in a labelled progress bar, then the approvals found', async () => {
    unmount = renderInWallet(wallet, <ApprovalsScreen />).unmount;
    // Held past halfway, in spans the node's refusals made smaller: every block before is read.
    await expect.poll(() => heldFrom, poll).toBeDefined();
    const done = heldFrom as bigint;
    const words = `blocks ${done.toLocaleString('en')} of 100,000`;
    await expect.poll(() => progressBar()?.getAttribute('aria-valuetext'), poll).toBe(words);
    const bar = progressBar() as HTMLProgressElement;
    expect(bar.value).toBeCloseTo(Number(done) / 100_000, 4);
    expect(bar.max).toBe(1);
    expect(statuses()).toContain(LABEL);
    expect(document.body.textContent).toContain(words);

    release();
    await expect.poll(() => document.body.textContent, poll).toContain('No approvals in force');
    expect(progressBar()).toBeUndefined();
  });
});
