import { Fiat } from '@/components/Amount';
import { TokenIcon } from '@/components/TokenIcon';
import ui from '@/components/ui.module.css';
import type { AssetRow } from '@/core/assets/portfolioView';
import type { Network } from '@/core/chain/networks';
import { untrustedLabel } from '@/core/text/untrustedText';
import { useSession } from '@/lib/session';
import { AssetName, BalanceCell } from './assetCells';
import styles from './portfolio.module.css';

/**
 * One asset's row in a holdings table: icon and name, balance, value, its share of the total
 * when given, and Hide for tokens.
 */
export function HoldingRow({ row, network, share }: { row: AssetRow; network: Network; share?: string | undefined }) {
  const setTokenHidden = useSession((s) => s.setTokenHidden);
  return (
    <tr>
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
      {share !== undefined && <td className={styles.shareColumn}>{share}</td>}
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
  );
}
