import 'fake-indexeddb/auto';
import { type Address, maxUint256 } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ApprovalEvent } from '../approvals/approvalEvents';
import type { ApprovalScanState } from '../approvals/approvalStore';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import { indexedDbApprovalStore } from './approvalDb';
import { openCairnDatabase } from './database';

const OWNER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SPENDER: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const TOKEN: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const;
const at = (block: bigint, n: number) => ({ blockNumber: block, transactionHash: tx(n), logIndex: n });

const events: ApprovalEvent[] = [
  { kind: 'erc20', token: TOKEN, owner: OWNER, spender: SPENDER, amount: maxUint256, unlimited: true, ...at(3n, 1) },
  { kind: 'erc721', token: TOKEN, owner: OWNER, approved: SPENDER, tokenId: 7n, revoked: false, ...at(5n, 2) },
  { kind: 'operator', token: TOKEN, owner: OWNER, operator: SPENDER, approved: true, ...at(8n, 3) },
  {
    kind: 'permit2',
    permit2: PERMIT2_ADDRESS,
    token: TOKEN,
    owner: OWNER,
    spender: SPENDER,
    amount: 5n,
    expiration: 1_800_000_000n,
    unlimited: false,
    ...at(12n, 4),
  },
];
const state = (logsTo: bigint): ApprovalScanState => ({
  chainId: 1,
  owner: OWNER,
  headNumber: logsTo,
  headHash: tx(99),
  logsTo,
  logSpan: 10_000n,
});

describe('approval events in IndexedDB', () => {
  it('round-trips every kind of event and the scan state, bigints included, in chain order', async () => {
    const store = indexedDbApprovalStore(await openCairnDatabase('approvals-roundtrip'));
    await store.replace({ state: state(12n), fromBlock: 0n, events: [...events].reverse() });
    expect(await store.events(1, OWNER)).toEqual(events);
    expect(await store.state(1, OWNER)).toEqual(state(12n));
    expect(await store.events(10, OWNER)).toEqual([]);
    expect(await store.state(10, OWNER)).toBeUndefined();
  });

  it('replaces the events from a block on with the state, in one go (a reorganisation leaves no ghosts)', async () => {
    const store = indexedDbApprovalStore(await openCairnDatabase('approvals-replace'));
    await store.replace({ state: state(12n), fromBlock: 0n, events });
    const reorged = { ...(events[2] as ApprovalEvent), ...at(9n, 9) };
    await store.replace({ state: state(20n), fromBlock: 8n, events: [reorged] });
    expect((await store.events(1, OWNER)).map((e) => e.blockNumber)).toEqual([3n, 5n, 9n]);
    expect((await store.state(1, OWNER))?.logsTo).toBe(20n);
  });

  it('skips a damaged event and forgets the scan state, so the next scan reads every block again', async () => {
    const db = await openCairnDatabase('approvals-damaged');
    const store = indexedDbApprovalStore(db);
    await store.replace({ state: state(12n), fromBlock: 0n, events });
    const [first] = await db.getAll('approvalEvents');
    await db.put('approvalEvents', { ...first, amount: 'lots' });
    expect(await store.state(1, OWNER)).toEqual(state(12n));
    expect(await store.events(1, OWNER)).toHaveLength(3);
    expect(await store.state(1, OWNER)).toBeUndefined();
  });

  it('reads a damaged scan state as none', async () => {
    const db = await openCairnDatabase('approvals-damaged-state');
    const store = indexedDbApprovalStore(db);
    await db.put('approvalScans', { key: `1:${OWNER.toLowerCase()}`, logsTo: '12' });
    expect(await store.state(1, OWNER)).toBeUndefined();
  });
});
