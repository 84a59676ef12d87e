import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { memoryActivityStore } from '@/core/activity/activityStore';
import { syncStatusKey } from '@/core/activity/syncStatus';
import { memoryApprovalStore } from '@/core/approvals/approvalStore';
import { localNetwork, type Network } from '@/core/chain/networks';
import { startFakeExplorer } from '@/testing/fakeExplorer';
import { localChainUrl } from '@/testing/localChainUrl';
import { demoAddress } from '../../devchain/seed.ts';

const url = localChainUrl();
let counter = 0;
const network = (rpc: string): Network => ({ ...localNetwork(rpc), id: `history-sync-${counter++}` });

describe("the app's history sync against the local node", () => {
  it('syncs an account, then scans its approvals, and says what it wrote', async () => {
    const { startHistorySync } = await import('./windowHistorySync');
    const stores = { activity: memoryActivityStore(), approvals: memoryApprovalStore() };
    const history = startHistorySync(stores, () => undefined);
    const net = network(url);
    const account = demoAddress(0);
    const written: Address[] = [];
    history.onWritten((_, address) => written.push(address));

    await history.request(net, account);
    const status = history.status.getState().byKey[syncStatusKey(net.id, account)];
    expect(status?.error).toBeUndefined();
    expect(status?.syncedTo).toBeGreaterThan(0n);
    expect((await stores.activity.items(net.chainId, account)).length).toBeGreaterThan(0);
    expect(await stores.approvals.state(net.chainId, account)).toMatchObject({ headNumber: status?.syncedTo });
    expect(written).toEqual([account]);

    // Nothing new: nothing written, nobody told.
    await history.request(net, account);
    expect(written).toHaveLength(1);
  });

  it('reads the explorer the person set for the network when a sync starts', async () => {
    const { startHistorySync } = await import('./windowHistorySync');
    const explorer = await startFakeExplorer(url);
    try {
      const net: Network = { ...network(url), kind: 'custom' };
      const stores = { activity: memoryActivityStore(), approvals: memoryApprovalStore() };
      let configured: { baseUrl: string; apiKey: string } | undefined;
      const history = startHistorySync(stores, (id) => (id === net.id ? configured : undefined));
      const account = demoAddress(0);
      await history.request(net, account);
      const native = async () =>
        (await stores.activity.items(net.chainId, account)).filter((i) => i.source === 'explorer').length;
      expect(await native()).toBe(0);
      configured = { baseUrl: explorer.url, apiKey: explorer.apiKey };
      await history.request(net, account);
      expect(await native()).toBeGreaterThan(0);
    } finally {
      await explorer.close();
    }
  });
});
