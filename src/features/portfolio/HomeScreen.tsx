import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { combineAccounts, holdsNothing } from '@/core/assets/portfolioView';
import type { ChartRange } from '@/core/chart/chartTimes';
import { untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { usePortfolio } from '@/lib/portfolio/usePortfolio';
import { useValueChart } from '@/lib/portfolio/useValueChart';
import { useFollowedNetworks, useSession, useViewsAll } from '@/lib/stores/session';
import { accountAt } from '@/lib/vault/vault';
import { AccountHoldings } from './AccountHoldings';
import { AssetList } from './AssetList';
import { HomeAcrossNetworks } from './HomeAcrossNetworks';
import { AssetsSkeleton, NothingHereYet } from './HomeStates';
import { HomeSummary } from './HomeSummary';
import { HomeViewOptions } from './HomeViewOptions';
import { OnePasskeyNotice } from './OnePasskeyNotice';
import { OpenApprovals } from './OpenApprovals';
import { oneAccountNoticeId } from './oneAccountNotice';
import { ValueChart } from './ValueChart';

/**
 * Home. Following several networks, and viewing them all: the total across them and each asset
 * once across them (HomeAcrossNetworks). Otherwise one network's Home: the total of the visible
 * accounts and how it moved, the main actions, the value chart and every asset (across accounts,
 * or per account).
 */
export function HomeScreen() {
  const t = useT('portfolio');
  const followed = useFollowedNetworks();
  const all = useViewsAll();
  if (all)
    return (
      <Screen title={t('portfolio:home.title')}>
        <OnePasskeyNotice />
        <HomeAcrossNetworks networks={followed} />
      </Screen>
    );
  return <HomeOnOneNetwork />;
}

function HomeOnOneNetwork() {
  const t = useT('portfolio');
  const portfolio = usePortfolio();
  const { network, accounts, view, snapshot, loading, error, nodeDown } = portfolio;
  const hideZero = useSession((s) => s.hideZeroBalances);
  const groupByAccount = useSession((s) => s.groupByAccount);
  const [range, setRange] = useState<ChartRange>('1m');
  const links = useLinks();
  const chart = useValueChart(network, portfolio.addresses, portfolio.tokens, snapshot, range);
  const combined = useMemo(() => (view ? combineAccounts(view, hideZero) : undefined), [view, hideZero]);
  const empty = view !== undefined && holdsNothing(view);
  const navigate = useNavigate();
  const addToken = () => navigate(links.tokens(network.id, true));

  return (
    <Screen title={t('portfolio:home.title')}>
      <HomeSummary portfolio={portfolio} chart={chart} />
      <OnePasskeyNotice />
      {portfolio.limited && (
        <p className={ui.muted}>
          <T
            id={oneAccountNoticeId(network)}
            values={{ network: untrustedValue(network.name, 'name') }}
            tags={{ 0: <Link to={links.networks} /> }}
          />
        </p>
      )}
      {empty && <NothingHereYet network={network} several={accounts.length > 1} onAddToken={addToken} />}
      {accounts.length > 0 && <ValueChart chart={chart} range={range} onRange={setRange} />}
      {!empty && accounts.length > 0 && <HomeViewOptions network={network} />}
      {!view && loading && !error && !nodeDown && <AssetsSkeleton />}
      {!empty && !groupByAccount && combined && (
        <>
          <AssetList rows={combined.rows} spam={combined.spam} total={view?.total ?? 0n} network={network} />
          {accounts.map((account) => (
            <OpenApprovals key={account.id} network={network} account={account} named={accounts.length > 1} />
          ))}
        </>
      )}
      {!empty &&
        groupByAccount &&
        view?.accounts.map((holdings) => {
          const account = accountAt(accounts, holdings.address);
          return account ? (
            <AccountHoldings key={account.id} account={account} holdings={holdings} network={network} />
          ) : null;
        })}
    </Screen>
  );
}
