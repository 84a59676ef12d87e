// The hold a review's preview puts on Confirm, wired as a site's window wires it: the preview is
// read on a node (a fake one, answering through fetch), the shared head follower polls it, and at
// a new block the preview is simulated again; a change that matters holds Confirm until the
// person acknowledges it, and one that does not lets it through.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { type Address, pad, parseGwei, toHex } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { builtInNetworks, type Network } from '@/core/chain/networks';
import type { SessionStore } from '@/core/session/sessionStore';
import type { UnsignedTransaction } from '@/core/simulation/types';
import type { VaultClient } from '@/core/vault/shared/vaultClient';
import { SessionProvider } from './session';
import { type ReviewPreview, useReviewPreview } from './useTransactionPreview';
import { VaultProvider } from './vault';

const ME: Address = '0xc000000000000000000000000000000000000001';
const EVADER: Address = '0xc100000000000000000000000000000000000002';
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const [local] = builtInNetworks('http://node.test/') as [Network];
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

/** The fake node's head, and how much of the deposit its eth_simulateV1 shows coming back. */
const node = { head: 100n, back: 1000n as bigint, failing: false };

const native = (from: Address, to: Address, value: bigint) => ({
  address: NATIVE,
  topics: [TRANSFER, pad(from), pad(to)],
  data: pad(toHex(value)),
});

function answer(method: string, params: unknown[]): unknown {
  switch (method) {
    case 'eth_chainId':
      return toHex(local.chainId);
    case 'eth_blockNumber':
      return toHex(node.head);
    case 'eth_getBlockByNumber':
      return {
        number: toHex(node.head),
        hash: pad(toHex(node.head)),
        timestamp: toHex(4_000_000_000n + node.head),
        gasLimit: toHex(30_000_000n),
        gasUsed: '0x0',
        baseFeePerGas: toHex(parseGwei('1')),
      };
    case 'eth_feeHistory':
      return { baseFeePerGas: [toHex(parseGwei('1')), toHex(parseGwei('1'))] };
    case 'eth_getBalance':
      return toHex(10n ** 18n);
    case 'eth_simulateV1': {
      const [{ blockStateCalls }] = params as [{ blockStateCalls: { calls: unknown[] }[] }];
      if ((blockStateCalls[0]?.calls.length ?? 0) === 0) return [{ calls: [] }];
      if (node.failing) throw { code: -32000, message: 'the node is overloaded' };
      const logs = [native(ME, EVADER, 1000n), ...(node.back > 0n ? [native(EVADER, ME, node.back)] : [])];
      return [{ calls: [{ status: '0x1', gasUsed: '0x5208', returnData: '0x', logs }] }];
    }
    default:
      throw { code: -32601, message: `the method ${method} does not exist` };
  }
}

/** A JSON-RPC node at local's URL, through fetch: single requests and batches. */
async function fakeFetch(_url: unknown, init?: { body?: unknown }): Promise<Response> {
  const body = JSON.parse(String(init?.body)) as
    | { id: number; method: string; params: unknown[] }
    | { id: number; method: string; params: unknown[] }[];
  const one = ({ id, method, params }: { id: number; method: string; params: unknown[] }) => {
    try {
      return { jsonrpc: '2.0', id, result: answer(method, params ?? []) };
    } catch (error) {
      return { jsonrpc: '2.0', id, error };
    }
  };
  const reply = Array.isArray(body) ? body.map(one) : one(body);
  return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
}

const roots: (() => void)[] = [];
beforeEach(() => {
  node.head = 100n;
  node.back = 1000n;
  node.failing = false;
  vi.stubGlobal('fetch', fakeFetch);
});
afterEach(() => {
  for (const unmount of roots.splice(0)) unmount();
  vi.unstubAllGlobals();
});

function Probe({ seen }: { seen: ReviewPreview[] }) {
  seen.push(useReviewPreview(local, tx, undefined, { site: true }));
  return null;
}

function render(seen: ReviewPreview[]) {
  const session = createStore(() => ({ savedAbis: {}, customTokens: {} })) as unknown as SessionStore;
  const vault = { store: createStore(() => ({ accounts: [] })) } as unknown as VaultClient;
  const queries = new QueryClient();
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  roots.push(() => root.unmount());
  flushSync(() =>
    root.render(
      <QueryClientProvider client={queries}>
        <SessionProvider store={session}>
          <VaultProvider client={vault}>
            <Probe seen={seen} />
          </VaultProvider>
        </SessionProvider>
      </QueryClientProvider>,
    ),
  );
}

const poll = { timeout: 15_000, interval: 50 };
const comesBack = (review: ReviewPreview | undefined): bigint | undefined => {
  const mine = review?.preview.data?.result.changes.find((c) => c.kind === 'native' && c.address.toLowerCase() === ME);
  return mine?.kind === 'native' ? mine.in : undefined;
};

describe('a site window’s review, followed block by block', () => {
  it('holds Confirm when a new block’s preview keeps the deposit, until the person acknowledges it', async () => {
    const seen: ReviewPreview[] = [];
    render(seen);
    await expect.poll(() => comesBack(seen.at(-1)), poll).toBe(1000n);
    expect(seen.at(-1)?.heldBack).toBe(false);

    // At the next block the contract keeps the coin: the preview read again says so.
    node.back = 0n;
    node.head = 101n;
    await expect.poll(() => seen.at(-1)?.preview.data?.result.block, poll).toBe(101n);
    expect(seen.at(-1)).toMatchObject({ heldBack: true, follow: { changed: true, changeAcknowledged: false } });

    flushSync(() => seen.at(-1)?.follow.onAcknowledgeChange(true));
    expect(seen.at(-1)).toMatchObject({ heldBack: false, follow: { changed: true, changeAcknowledged: true } });
  }, 30_000);

  it('lets Confirm through when a new block moves what comes back by less than the tolerance', async () => {
    const seen: ReviewPreview[] = [];
    render(seen);
    await expect.poll(() => comesBack(seen.at(-1)), poll).toBe(1000n);
    node.back = 995n;
    node.head = 101n;
    await expect.poll(() => comesBack(seen.at(-1)), poll).toBe(995n);
    expect(seen.at(-1)).toMatchObject({ heldBack: false, follow: { changed: false } });
  }, 30_000);

  it('holds Confirm on a preview blocks behind that could not be read again, until the person sends without one', async () => {
    const seen: ReviewPreview[] = [];
    render(seen);
    await expect.poll(() => comesBack(seen.at(-1)), poll).toBe(1000n);
    node.failing = true;
    node.head = 110n;
    // Behind by more than three blocks and three block times (3 s on the local chain).
    await expect.poll(() => seen.at(-1)?.follow.outdated, poll).toBe(true);
    expect(seen.at(-1)).toMatchObject({ heldBack: true, follow: { stale: false } });
    flushSync(() => seen.at(-1)?.follow.onAcknowledgeOutdated(true));
    expect(seen.at(-1)).toMatchObject({ heldBack: false, follow: { outdatedAcknowledged: true } });
  }, 30_000);
});
