import type { Address } from 'viem';
import { type ApprovalEvent, inChainOrder } from '../approvals/approvalEvents';
import type { ApprovalStore } from '../approvals/approvalStore';
import { ownerKey } from '../approvals/approvalStore';
import { fromStoredEvent, fromStoredScan, toStoredEvent, toStoredScan } from '../approvals/storedApproval';
import type { CairnDatabase } from './database';

/** Approval events in IndexedDB, indexed by owner and block so a range and the scan state are replaced in one transaction. */
export function indexedDbApprovalStore(db: CairnDatabase): ApprovalStore {
  const range = (chainId: number, owner: Address, fromBlock: number) =>
    IDBKeyRange.bound([ownerKey(chainId, owner), fromBlock], [ownerKey(chainId, owner), Number.MAX_SAFE_INTEGER]);
  return {
    async events(chainId, owner) {
      const stored = await db.getAllFromIndex('approvalEvents', 'byOwnerBlock', range(chainId, owner, 0));
      const events: ApprovalEvent[] = [];
      let damaged = false;
      for (const entry of stored) {
        try {
          events.push(fromStoredEvent(entry));
        } catch {
          damaged = true;
        }
      }
      // A damaged event is skipped, and the scan state forgotten so that the next scan reads every
      // block again: an approval must not drop out of the list for good.
      if (damaged) await db.delete('approvalScans', ownerKey(chainId, owner));
      return events.sort(inChainOrder);
    },
    async state(chainId, owner) {
      return fromStoredScan(await db.get('approvalScans', ownerKey(chainId, owner)));
    },
    async replace({ state, fromBlock, events }) {
      const tx = db.transaction(['approvalEvents', 'approvalScans'], 'readwrite');
      const store = tx.objectStore('approvalEvents');
      const index = store.index('byOwnerBlock');
      for (
        let cursor = await index.openCursor(range(state.chainId, state.owner, Number(fromBlock)));
        cursor;
        cursor = await cursor.continue()
      ) {
        await cursor.delete();
      }
      for (const event of events) await store.put(toStoredEvent(state.chainId, event));
      await tx.objectStore('approvalScans').put(toStoredScan(state));
      await tx.done;
    },
  };
}
