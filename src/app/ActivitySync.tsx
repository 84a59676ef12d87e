import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Address } from 'viem';
import { accountsToRead } from '@/core/chain/networkConfig';
import type { Network } from '@/core/chain/networks';
import { paceOf, untilTick } from '@/core/chain/refreshPolicy';
import { withNetwork } from '@/core/session/sessionStore';
import { approvalKeys } from '@/lib/queries/approvalKeys';
import { activityKeys } from '@/lib/queries/localKeys';
import { useChainHead } from '@/lib/queries/useChainHead';
import { useHistorySync } from '@/lib/stores/activity';
import { useFollowedNetworks, useSelectedNetwork, useSession, useViewsAll } from '@/lib/stores/session';
import { useVault } from '@/lib/vault/vault';

/**
 * Keeps the history of every network Cairn follows (and of the network the header chose, followed
 * or not) up to date, each network on its own: its own head, its own nodes, its own sync
 * (core/activity/historySync), so one that is slow, down or rate limited holds up no other. The
 * header's network is followed at each new block (unless all networks are viewed at once); the
 * others in the background, at the pace their shared head is asked (refreshPolicy: at most every
 * max(block time, 12 s) while a list shows them, else about once a minute, and on focus), never at
 * an L2's block speed, each pass at the network's next tick. What a sync writes is read again.
 */
export function ActivitySync() {
  const selected = useSelectedNetwork();
  const followed = useFollowedNetworks();
  const historySync = useHistorySync();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      historySync.onWritten((written, account) => {
        void queryClient.invalidateQueries({ queryKey: activityKeys.all });
        void queryClient.invalidateQueries({ queryKey: approvalKeys.account(written, account) });
      }),
    [historySync, queryClient],
  );
  // Viewing all networks at once, none is the one worked on: the header's too is followed in the
  // background (its transactions in flight still are at each block: useTransactionTracker).
  const all = useViewsAll();
  const networks = withNetwork(followed, selected);
  return networks.map((network) => (
    <NetworkHistorySync key={network.id} network={network} working={!all && network.id === selected.id} />
  ));
}

/**
 * Asks the history sync to bring the selected account and every visible one (Home's chart follows
 * all visible accounts back in time) on `network` up to each new head the chain's readers share, in
 * one pass for all of them, and again when the person's explorer for the network changes. The pass
 * names every account in its requests, so through a node the person did not choose only the
 * selected account is synced, unless they allowed all (accountsToRead, per network).
 */
function NetworkHistorySync({ network, working }: { network: Network; working: boolean }) {
  const head = useChainHead(network, working ? 'working' : 'background', { onFocus: true });
  const historySync = useHistorySync();
  const explorer = useSession((s) => s.explorers[network.id]);
  const networkConfig = useSession((s) => s.networkConfig);
  // A stable string (selected first), so a re-render with the same accounts starts nothing.
  const accountList = useVault((s) => {
    if (s.status !== 'unlocked') return '';
    const selected = s.accounts.find((a) => a.id === s.selectedAccountId)?.address;
    const visible = accountsToRead(
      network,
      networkConfig,
      s.accounts.filter((a) => !a.hidden),
      selected,
    ).map((a) => a.address);
    return [...new Set([selected, ...visible].filter((a) => a !== undefined))].join(',');
  });
  const block = head.data?.status === 'ok' ? head.data.block : undefined;
  const latestBlock = useRef(block);
  latestBlock.current = block;

  // A change of explorer while an account's own sync runs (a first sync) would otherwise be seen
  // only at the next block, which on the local chain may never come: the pass leaves out accounts
  // a sync holds, and that sync started with the old source. Each account is synced again after it.
  const explorerSeen = useRef(explorer);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of explorer asks this.
  useEffect(() => {
    if (explorerSeen.current === explorer) return;
    explorerSeen.current = explorer;
    for (const account of accountList.split(',').filter(Boolean)) void historySync.request(network, account as Address);
  }, [explorer]);

  /** What the last pass was asked for, besides its head: the accounts and the explorer. */
  const lastAsked = useRef<string | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new head (its hash) or a change of explorer asks again.
  useEffect(() => {
    const head = latestBlock.current;
    if (head === undefined || accountList === '') return;
    const pass = () => void historySync.follow(network, accountList.split(',') as Address[], head);
    const asked = `${accountList}|${JSON.stringify(explorer ?? null)}`;
    const onlyNewBlock = lastAsked.current === asked;
    lastAsked.current = asked;
    // The window's first pass, and one for other accounts or another explorer, go at once: the
    // list is brought up to date when shown, and a newly read account has no figures' read to
    // travel with. A pass for a new block alone, in the background, waits for the network's next
    // tick, when its figures are read (refreshPolicy's untilTick): both then go in one request.
    if (working || !onlyNewBlock) return pass();
    const timer = setTimeout(pass, untilTick(paceOf(network, 'background').pollMs, Date.now()));
    return () => clearTimeout(timer);
  }, [block?.hash, accountList, network, explorer, historySync, working]);
  return null;
}
