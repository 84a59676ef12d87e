// The networks whose transactions are followed: the header's always, another one while a record
// of it is still watched, looked for again at each nudge, and found by one read of the watched
// records alone (never every record of every configured network).
import { flushSync } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { selectedNetwork } from '@/core/session/sessionStore';
import type { TxRecord } from '@/core/tx/record';
import { nudgeTracking } from '@/lib/send/trackingNudge';
import { screenTestWallet } from '@/testing/screenTestWallet';
import { useTrackedNetworks } from './useTransactionTracker';

const poll = { timeout: 4_000, interval: 10 };
const ADDRESS = '0x00000000000000000000000000000000000000aa';

const setUp = screenTestWallet();
const wallet = () => setUp.wallet;

function Tracked() {
  const { networks } = useTrackedNetworks();
  return <p>{networks.map((n) => n.id).join(' ')}</p>;
}

const shown = () => document.querySelector('p')?.textContent;

function recordOn(networkId: string, status: TxRecord['status'], confirmations: number): TxRecord {
  const network = wallet()
    .store.getState()
    .networks.find((n) => n.id === networkId);
  if (!network) throw new Error(`no ${networkId} network`);
  return {
    id: `${networkId}-1`,
    kind: 'transfer',
    networkId,
    chainId: network.chainId,
    from: ADDRESS,
    nonce: 0,
    to: ADDRESS,
    value: 1n,
    data: '0x',
    gas: 21_000n,
    fees: { kind: 'eip1559', maxFeePerGas: 2n, maxPriorityFeePerGas: 1n },
    hash: `0x${'12'.repeat(32)}`,
    raw: '0x02f8',
    intent: undefined,
    status,
    createdAt: 1,
    updatedAt: 1,
    revision: 0,
    replaces: undefined,
    replacedBy: undefined,
    blockNumber: status === 'pending' ? undefined : 5n,
    confirmations,
    failureReason: undefined,
    broadcastError: undefined,
    lastBroadcastAt: undefined,
  };
}

describe('the networks whose transactions are followed', () => {
  it('adds a network while a record of it is watched, through one read of the watched records alone', async () => {
    const header = selectedNetwork(wallet().store.getState()).id;
    const store = wallet().storage.transactions;
    // A settled record on the header's network, never read to decide anything.
    await store.put({ ...recordOn(header, 'confirmed', 40), id: 'settled' });
    const watched = vi.spyOn(store, 'watched');
    const forChain = vi.spyOn(store, 'forChain');
    const forAccount = vi.spyOn(store, 'forAccount');
    setUp.show(<Tracked />);
    await expect.poll(() => watched.mock.calls.length, poll).toBe(1);
    expect(shown()).toBe(header);

    await store.put(recordOn('base', 'pending', 0));
    flushSync(() => nudgeTracking());
    await expect.poll(shown, poll).toBe(`${header} base`);
    expect(watched).toHaveBeenCalledTimes(2);
    // Every look read only the watched records: the settled one never among what it was given.
    for (const result of watched.mock.results)
      expect((await result.value).map((r: TxRecord) => r.id)).not.toContain('settled');

    // Final on Base: followed no longer once the next look finds nothing watched there.
    await store.put(recordOn('base', 'confirmed', 12));
    flushSync(() => nudgeTracking());
    await expect.poll(shown, poll).toBe(header);
    expect(watched).toHaveBeenCalledTimes(3);
    expect(forChain).not.toHaveBeenCalled();
    expect(forAccount).not.toHaveBeenCalled();
  });
});
