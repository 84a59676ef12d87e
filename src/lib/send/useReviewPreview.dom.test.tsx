// The hold a review's preview puts on Confirm, wired as a site's window wires it: the preview is
// read on a node (a fake one, answering through fetch), the shared head follower polls it, and at
// a new block the preview is simulated again; a change that matters holds Confirm until the
// person acknowledges it, and one that does not lets it through.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { type Address, pad, parseGwei, toHex } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedNetwork } from '@/core/session/sessionStore';
import type { UnsignedTransaction } from '@/core/simulation/types';
import { FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { createTestWallet, type TestWallet, TestWalletProviders } from '@/testing/testWallet';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { type ReviewPreview, useReviewPreview } from './useTransactionPreview';

const ME = TEST_ADDRESS_0 as Address;
const EVADER: Address = '0xc100000000000000000000000000000000000002';
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const tx: UnsignedTransaction = {
  from: ME,
  to: EVADER,
  value: 1000n,
  data: '0x',
  gas: 60_000n,
  nonce: 0,
  maxFeePerGas: parseGwei('3'),
  maxPriorityFeePerGas: parseGwei('1'),
};

const native = (from: Address, to: Address, value: bigint) => ({
  address: NATIVE,
  topics: [TRANSFER, pad(from), pad(to)],
  data: pad(toHex(value)),
});

/** How much of the deposit the node's eth_simulateV1 shows coming back, and whether it fails. */
const evader = { back: 1000n, failing: false };
let block = { ...FAKE_BLOCK };

/** The local network's node: eth_simulateV1 shows the deposit and what comes back; nothing else is offered. */
function answer(method: string, params: unknown[]): unknown {
  if (method !== 'eth_simulateV1') throw { code: -32601, message: `the method ${method} does not exist` };
  const [{ blockStateCalls }] = params as [{ blockStateCalls: { calls: unknown[] }[] }];
  if ((blockStateCalls[0]?.calls.length ?? 0) === 0) return [{ calls: [] }];
  if (evader.failing) throw { code: -32000, message: 'the node is overloaded' };
  const logs = [native(ME, EVADER, 1000n), ...(evader.back > 0n ? [native(EVADER, ME, evader.back)] : [])];
  return [{ calls: [{ status: '0x1', gasUsed: '0x5208', returnData: '0x', logs }] }];
}

let wallet: TestWallet;
const roots: (() => void)[] = [];
beforeEach(async () => {
  evader.back = 1000n;
  evader.failing = false;
  block = { ...FAKE_BLOCK };
  wallet = await createTestWallet();
  const network = selectedNetwork(wallet.store.getState());
  vi.stubGlobal('fetch', fakeSimulationNode(answer, { block, chainId: network.chainId }).fetch);
});
afterEach(() => {
  for (const unmount of roots.splice(0)) unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

function Probe({ seen }: { seen: ReviewPreview[] }) {
  const network = selectedNetwork(wallet.store.getState());
  seen.push(useReviewPreview(network, tx, undefined, { site: true }));
  return null;
}

function render(seen: ReviewPreview[]) {
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  roots.push(() => root.unmount());
  flushSync(() =>
    root.render(
      <TestWalletProviders wallet={wallet}>
        <Probe seen={seen} />
      </TestWalletProviders>,
    ),
  );
}

const poll = { timeout: 15_000, interval: 50 };
const comesBack = (review: ReviewPreview | undefined): bigint | undefined => {
  const mine = review?.preview.data?.result.changes.find(
    (c) => c.kind === 'native' && c.address.toLowerCase() === ME.toLowerCase(),
  );
  return mine?.kind === 'native' ? mine.in : undefined;
};

describe('a site window’s review, followed block by block', () => {
  it('holds Confirm when a new block’s preview keeps the deposit, until the person acknowledges it', async () => {
    const seen: ReviewPreview[] = [];
    render(seen);
    await expect.poll(() => comesBack(seen.at(-1)), poll).toBe(1000n);
    expect(seen.at(-1)?.heldBack).toBe(false);

    // At the next block the contract keeps the coin: the preview read again says so.
    evader.back = 0n;
    block.number = 101n;
    await expect.poll(() => seen.at(-1)?.preview.data?.result.block, poll).toBe(101n);
    expect(seen.at(-1)).toMatchObject({ heldBack: true, follow: { changed: true, changeAcknowledged: false } });

    flushSync(() => seen.at(-1)?.follow.onAcknowledgeChange(true));
    expect(seen.at(-1)).toMatchObject({ heldBack: false, follow: { changed: true, changeAcknowledged: true } });
  }, 30_000);

  it('lets Confirm through when a new block moves what comes back by less than the tolerance', async () => {
    const seen: ReviewPreview[] = [];
    render(seen);
    await expect.poll(() => comesBack(seen.at(-1)), poll).toBe(1000n);
    evader.back = 995n;
    block.number = 101n;
    await expect.poll(() => comesBack(seen.at(-1)), poll).toBe(995n);
    expect(seen.at(-1)).toMatchObject({ heldBack: false, follow: { changed: false } });
  }, 30_000);

  it('holds Confirm on a preview blocks behind that could not be read again, until the person sends without one', async () => {
    const seen: ReviewPreview[] = [];
    render(seen);
    await expect.poll(() => comesBack(seen.at(-1)), poll).toBe(1000n);
    evader.failing = true;
    block.number = 110n;
    // Behind by more than three blocks and three block times (3 s on the local chain).
    await expect.poll(() => seen.at(-1)?.follow.outdated, poll).toBe(true);
    expect(seen.at(-1)).toMatchObject({ heldBack: true, follow: { stale: false } });
    flushSync(() => seen.at(-1)?.follow.onAcknowledgeOutdated(true));
    expect(seen.at(-1)).toMatchObject({ heldBack: false, follow: { outdatedAcknowledged: true } });
  }, 30_000);
});
