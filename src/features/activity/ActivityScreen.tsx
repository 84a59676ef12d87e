import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Address } from 'viem';
import { isHash } from 'viem';
import { AccountIntro } from '@/components/AccountIntro';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import { historyCsv } from '@/core/activity/csv';
import { ANY_ENTRY, type EntryFilter } from '@/core/activity/entries';
import { sameHex } from '@/core/bytes';
import type { Network } from '@/core/chain/networks';
import { codeValue, msg, untrustedValue } from '@/core/i18n/message';
import { withNetwork } from '@/core/session/sessionStore';
import { downloadText } from '@/lib/browser/download';
import { translate, useLocale, useT } from '@/lib/i18n';
import { errorCopy, errorMessage } from '@/lib/i18n/errorMessages';
import { useLinks } from '@/lib/links';
import { useHistorySync } from '@/lib/stores/activity';
import { useFollowedNetworks, useSelectedNetwork, useViewsAll } from '@/lib/stores/session';
import { useVault } from '@/lib/vault/vault';
import { HistoriesAcross, type NetworkHistory } from './HistoriesAcross';
import { HistoryFilters } from './HistoryFilters';
import { HistoryList } from './HistoryList';
import { HistorySkeleton, NoHistory, NoHistoryAcross } from './HistoryStates';
import { historyView, mergedHistory } from './historyView';
import { NetworkHistoryLines } from './NetworkHistoryLines';

/**
 * The selected account's history. Following several networks, on all of them at once, merged by
 * time, each entry with its network, narrowed to one by the window's network view (the header's
 * chip, or the Network filter here: the same choice); otherwise on the header's network alone.
 */
export function ActivityScreen() {
  const followed = useFollowedNetworks();
  const all = useViewsAll();
  // The header's network: the one viewed, when the window views one.
  const selected = useSelectedNetwork();
  const account = useVault((s) => s.accounts.find((a) => a.id === s.selectedAccountId));
  const several = followed.length > 1;
  const narrowTo = several && !all ? selected : undefined;
  // Every followed network is read, also when one is chosen: choosing another shows it at once.
  const networks = useMemo(
    () => (!several ? [selected] : narrowTo ? withNetwork(followed, narrowTo) : followed),
    [several, selected, narrowTo, followed],
  );
  const address = account?.address as Address | undefined;
  return (
    <HistoriesAcross networks={networks} account={address} working={selected.id}>
      {(parts) => (
        <ActivityHistory
          parts={parts}
          networks={networks}
          narrowTo={several ? narrowTo : undefined}
          several={several}
          account={account}
        />
      )}
    </HistoriesAcross>
  );
}

function ActivityHistory({
  parts,
  networks,
  narrowTo,
  several,
  account,
}: {
  parts: readonly NetworkHistory[];
  networks: readonly Network[];
  /** The one network the list is narrowed to, across several; undefined for all of them. */
  narrowTo: Network | undefined;
  several: boolean;
  account: Account | undefined;
}) {
  const t = useT('activity');
  const locale = useLocale();
  const links = useLinks();
  const address = account?.address as Address | undefined;
  const [chosen, setFilter] = useState<EntryFilter>(ANY_ENTRY);
  const filter = useMemo(() => ({ ...chosen, network: narrowTo?.id }), [chosen, narrowTo]);
  const inView = useMemo(
    () => (narrowTo ? parts.filter((p) => p.network.id === narrowTo.id) : parts),
    [parts, narrowTo],
  );
  const entries = mergedHistory(parts.map((p) => p.entries));
  const { shown, hidden, rows } = useMemo(() => historyView(entries, filter, locale), [entries, filter, locale]);
  const byNetwork = useMemo(() => new Map(parts.map((p) => [p.network.id, p])), [parts]);
  // One network on screen: what it is read from, its status and its failure, as ever.
  const only = networks.length === 1 || narrowTo ? inView[0] : undefined;
  const onlyNetwork = narrowTo ?? (networks.length === 1 ? networks[0] : undefined);
  const readError = inView.find((p) => p.error !== undefined);
  // What the count line counts: the entries of the networks in view, not of every one read.
  const inViewCount = inView.reduce((n, p) => n + p.entries.length, 0);
  // Nothing to list yet: the stored history is being read, or a first sync has not finished.
  const none = inViewCount === 0 && address !== undefined && readError === undefined;
  const firstRead =
    none &&
    (inView.length < (narrowTo ? 1 : networks.length) ||
      inView.some((p) => p.loading || (p.sync.syncedTo === undefined && p.sync.error === undefined)));
  const noHistory = none && !firstRead && inView.some((p) => p.sync.syncedTo !== undefined);
  const search = chosen.search.trim();
  const searchIsHash = isHash(search);
  // A hash in the list opens on its own network; any other on the one in view (else the header's).
  const searchNetwork = searchIsHash
    ? (entries.find((e) => sameHex(e.hash, search))?.networkId ?? narrowTo?.id)
    : undefined;

  const exportCsv = () => {
    const csvNetworks = new Map(
      parts.map((p) => [
        p.network.id,
        { name: p.network.name, chainId: p.network.chainId, native: p.network.nativeCurrency, label: p.label },
      ]),
    );
    const who = address ? address.slice(0, 10) : t('activity:export.noAccount');
    const where = onlyNetwork?.id ?? t('activity:export.allNetworks');
    downloadText(
      t('activity:export.fileName', { network: where, account: who }),
      historyCsv(shown, csvNetworks, translate),
      'text/csv',
    );
  };

  return (
    <Screen title={t('activity:title')}>
      {onlyNetwork ? (
        <AccountIntro
          account={account}
          network={onlyNetwork}
          forAccount={
            only?.explorer
              ? 'activity:intro.explorer'
              : onlyNetwork.kind === 'local'
                ? 'activity:intro.blocks'
                : 'activity:intro.logs'
          }
          noAccount="activity:intro.noAccount"
        />
      ) : (
        <p className={ui.muted}>
          {account ? (
            <T
              id="activity:intro.across"
              values={{ account: untrustedValue(account.name, 'name'), count: networks.length }}
            />
          ) : (
            t('activity:intro.noAccount')
          )}
        </p>
      )}
      {several ? (
        <NetworkHistoryLines parts={inView} account={address} />
      ) : (
        <OneNetworkStatus part={only} firstRead={firstRead} account={address} />
      )}
      <ErrorAlert
        message={
          readError === undefined ? undefined : msg('activity:error.read', { error: errorMessage(readError.error) })
        }
        action={{
          label: t('activity:tryAgain'),
          onAction: () => {
            for (const part of inView) part.reload();
          },
        }}
      />
      {inView
        .filter((p) => !p.explorer && p.network.kind !== 'local')
        .map((p) => (
          <p key={p.network.id} className={ui.noticeWarning}>
            <T
              id={several ? 'activity:explorerNoticeOn' : 'activity:explorerNotice'}
              values={{
                symbol: untrustedValue(p.network.nativeCurrency.symbol, 'symbol'),
                network: untrustedValue(p.network.name, 'name'),
              }}
              tags={{ 0: <Link to={links.historyExplorers} /> }}
            />
          </p>
        ))}
      <HistoryFilters filter={filter} onFilter={(patch) => setFilter((f) => ({ ...f, ...patch }))} parts={inView} />
      <div className={ui.actions}>
        <label className={ui.checkbox}>
          <input
            type="checkbox"
            checked={filter.showSuspicious}
            onChange={(e) => setFilter((f) => ({ ...f, showSuspicious: e.target.checked }))}
          />
          <span>{hidden > 0 ? t('activity:showSpamHidden', { count: hidden }) : t('activity:showSpam')}</span>
        </label>
        <button type="button" className={ui.secondary} onClick={exportCsv} disabled={shown.length === 0}>
          {t('activity:export.button', { count: shown.length })}
        </button>
      </div>
      {searchIsHash && (
        <p>
          <Link to={links.transaction(search, searchNetwork)}>
            <T id="activity:openTransaction" values={{ hash: codeValue(search.slice(0, 12)) }} />
          </Link>
        </p>
      )}
      {inViewCount > 0 && (
        <p className={ui.muted}>
          {shown.length === inViewCount
            ? t('activity:count', { count: inViewCount })
            : t('activity:countOf', { shown: shown.length, count: inViewCount })}
        </p>
      )}
      {shown.length > 0 ? (
        <HistoryList rows={rows} networkOf={(id) => byNetwork.get(id)} showNetwork={several} />
      ) : firstRead ? (
        <HistorySkeleton />
      ) : noHistory ? (
        onlyNetwork ? (
          <NoHistory network={onlyNetwork} hasExplorer={only?.explorer ?? false} />
        ) : (
          <NoHistoryAcross />
        )
      ) : (
        inViewCount > 0 && <p>{t('activity:noMatch')}</p>
      )}
    </Screen>
  );
}

/** The one network's history status line, and its sync's failure with Try again, as ever. */
function OneNetworkStatus({
  part,
  firstRead,
  account,
}: {
  part: NetworkHistory | undefined;
  firstRead: boolean;
  account: Address | undefined;
}) {
  const t = useT('activity');
  const historySync = useHistorySync();
  const status = part?.sync;
  return (
    <>
      <p role="status" className={ui.muted}>
        {status?.running
          ? status.progress !== undefined
            ? t('activity:status.readingProgress', { percent: Math.floor(status.progress * 100) })
            : t('activity:status.reading')
          : part === undefined || part.loading
            ? t('activity:status.readingStored')
            : status?.syncedTo !== undefined
              ? t('activity:status.upToDate', { block: status.syncedTo })
              : firstRead
                ? t('activity:status.reading')
                : ''}
      </p>
      {part && status?.error !== undefined && !status.running && (
        <ErrorAlert
          message={msg('activity:error.sync', { error: errorMessage(status.error) })}
          details={errorCopy(status.error).details}
          action={
            account
              ? { label: t('activity:tryAgain'), onAction: () => void historySync.request(part.network, account) }
              : undefined
          }
        />
      )}
    </>
  );
}
