import { useMemo, useRef, useState } from 'react';
import type { Address } from 'viem';
import { AccountIntro } from '@/components/AccountIntro';
import { EmptyState } from '@/components/EmptyState';
import { ErrorAlert } from '@/components/ErrorAlert';
import { NetworkViewSelect } from '@/components/NetworkViewSelect';
import { Screen } from '@/components/Screen';
import ui from '@/components/ui.module.css';
import { WatchOnlyNotice } from '@/components/WatchOnlyNotice';
import { WorkProgress } from '@/components/WorkProgress';
import { canSign } from '@/core/accounts/signerKinds';
import { type ApprovalRow, sortedApprovalRows } from '@/core/approvals/approvalRows';
import { approvalsCsv } from '@/core/approvals/approvalsCsv';
import type { ApprovalsProgress } from '@/core/approvals/readApprovals';
import { listedTokens } from '@/core/assets/catalogue';
import type { TokenInfo } from '@/core/assets/token';
import type { Network } from '@/core/chain/networks';
import { codeValue, msg, untrustedValue } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import { downloadText } from '@/lib/browser/download';
import { translate, useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useSpenderNames } from '@/lib/names/spenderNames';
import { useNetworkPortfolio } from '@/lib/portfolio/usePortfolio';
import { useAccountItems } from '@/lib/queries/activityQueries';
import { useSyncStatus } from '@/lib/stores/activity';
import { useSession, useViewedNetworks, ViewedNetworkParts } from '@/lib/stores/session';
import { useAccountApprovals } from '@/lib/useAccountApprovals';
import { useSelectedAccount } from '@/lib/vault/vault';
import { ApprovalItem } from './ApprovalItem';
import styles from './approvals.module.css';
import { describeApproval } from './approvalWords';
import { RevokeReview } from './RevokeReview';

const NO_TOKENS: TokenInfo[] = [];

/**
 * Every approval the selected account has granted and that is still in force, on each network the
 * window shows (every followed one, or the one viewed): found in its own events through the
 * person's node, read from the contracts now, most value at risk first; revoked one at a time or
 * several together through a review with the simulation, on the approval's own network.
 */
export function ApprovalsScreen() {
  const t = useT('approvals');
  const account = useSelectedAccount();
  const networks = useViewedNetworks();
  return (
    <Screen title={t('approvals:title')}>
      <AccountIntro
        account={account}
        network={networks}
        forAccount="approvals:intro.account"
        noAccount="approvals:intro.noAccount"
      />
      <NetworkViewSelect label={t('approvals:networks')} allLabel={t('approvals:allNetworks')} />
      {account && !canSign(account) && (
        <WatchOnlyNotice account={account} task={t('approvals:watchOnlyTask')} level={2} />
      )}
      <ViewedNetworkParts>
        {(network, several) => <NetworkApprovals network={network} named={several} />}
      </ViewedNetworkParts>
    </Screen>
  );
}

/** One network's approvals of the selected account: `named` says the network (lists of several). */
function NetworkApprovals({ network, named }: { network: Network; named: boolean }) {
  const t = useT('approvals');
  const account = useSelectedAccount();
  const owner = account?.address as Address | undefined;
  // Several networks at once are each followed in the background (refreshPolicy): none is the one
  // worked on, and an L2's blocks would otherwise ask for a read every second or two.
  const attention = named ? 'background' : 'working';
  const approvals = useAccountApprovals(network, owner, attention);
  const { snapshot, prices, stale: oldBalances } = useNetworkPortfolio(network, { everyBlock: false, attention });
  const items = useAccountItems(network, owner);
  const sync = useSyncStatus(network.id, owner);
  const custom = useSession((s) => s.customTokens[network.id] ?? NO_TOKENS);
  const names = useSpenderNames(network);
  // Selection and review belong to one account on one network: another choice starts afresh.
  const scope = `${network.id}:${owner ?? ''}`;
  const [choice, setChoice] = useState<{ scope: string; selected: ReadonlySet<string>; revoking?: ApprovalRow[] }>({
    scope,
    selected: new Set(),
  });
  const current = choice.scope === scope ? choice : { scope, selected: new Set<string>(), revoking: undefined };
  const listHeading = useRef<HTMLHeadingElement>(null);

  const rows = useMemo(() => {
    const data = approvals.data;
    if (!data) return undefined;
    const synced = sync.syncedTo !== undefined && items.data !== undefined;
    const listed = new Set([...listedTokens(network), ...custom].map((t) => t.address.toLowerCase()));
    return sortedApprovalRows(data.approvals, {
      context: data.context,
      prices,
      now: snapshot?.timestamp ?? Math.floor(Date.now() / 1000),
      // A transaction the account sent to the spender: its own item for the transaction, with the
      // contract it called as the other side (token movements go to pools and buyers instead).
      calledSince: (spender, block) =>
        synced
          ? (items.data ?? []).some(
              (item) =>
                item.blockNumber > block &&
                item.logIndex === undefined &&
                item.fee !== undefined &&
                sameAddress(item.counterparty, spender),
            )
          : undefined,
      listed: (token) => listed.has(token.toLowerCase()),
      balances: owner && !oldBalances ? snapshot?.tokens.get(owner.toLowerCase()) : undefined,
    });
  }, [approvals.data, snapshot, prices, oldBalances, owner, items.data, sync.syncedTo, network, custom]);

  const signs = account !== undefined && canSign(account);
  const chosen = rows?.filter((row) => current.selected.has(row.id)) ?? [];
  const spenderText = (row: ApprovalRow) => {
    const name = names(row.spender)?.name;
    return name ? untrustedValue(name, 'name') : codeValue(row.spender);
  };
  const exportCsv = () => {
    if (!rows || !owner) return;
    const csv = approvalsCsv(rows, (row) => names(row.spender)?.name, translate);
    downloadText(t('approvals:csv.fileName', { network: network.id, owner: owner.slice(0, 10) }), csv, 'text/csv');
  };
  const toggle = (id: string, on: boolean) => {
    const selected = new Set(current.selected);
    if (on) selected.add(id);
    else selected.delete(id);
    setChoice({ ...current, selected });
  };
  const review = (revoking: ApprovalRow[]) => setChoice({ ...current, revoking });
  const close = () => {
    setChoice({ scope, selected: new Set() });
    // The review's buttons go away with it: the list's heading takes the focus.
    requestAnimationFrame(() => listHeading.current?.focus());
  };
  const reviewing = current.revoking !== undefined;

  const networkName = untrustedValue(network.name, 'name');
  return (
    <>
      <ErrorAlert
        message={
          approvals.isError
            ? named
              ? msg('approvals:readFailedOn', { network: networkName, error: errorMessage(approvals.error) })
              : msg('approvals:readFailed', { error: errorMessage(approvals.error) })
            : undefined
        }
        action={
          approvals.canRetry
            ? { label: t('approvals:tryAgain'), onAction: () => void approvals.refetch(), busy: approvals.isFetching }
            : undefined
        }
      />
      {current.revoking && account && (
        <RevokeReview
          key={scope}
          network={network}
          account={account}
          rows={current.revoking}
          describeSpender={spenderText}
          onClose={close}
        />
      )}
      {rows === undefined ? (
        owner &&
        !approvals.isError && (
          <ReadingProgress progress={approvals.progress} network={named ? network.name : undefined} />
        )
      ) : rows.length === 0 ? (
        <EmptyState title={named ? t('approvals:empty.titleOn', { network: networkName }) : t('approvals:empty.title')}>
          {approvals.data?.neverSent ? t('approvals:empty.neverSent') : t('approvals:empty.none')}
        </EmptyState>
      ) : (
        <section className={ui.section} aria-labelledby={`approvals-title-${network.id}`}>
          <h2 id={`approvals-title-${network.id}`} ref={listHeading} tabIndex={-1}>
            {named
              ? t('approvals:list.titleOn', { count: rows.length, network: networkName })
              : t('approvals:list.title', { count: rows.length })}
          </h2>
          <div className={styles.toolbar}>
            {signs && (
              <button type="button" disabled={chosen.length === 0 || reviewing} onClick={() => review(chosen)}>
                {t('approvals:list.revokeSelected', { count: chosen.length })}
              </button>
            )}
            <button type="button" className={ui.secondary} onClick={exportCsv}>
              {t('approvals:list.exportCsv')}
            </button>
          </div>
          <ul className={styles.list} aria-label={t('approvals:list.label')}>
            {rows.map((row) => (
              <ApprovalItem
                key={row.id}
                row={row}
                title={describeApproval(row, spenderText(row))}
                spenderName={names(row.spender)}
                selected={current.selected.has(row.id)}
                onSelect={signs && !reviewing ? (on) => toggle(row.id, on) : undefined}
                onRevoke={signs && !reviewing ? () => review([row]) : undefined}
              />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * How far the first read of the approvals has got: the blocks searched of all while the events are
 * scanned (determinate), then the check of what is in force (indeterminate); before the scan
 * starts (the head, the stored events), that they are being read.
 */
function ReadingProgress({ progress, network }: { progress: ApprovalsProgress | undefined; network?: string }) {
  const t = useT('approvals');
  // Several networks' bars at once are told apart by their network.
  const on = (text: string) =>
    network ? t('approvals:onNetwork', { network: untrustedValue(network, 'name'), text }) : text;
  if (progress?.step === 'scan' && progress.total > 0n) {
    const { done, total } = progress;
    return (
      <WorkProgress
        label={on(t('approvals:progress.scanning'))}
        fraction={Number((done * 10_000n) / total) / 10_000}
        detail={t('approvals:progress.blocks', { done, total })}
      />
    );
  }
  return <WorkProgress label={on(t(progress?.step === 'state' ? 'approvals:progress.state' : 'approvals:reading'))} />;
}
