import { useMemo, useState } from 'react';
import type { Address } from 'viem';
import { EmptyState } from '@/components/EmptyState';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Screen } from '@/components/Screen';
import ui from '@/components/ui.module.css';
import { WatchOnlyNotice } from '@/components/WatchOnlyNotice';
import { canSign } from '@/core/accounts/account';
import { type ApprovalRow, approvalRows } from '@/core/approvals/approvalRows';
import { approvalsCsv } from '@/core/approvals/approvalsCsv';
import { useSyncStatus } from '@/lib/activity';
import { downloadText } from '@/lib/download';
import { errorText } from '@/lib/errorMessages';
import { useAccountItems } from '@/lib/queries/activityQueries';
import { useSelectedNetwork } from '@/lib/session';
import { useSpenderNames } from '@/lib/spenderNames';
import { useAccountApprovals } from '@/lib/useAccountApprovals';
import { usePortfolio } from '@/lib/usePortfolio';
import { useSelectedAccount } from '@/lib/vault';
import { ApprovalItem } from './ApprovalItem';
import styles from './approvals.module.css';
import { RevokeReview } from './RevokeReview';

const NO_PRICES = new Map();

/**
 * Every approval the selected account has granted on the network and that is still in force:
 * found in its own events through the person's node, read from the contracts now, most value at
 * risk first; revoked one at a time or several together through a review with the simulation.
 */
export function ApprovalsScreen() {
  const network = useSelectedNetwork();
  const account = useSelectedAccount();
  const owner = account?.address as Address | undefined;
  const approvals = useAccountApprovals(network, owner);
  const { snapshot } = usePortfolio({ everyBlock: false });
  const items = useAccountItems(network, owner);
  const sync = useSyncStatus(network.id, owner);
  const names = useSpenderNames(network);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [revoking, setRevoking] = useState<readonly ApprovalRow[]>();

  const rows = useMemo(() => {
    const data = approvals.data;
    if (!data) return undefined;
    const synced = sync.syncedTo !== undefined && items.data !== undefined;
    const dealtWithSince = (spender: Address, block: bigint) =>
      synced
        ? (items.data ?? []).some(
            (item) => item.blockNumber > block && item.counterparty?.toLowerCase() === spender.toLowerCase(),
          )
        : undefined;
    const now = snapshot?.timestamp ?? Math.floor(Date.now() / 1000);
    return approvalRows(data.approvals, data.context, snapshot?.prices ?? NO_PRICES, now, dealtWithSince);
  }, [approvals.data, snapshot, items.data, sync.syncedTo]);

  const signs = account !== undefined && canSign(account);
  const chosen = rows?.filter((row) => selected.has(row.id)) ?? [];
  const spenderText = (row: ApprovalRow) => names(row.spender)?.name ?? row.spender;
  const exportCsv = () => {
    if (!rows || !owner) return;
    const csv = approvalsCsv(rows, (row) => names(row.spender)?.name);
    downloadText(`cairn-approvals-${network.id}-${owner.slice(0, 10)}.csv`, csv, 'text/csv');
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const close = () => {
    setRevoking(undefined);
    setSelected(new Set());
  };

  return (
    <Screen title="Approvals">
      <p className={ui.muted}>
        {account ? `What ${account.name} lets others take on ${network.name}` : 'Choose an account'}: found in its own
        approval events through your node, and checked with each contract now.
      </p>
      {account && !signs && <WatchOnlyNotice account={account} task="revoke approvals with it" level={2} />}
      <ErrorAlert
        message={approvals.isError ? `The approvals could not be read: ${errorText(approvals.error)}` : undefined}
        action={{ label: 'Try again', onAction: () => void approvals.refetch(), busy: approvals.isFetching }}
      />
      {revoking && account && (
        <RevokeReview
          network={network}
          account={account}
          rows={revoking}
          describeSpender={spenderText}
          onClose={close}
        />
      )}
      {rows === undefined ? (
        owner && !approvals.isError && <p role="status">Reading approval events…</p>
      ) : rows.length === 0 ? (
        <EmptyState title="No approvals in force">
          {approvals.data?.neverSent
            ? 'This account has never sent a transaction, so it has granted no approval.'
            : 'Nobody may take tokens or NFTs from this account on this network.'}
        </EmptyState>
      ) : (
        <section className={ui.section} aria-labelledby="approvals-title">
          <h2 id="approvals-title">
            {rows.length === 1 ? '1 approval in force' : `${rows.length} approvals in force`}
          </h2>
          <div className={styles.toolbar}>
            {signs && (
              <button
                type="button"
                disabled={chosen.length === 0 || revoking !== undefined}
                onClick={() => setRevoking(chosen)}
              >
                {chosen.length > 1 ? `Revoke ${chosen.length} selected` : 'Revoke selected'}
              </button>
            )}
            <button type="button" className={ui.secondary} onClick={exportCsv}>
              Export CSV
            </button>
          </div>
          <ul className={styles.list} aria-label="Approvals, most at risk first">
            {rows.map((row) => (
              <ApprovalItem
                key={row.id}
                row={row}
                spenderName={names(row.spender)}
                selected={selected.has(row.id)}
                onSelect={signs ? (on) => toggle(row.id, on) : undefined}
                onRevoke={signs && revoking === undefined ? () => setRevoking([row]) : undefined}
              />
            ))}
          </ul>
        </section>
      )}
    </Screen>
  );
}
