import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { NetworkReadStatus, StaleBecause } from '@/core/assets/networkPortfolio';
import type { TotalAcross } from '@/core/assets/networkTotals';
import type { Network } from '@/core/chain/networks';
import { type MessageId, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import type { NetworkPortfolioPart } from '@/lib/portfolio/PortfoliosAcross';
import styles from './home.module.css';
import { staleAge } from './staleAge';

const BECAUSE: Record<StaleBecause, MessageId> = {
  offline: 'portfolio:summary.staleBecause.offline',
  node: 'portfolio:summary.staleBecause.node',
  reading: 'portfolio:summary.staleBecause.reading',
  wrongChain: 'portfolio:across.because.wrongChain',
  rateLimited: 'portfolio:across.because.rateLimited',
  read: 'portfolio:across.because.read',
  kept: 'portfolio:across.because.kept',
};

/**
 * Each followed network's part of the total: read at its block, counted with old figures (their
 * block, their age and why), or left out of the total with a sentence saying why; a network whose
 * read failed can be read again from here.
 */
export function NetworkStatusList({
  networks,
  parts,
  total,
}: {
  networks: readonly Network[];
  parts: readonly NetworkPortfolioPart[];
  total: TotalAcross;
}) {
  const t = useT('portfolio');
  return (
    <ul className={styles.networkStatuses} aria-label={t('portfolio:across.statusTitle')}>
      {networks.map((network) => {
        const portfolio = parts.find((part) => part.network === network)?.portfolio;
        const status: NetworkReadStatus = portfolio?.status ?? { state: 'loading' };
        const leftOut = total.leftOut.find((part) => part.networkId === network.id);
        const name = untrustedValue(network.name, 'name');
        const canRetry =
          portfolio && (status.state === 'failed' || (status.state === 'stale' && status.because === 'read'));
        return (
          <li key={network.id} className={status.state === 'fresh' ? undefined : ui.noticeWarning}>
            {leftOut ? (
              <T id="portfolio:across.leftOut" values={{ network: name, reason: leftOut.reason }} />
            ) : status.state === 'stale' ? (
              <T
                id="portfolio:across.stale"
                values={{
                  network: name,
                  why: { id: BECAUSE[status.because] },
                  block: status.block,
                  age: staleAge(status.at),
                }}
              />
            ) : status.state === 'fresh' ? (
              <T
                // Without Multicall3 the figures come call by call, in one batch: each at the latest
                // block as the node answered it, not all of one block.
                id={
                  portfolio?.snapshot?.via === 'batch' ? 'portfolio:across.freshCallByCall' : 'portfolio:across.fresh'
                }
                values={{ network: name, block: status.block }}
              />
            ) : null}
            {canRetry && (
              <>
                {' '}
                <button type="button" className={ui.secondary} onClick={portfolio.retry}>
                  {portfolio.retrying ? t('portfolio:summary.readingAgain') : t('portfolio:summary.tryAgain')}
                </button>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
