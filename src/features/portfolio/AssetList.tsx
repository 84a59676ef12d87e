import ui from '@/components/ui.module.css';
import type { CombinedRow } from '@/core/assets/portfolioView';
import type { Network } from '@/core/chain/networks';
import { formatPercent } from '@/lib/format';
import { HoldingRow } from './HoldingRow';
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
  return (
    <section className={`${ui.card} ${styles.account}`} aria-labelledby="assets-title">
      <h2 id="assets-title" className={styles.listTitle}>
        Assets
      </h2>
      <table className={ui.table}>
        <caption className="visually-hidden">Assets of all visible accounts on {network.name}</caption>
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col">Balance</th>
            <th scope="col">Value</th>
            <th scope="col" className={styles.shareColumn}>
              Share
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <HoldingRow
              key={row.key}
              row={row}
              network={network}
              share={row.value === undefined ? '' : (formatPercent(row.value, total) ?? '')}
            />
          ))}
        </tbody>
      </table>
      <SpamTokens rows={spam} network={network} />
    </section>
  );
}
