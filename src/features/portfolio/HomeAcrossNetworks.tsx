import { useState } from 'react';
import { Fiat } from '@/components/Amount';
import { SkeletonLine } from '@/components/Skeleton';
import { T } from '@/components/T';
import { groupAcrossNetworks, type NetworkRow } from '@/core/assets/assetGroups';
import { totalAcross } from '@/core/assets/networkTotals';
import { combineAccounts } from '@/core/assets/portfolioView';
import type { Network } from '@/core/chain/networks';
import type { ChartRange } from '@/core/chart/chartTimes';
import { ChartsAcross } from '@/lib/portfolio/ChartsAcross';
import { type NetworkPortfolioPart, PortfoliosAcross } from '@/lib/portfolio/PortfoliosAcross';
import { useSession } from '@/lib/stores/session';
import { AccountsAcrossNetworks, UnaskedTokens } from './AccountsAcrossNetworks';
import { AssetGroupList } from './AssetGroupList';
import { HomeActions } from './HomeActions';
import { HomeViewOptions } from './HomeViewOptions';
import styles from './home.module.css';
import { NetworkStatusList } from './NetworkStatusList';
import { ValueChart } from './ValueChart';

/**
 * Home across every followed network: one total, each network's status (read, old, or left out
 * and why), and each asset once across networks. Each network is read through its own nodes, all
 * at once; one that is down, slow or on another chain never blocks, empties or falsifies the rest.
 */
export function HomeAcrossNetworks({ networks }: { networks: readonly Network[] }) {
  return (
    <PortfoliosAcross networks={networks}>
      {(parts) => <AcrossNetworks networks={networks} parts={parts} />}
    </PortfoliosAcross>
  );
}

function AcrossNetworks({ networks, parts }: { networks: readonly Network[]; parts: readonly NetworkPortfolioPart[] }) {
  const hideZero = useSession((s) => s.hideZeroBalances);
  const groupByAccount = useSession((s) => s.groupByAccount);
  const [range, setRange] = useState<ChartRange>('1m');
  const partOf = (network: Network) => parts.find((part) => part.network === network)?.portfolio;
  const total = totalAcross(
    networks.map((network) => {
      const portfolio = partOf(network);
      return {
        networkId: network.id,
        status: portfolio?.status ?? { state: 'loading' },
        value: portfolio?.view?.total,
      };
    }),
  );
  // Only what the total counts is listed: a network left out is left out of the lists too.
  const counted = parts.filter(({ network, portfolio }) => portfolio.view && total.counted.includes(network.id));
  const combined = counted.flatMap(({ network, portfolio: { view } }) =>
    view ? [{ network, holdings: combineAccounts(view, hideZero) }] : [],
  );
  const rows: NetworkRow[] = combined.flatMap(({ network, holdings }) =>
    holdings.rows.map((row) => ({ network, row })),
  );
  const groups = groupAcrossNetworks(rows, { hideZero });
  return (
    <>
      <section className={styles.summary} aria-labelledby="total-label">
        <p id="total-label" className={styles.totalLabel}>
          <T id="portfolio:across.total" values={{ count: networks.length }} />
        </p>
        <p className={styles.total}>
          {total.counted.length > 0 ? (
            <Fiat value={total.total} approximate={total.stale.length > 0 || total.leftOut.length > 0} />
          ) : (
            // Nothing counted yet: the total's shape, never a total of nothing.
            <SkeletonLine width="md" fill="line" />
          )}
        </p>
        <NetworkStatusList networks={networks} parts={parts} total={total} />
        <HomeActions />
      </section>
      {counted.length > 0 && (
        <ChartsAcross parts={counted} range={range}>
          {(chart) => <ValueChart chart={chart} range={range} onRange={setRange} />}
        </ChartsAcross>
      )}
      {counted.length > 0 && <HomeViewOptions />}
      {groupByAccount ? (
        <AccountsAcrossNetworks parts={counted} hideZero={hideZero} />
      ) : (
        groups.length > 0 && (
          <AssetGroupList groups={groups}>
            <UnaskedTokens held={combined} />
          </AssetGroupList>
        )
      )}
    </>
  );
}
