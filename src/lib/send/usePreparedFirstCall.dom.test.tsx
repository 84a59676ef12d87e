import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInNetworks, type Network } from '@/core/chain/networks';
import type { CallToSend } from '@/core/tx/preparedCalls';
import { usePreparedFirstCall } from './usePreparedFirstCall';

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CALLS: CallToSend[] = [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n, data: '0x' }];
// Two networks on one chain (another RPC URL), their nodes out of reach (fetch fails below).
const [local] = builtInNetworks('http://127.0.0.1:9/') as [Network];
const sameChain: Network = { ...local, id: 'local-2', rpcUrls: ['http://127.0.0.1:7/'] };

type Seen = ReturnType<typeof usePreparedFirstCall> & { network: string | undefined };

function Probe({ network, seen }: { network: Network | undefined; seen: Seen[] }) {
  seen.push({ ...usePreparedFirstCall(network, FROM, CALLS), network: network?.id });
  return null;
}

const roots: (() => void)[] = [];
beforeEach(() => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
});
afterEach(() => {
  for (const unmount of roots.splice(0)) unmount();
  vi.unstubAllGlobals();
});

function render(network: Network | undefined, seen: Seen[]) {
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  roots.push(() => root.unmount());
  flushSync(() => root.render(<Probe network={network} seen={seen} />));
  return (next: Network | undefined) => flushSync(() => root.render(<Probe network={next} seen={seen} />));
}

describe('usePreparedFirstCall', () => {
  it('never gives what it prepared, or why it could not, beside another network, even on the same chain', async () => {
    const seen: Seen[] = [];
    const rerender = render(local, seen);
    await expect.poll(() => seen.at(-1)?.problem, { timeout: 20_000, interval: 50 }).toEqual(expect.any(String));
    const before = seen.length;
    rerender(sameChain);
    const after = seen.slice(before);
    expect(after.length).toBeGreaterThan(0);
    for (const render of after) expect(render).toEqual({ network: 'local-2', prepared: undefined, problem: undefined });
    // Then what this network's node says.
    await expect.poll(() => seen.at(-1)?.problem, { timeout: 20_000, interval: 50 }).toEqual(expect.any(String));
    rerender(undefined);
    expect(seen.at(-1)).toEqual({ network: undefined, prepared: undefined, problem: undefined });
  }, 30_000);
});
