import { Fiat } from '@/components/Amount';
import { TokenIcon } from '@/components/TokenIcon';
import ui from '@/components/ui.module.css';
import type { CombinedRow } from '@/core/assets/portfolioView';
import type { Network } from '@/core/chain/networks';
import { untrustedLabel } from '@/core/text/untrustedText';
import { useSession } from '@/lib/session';
import { AssetName, BalanceCell } from './BalanceCell';
import styles from './portfolio.module.css';
import { SpamTokens } from './SpamTokens';

function share(tenths: number | undefined): string {
  if (tenths === undefined) return '';
  if (tenths === 0) return '< 0.1%';
  return `${Math.floor(tenths / 10)}.${tenths % 10}%`;
}

/** Every asset over all visible accounts: amount, value and share of the total. */
export function AssetList({
  rows,
  spam,
  network,
}: {
  rows: readonly CombinedRow[];
  spam: readonly CombinedRow[];
  network: Network;
}) {
  const setTokenHidden = useSession((s) => s.setTokenHidden);
  return (
    <section className={`${ui.card} ${styles.account}`} aria-labelledby="assets-title">
      <h2 id="assets-title" className={styles.listTitle}>
        Assets
      </h2>
      <table className={styles.table}>
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
            <tr key={row.key}>
              <th scope="row">
                <TokenIcon chainId={network.chainId} token={row.token?.address ?? 'native'} symbol={row.symbol} />{' '}
                <AssetName row={row} />
              </th>
              <td>
                <BalanceCell row={row} />
              </td>
              <td>
                <Fiat value={row.value} />
                {row.priceStale && <span className={ui.muted}> (old price)</span>}
              </td>
              <td className={styles.shareColumn}>{share(row.shareTenths)}</td>
              <td>
                {row.token && (
                  <button
                    type="button"
                    className={ui.secondary}
                    onClick={() => setTokenHidden(network.id, row.key, true)}
                    aria-label={`Hide ${untrustedLabel(row.symbol, 'symbol')}`}
                  >
                    Hide
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <SpamTokens rows={spam} network={network} />
    </section>
  );
}
