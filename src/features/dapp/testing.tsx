// For the dom tests of Cairn's window for a site (siteWindowTests): the window as the dApp page
// renders it, and how long they poll it. Here, not in src/testing, which may not import features.
import type { DappConnection } from '@/core/dapp/connection';
import { ApprovalQueue } from './ApprovalQueue';
import { DappConnectionProvider } from './dappContext';

/** Cairn's window for the site of `connection`: the queue of its requests. */
export const approvalQueueView = (connection: DappConnection) => (
  <DappConnectionProvider connection={connection}>
    <ApprovalQueue />
  </DappConnectionProvider>
);

/** How long and how often a test polls the window for a change (the approve delay alone is a second). */
export const poll = { timeout: 15_000, interval: 20 };
