import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Address } from 'viem';
import { isHash } from 'viem';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { Screen } from '@/components/Screen';
import ui from '@/components/ui.module.css';
import { historyCsv } from '@/core/activity/csv';
import { ANY_ENTRY, type EntryFilter, filterEntries, groupByDay } from '@/core/activity/entries';
import { untrustedLabel } from '@/core/text/untrustedText';
import { syncRequests, useSyncStatus } from '@/lib/activity';
import { useAddressNames } from '@/lib/addressNames';
import { downloadText } from '@/lib/download';
import { errorCopy, errorText } from '@/lib/errorMessages';
import { formatCount } from '@/lib/format';
import { useLinks } from '@/lib/links';
import { useSelectedNetwork, useSession } from '@/lib/session';
import { useVault } from '@/lib/vault';
import styles from './activity.module.css';
import { HistoryList } from './HistoryList';
import { HistorySkeleton, NoHistory } from './HistoryStates';
import { useHistory } from './useHistory';

const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** The selected account's history on the selected network: filters, search, export, and the list. */
export function ActivityScreen() {
  const network = useSelectedNetwork();
  const account = useVault((s) => s.accounts.find((a) => a.id === s.selectedAccountId));
  const address = account?.address as Address | undefined;
  const { entries, label, loading, error: readError, reload } = useHistory(network, address);
  const name = useAddressNames(network);
  const links = useLinks();
  const status = useSyncStatus(network.id, address);
  const explorer = useSession((s) => s.explorers[network.id]);
  const [filter, setFilter] = useState<EntryFilter>(ANY_ENTRY);
  const set = (patch: Partial<EntryFilter>) => setFilter((f) => ({ ...f, ...patch }));

  const shown = useMemo(() => filterEntries(entries, filter), [entries, filter]);
  const hidden = useMemo(
    () =>
      filter.showSuspicious ? 0 : filterEntries(entries, { ...filter, showSuspicious: true }).length - shown.length,
    [entries, filter, shown],
  );
  const rows = useMemo(() => groupByDay(shown, (t) => dayFormat.format(t * 1000)), [shown]);
  const assetChoices = useMemo(() => {
    const seen = new Map<string, string>();
    for (const entry of entries)
      for (const m of entry.movements) {
        const key = m.asset.kind === 'native' ? 'native' : m.asset.address.toLowerCase();
        if (!seen.has(key))
          seen.set(key, m.asset.kind === 'native' ? network.nativeCurrency.symbol : label(m.asset).symbol);
      }
    return [...seen.entries()];
  }, [entries, label, network]);
  const native = network.nativeCurrency;
  // Nothing to list yet: the stored history is being read, or the first sync has not finished.
  const none = entries.length === 0 && address !== undefined && readError === undefined;
  const firstRead = none && (loading || (status.syncedTo === undefined && status.error === undefined));
  const noHistory = none && !loading && status.syncedTo !== undefined;
  const searchIsHash = isHash(filter.search.trim());

  const exportCsv = () => {
    const csv = historyCsv(shown, label, native);
    const who = address ? address.slice(0, 10) : 'account';
    downloadText(`cairn-history-${network.id}-${who}.csv`, csv, 'text/csv');
  };

  return (
    <Screen title="Activity">
      <p className={ui.muted}>
        {account ? `History of ${account.name} on ${network.name}` : 'Choose an account to see its history.'}, built
        from your node’s logs{explorer ? ', your explorer' : network.kind === 'local' ? ', its blocks' : ''} and Cairn’s
        own records.
      </p>
      <p role="status" className={ui.muted}>
        {status.running
          ? `Reading history${status.progress !== undefined ? ` — ${Math.floor(status.progress * 100)} %` : '…'}`
          : loading
            ? 'Reading the stored history…'
            : status.syncedTo !== undefined
              ? `Up to date at block ${formatCount(status.syncedTo)}.`
              : firstRead
                ? 'Reading history…'
                : ''}
      </p>
      {status.error !== undefined && !status.running && (
        <ErrorAlert
          message={`History could not be brought up to date: ${errorText(status.error)}`}
          details={errorCopy(status.error).details}
          action={
            address
              ? { label: 'Try again', onAction: () => syncRequests.getState().request(network.id, address) }
              : undefined
          }
        />
      )}
      <ErrorAlert
        message={readError === undefined ? undefined : `The stored history could not be read: ${errorText(readError)}`}
        action={{ label: 'Try again', onAction: reload }}
      />
      {!explorer && network.kind !== 'local' && (
        <p className={ui.noticeWarning}>
          Token transfers come from your node; {native.symbol} sent to you by others, or from other wallets, needs an
          explorer API with your own key.{' '}
          <Link to={links.historyExplorers}>Add one in Settings → History explorers</Link>.
        </p>
      )}
      <search className={styles.filters} aria-label="Filter the history">
        <Field label="Search by hash or address">
          <input
            type="search"
            value={filter.search}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => set({ search: e.target.value })}
          />
        </Field>
        <Field label="Asset">
          <select value={filter.asset ?? ''} onChange={(e) => set({ asset: e.target.value || undefined })}>
            <option value="">All assets</option>
            {assetChoices.map(([key, symbol]) => (
              <option key={key} value={key}>
                {untrustedLabel(symbol, 'symbol')}
                {key === 'native' ? '' : ` (${key.slice(0, 6)}…${key.slice(-4)})`}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Direction">
          <select
            value={filter.direction}
            onChange={(e) => set({ direction: e.target.value as EntryFilter['direction'] })}
          >
            <option value="any">In and out</option>
            <option value="in">Received</option>
            <option value="out">Sent</option>
          </select>
        </Field>
        <Field label="Status">
          <select value={filter.status} onChange={(e) => set({ status: e.target.value as EntryFilter['status'] })}>
            <option value="any">Any status</option>
            <option value="confirmed">Confirmed</option>
            <option value="pending">Pending</option>
            <option value="failed">Failed or not sent</option>
          </select>
        </Field>
      </search>
      <div className={ui.actions}>
        <label className={ui.checkbox}>
          <input
            type="checkbox"
            checked={filter.showSuspicious}
            onChange={(e) => set({ showSuspicious: e.target.checked })}
          />
          <span>Show possible spam and address poisoning{hidden > 0 ? ` (${hidden} hidden)` : ''}</span>
        </label>
        <button type="button" className={ui.secondary} onClick={exportCsv} disabled={shown.length === 0}>
          Export {shown.length} as CSV
        </button>
      </div>
      {searchIsHash && (
        <p>
          <Link to={links.transaction(filter.search.trim())}>
            Open transaction {filter.search.trim().slice(0, 12)}…
          </Link>
        </p>
      )}
      {entries.length > 0 && (
        <p className={ui.muted}>
          {shown.length === entries.length
            ? `${entries.length} transactions`
            : `${shown.length} of ${entries.length} transactions`}
        </p>
      )}
      {shown.length > 0 ? (
        <HistoryList rows={rows} chainId={network.chainId} label={label} name={name} native={native} />
      ) : firstRead ? (
        <HistorySkeleton />
      ) : noHistory ? (
        <NoHistory network={network} hasExplorer={explorer !== undefined} />
      ) : (
        entries.length > 0 && <p>Nothing matches these filters.</p>
      )}
    </Screen>
  );
}
