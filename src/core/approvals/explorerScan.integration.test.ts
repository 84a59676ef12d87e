// The approvals scan through the person's explorer (logs/getLogs by topic) on the local node:
// the same events as the node's eth_getLogs, in a few explorer requests and no log reads from
// the node; an explorer that refuses the key leaves the node to read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { demoAddress } from '../../../devchain/seedSupport.ts';
import { type FakeExplorer, startFakeExplorer } from '../../testing/fakeExplorer';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { memoryApprovalStore } from './approvalStore';
import { scanApprovals } from './scanApprovals';

const url = localChainUrl();
const client = chainClient({ ...localNetwork(url), id: 'approvals-explorer-test' });
// Demo account 0: the seed grants and withdraws its approvals.
const owner = demoAddress(0);
const ids = (events: { transactionHash: string; logIndex: number; blockNumber: bigint }[], upTo: bigint) =>
  events.filter((e) => e.blockNumber <= upTo).map((e) => `${e.transactionHash}:${e.logIndex}`);

describe('the approvals scan through an explorer', () => {
  let explorer: FakeExplorer;
  beforeAll(async () => {
    explorer = await startFakeExplorer(url);
  });
  afterAll(async () => {
    await explorer?.close();
  });

  it('finds what the node finds, in one explorer request per event kind and no eth_getLogs', async () => {
    const byNode = await scanApprovals({ client, store: memoryApprovalStore() }, owner);
    expect(byNode.events.length).toBeGreaterThanOrEqual(10);
    const config = { baseUrl: explorer.url, apiKey: explorer.apiKey };
    const byExplorer = await scanApprovals({ client, store: memoryApprovalStore(), explorer: { config } }, owner);
    expect(ids(byExplorer.events, byNode.head)).toEqual(ids(byNode.events, byNode.head));
    expect(byExplorer.logReads).toBe(0);
    // Five event kinds (Approval, ApprovalForAll, Permit2's Approval, Permit and Lockdown), one page each.
    expect(byExplorer.explorerRequests).toBe(5);
  });

  it('falls back to the node when the explorer refuses the key', async () => {
    const config = { baseUrl: explorer.url, apiKey: 'WRONGKEY0000000000' };
    const scan = await scanApprovals({ client, store: memoryApprovalStore(), explorer: { config } }, owner);
    const byNode = await scanApprovals({ client, store: memoryApprovalStore() }, owner);
    expect(ids(scan.events, byNode.head)).toEqual(ids(byNode.events, byNode.head));
    expect(scan.explorerRequests).toBeUndefined();
    expect(scan.logReads).toBeGreaterThan(0);
  });
});
