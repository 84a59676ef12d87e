import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Address } from 'viem';
import { isHash } from 'viem';
import { AccountIntro } from '@/components/AccountIntro';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { historyCsv } from '@/core/activity/csv';
import { ANY_ENTRY, type EntryFilter } from '@/core/activity/entries';
import { codeValue, msg, untrustedValue } from '@/core/i18n/message';
import { untrustedLabel } from '@/core/text/untrustedText';
import { downloadText } from '@/lib/browser/download';
import { translate, useLocale, useT } from '@/lib/i18n';
import { errorCopy, errorMessage } from '@/lib/i18n/errorMessages';
import { shortAddress } from '@/lib/i18n/format';
import { useLinks } from '@/lib/links';
import { useAddressNames } from '@/lib/names/addressNames';
import { useHistorySync, useSyncStatus } from '@/lib/stores/activity';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useVault } from '@/lib/vault/vault';
import styles from './activity.module.css';
import { HistoryList } from './HistoryList';
import { HistorySkeleton, NoHistory } from './HistoryStates';
import { historyAssets, historyView } from './historyView';
import { useHistory } from './useHistory';

/** The selected account's history on the selected network: filters, search, export, and the list. */
export function ActivityScreen() {
  const t = useT('activity');
  const locale = useLocale();
  const network = useSelectedNetwork();
  const account = useVault((s) => s.accounts.find((a) => a.id === s.selectedAccountId));
  const address = account?.address as Address | undefined;
  const { entries, label, loading, error: readError, reload } = useHistory(network, address);
  const name = useAddressNames(network);
  const links = useLinks();
  const status = useSyncStatus(network.id, address);
  const historySync = useHistorySync();
  const explorer = useSession((s) => s.explorers[network.id]);
  const [filter, setFilter] = useState<EntryFilter>(ANY_ENTRY);
  const set = (patch: Partial<EntryFilter>) => setFilter((f) => ({ ...f, ...patch }));

  const { shown, hidden, rows } = useMemo(() => historyView(entries, filter, locale), [entries, filter, locale]);
  const assetChoices = useMemo(
    () =>
      historyAssets(entries).map(
        ([key, asset]) => [key, asset.kind === 'native' ? network.nativeCurrency.symbol : label(asset).symbol] as const,
      ),
    [entries, label, network],
  );
  const native = network.nativeCurrency;
  // Nothing to list yet: the stored history is being read, or the first sync has not finished.
  const none = entries.length === 0 && address !== undefined && readError === undefined;
  const firstRead = none && (loading || (status.syncedTo === undefined && status.error === undefined));
  const noHistory = none && !loading && status.syncedTo !== undefined;
  const searchIsHash = isHash(filter.search.trim());

  const exportCsv = () => {
    const csv = historyCsv(
      shown,
      new Map([[network.id, { name: network.name, chainId: network.chainId, native, label }]]),
      translate,
    );
    const who = address ? address.slice(0, 10) : t('activity:export.noAccount');
    downloadText(t('activity:export.fileName', { network: network.id, account: who }), csv, 'text/csv');
  };
  const introId = explorer
    ? 'activity:intro.explorer'
    : network.kind === 'local'
      ? 'activity:intro.blocks'
      : 'activity:intro.logs';

  return (
    <Screen title={t('activity:title')}>
      <AccountIntro account={account} network={network} forAccount={introId} noAccount="activity:intro.noAccount" />
      <p role="status" className={ui.muted}>
        {status.running
          ? status.progress !== undefined
            ? t('activity:status.readingProgress', { percent: Math.floor(status.progress * 100) })
            : t('activity:status.reading')
          : loading
            ? t('activity:status.readingStored')
            : status.syncedTo !== undefined
              ? t('activity:status.upToDate', { block: status.syncedTo })
              : firstRead
                ? t('activity:status.reading')
                : ''}
      </p>
      {status.error !== undefined && !status.running && (
        <ErrorAlert
          message={msg('activity:error.sync', { error: errorMessage(status.error) })}
          details={errorCopy(status.error).details}
          action={
            address
              ? {
                  label: t('activity:tryAgain'),
                  onAction: () => void historySync.request(network, address),
                }
              : undefined
          }
        />
      )}
      <ErrorAlert
        message={readError === undefined ? undefined : msg('activity:error.read', { error: errorMessage(readError) })}
        action={{ label: t('activity:tryAgain'), onAction: reload }}
      />
      {!explorer && network.kind !== 'local' && (
        <p className={ui.noticeWarning}>
          <T
            id="activity:explorerNotice"
            values={{ symbol: untrustedValue(native.symbol, 'symbol') }}
            tags={{ 0: <Link to={links.historyExplorers} /> }}
          />
        </p>
      )}
      <search className={styles.filters} aria-label={t('activity:filters.label')}>
        <Field label={t('activity:filters.search')}>
          <input
            type="search"
            value={filter.search}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => set({ search: e.target.value })}
          />
        </Field>
        <Field label={t('activity:filters.asset')}>
          <select value={filter.asset ?? ''} onChange={(e) => set({ asset: e.target.value || undefined })}>
            <option value="">{t('activity:filters.allAssets')}</option>
            {assetChoices.map(([key, symbol]) => (
              <option key={key} value={key} translate="no">
                {untrustedLabel(symbol, 'symbol')}
                {key === 'native' ? '' : ` (${shortAddress(key)})`}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('activity:filters.direction')}>
          <select
            value={filter.direction}
            onChange={(e) => set({ direction: e.target.value as EntryFilter['direction'] })}
          >
            <option value="any">{t('activity:filters.directionAny')}</option>
            <option value="in">{t('activity:filters.directionIn')}</option>
            <option value="out">{t('activity:filters.directionOut')}</option>
          </select>
        </Field>
        <Field label={t('activity:filters.status')}>
          <select value={filter.status} onChange={(e) => set({ status: e.target.value as EntryFilter['status'] })}>
            <option value="any">{t('activity:filters.statusAny')}</option>
            <option value="confirmed">{t('activity:filters.statusConfirmed')}</option>
            <option value="pending">{t('activity:filters.statusPending')}</option>
            <option value="failed">{t('activity:filters.statusFailed')}</option>
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
          <span>{hidden > 0 ? t('activity:showSpamHidden', { count: hidden }) : t('activity:showSpam')}</span>
        </label>
        <button type="button" className={ui.secondary} onClick={exportCsv} disabled={shown.length === 0}>
          {t('activity:export.button', { count: shown.length })}
        </button>
      </div>
      {searchIsHash && (
        <p>
          <Link to={links.transaction(filter.search.trim())}>
            <T id="activity:openTransaction" values={{ hash: codeValue(filter.search.trim().slice(0, 12)) }} />
          </Link>
        </p>
      )}
      {entries.length > 0 && (
        <p className={ui.muted}>
          {shown.length === entries.length
            ? t('activity:count', { count: entries.length })
            : t('activity:countOf', { shown: shown.length, count: entries.length })}
        </p>
      )}
      {shown.length > 0 ? (
        <HistoryList rows={rows} chainId={network.chainId} label={label} name={name} native={native} />
      ) : firstRead ? (
        <HistorySkeleton />
      ) : noHistory ? (
        <NoHistory network={network} hasExplorer={explorer !== undefined} />
      ) : (
        entries.length > 0 && <p>{t('activity:noMatch')}</p>
      )}
    </Screen>
  );
}
