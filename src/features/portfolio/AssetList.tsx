import type { ReactNode } from 'react';
import ui from '@/components/ui.module.css';
import type { CombinedRow } from '@/core/assets/portfolioView';
import type { Network } from '@/core/chain/networks';
import { untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { HoldingsTable } from './HoldingsTable';
import styles from './portfolio.module.css';
import { SpamTokens } from './SpamTokens';

/** Every asset over all visible accounts: amount, value and share of the total. */
export function AssetList({
  rows,
  spam,
  total,
  network,
}: {
  rows: readonly CombinedRow[];
  /** The total all shares are of. */
  total: bigint;
  spam: readonly CombinedRow[];
  network: Network;
}) {
  const t = useT('portfolio');
  return (
    <AssetsCard>
      <HoldingsTable
        caption={t('portfolio:assets.captionAll', { network: untrustedValue(network.name, 'name') })}
        rows={rows}
        network={network}
        total={total}
      />
      <SpamTokens rows={spam} network={network} />
    </AssetsCard>
  );
}

/** The asset list's card and heading, around the list or the shapes that stand for it while it is read. */
export function AssetsCard({ children }: { children: ReactNode }) {
  const t = useT('portfolio');
  return (
    <section className={`${ui.card} ${styles.account}`} aria-labelledby="assets-title">
      <h2 id="assets-title" className={styles.listTitle}>
        {t('portfolio:assets.title')}
      </h2>
      {children}
    </section>
  );
}
