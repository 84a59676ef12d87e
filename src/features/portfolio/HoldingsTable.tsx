import { TokenIcon } from '@/components/TokenIcon';
import ui from '@/components/ui.module.css';
import type { AssetRow } from '@/core/assets/portfolioView';
import type { Network } from '@/core/chain/networks';
import { untrustedLabel } from '@/core/text/untrustedText';
import { useT } from '@/lib/i18n';
import { formatPercent } from '@/lib/i18n/format';
import { useSession } from '@/lib/stores/session';
import { AssetName, BalanceCell, ValueCell } from './assetCells';
import styles from './portfolio.module.css';

/**
 * A table of holdings: per asset its icon and name, balance, value, its share of `total` when
 * one is given, and Hide for tokens.
 */
export function HoldingsTable({
  caption,
  rows,
  network,
  total,
}: {
  caption: string;
  rows: readonly AssetRow[];
  network: Network;
  /** With a total, each row shows its share of it. */
  total?: bigint;
}) {
  const t = useT('portfolio');
  return (
    <table className={ui.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('portfolio:holdings.asset')}</th>
          <th scope="col">{t('portfolio:holdings.balance')}</th>
          <th scope="col">{t('portfolio:holdings.value')}</th>
          {total !== undefined && (
            <th scope="col" className={styles.shareColumn}>
              {t('portfolio:holdings.share')}
            </th>
          )}
          <th scope="col">
            <span className="visually-hidden">{t('portfolio:holdings.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <HoldingRow
            key={row.key}
            row={row}
            network={network}
            share={
              total === undefined ? undefined : row.value === undefined ? '' : (formatPercent(row.value, total) ?? '')
            }
          />
        ))}
      </tbody>
    </table>
  );
}

function HoldingRow({ row, network, share }: { row: AssetRow; network: Network; share?: string | undefined }) {
  const t = useT('portfolio');
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
        <ValueCell row={row} />
      </td>
      {share !== undefined && <td className={styles.shareColumn}>{share}</td>}
      <td>
        {row.token && (
          <button
            type="button"
            className={ui.secondary}
            onClick={() => setTokenHidden(network.id, row.key, true)}
            aria-label={t('portfolio:holdings.hideNamed', { symbol: untrustedLabel(row.symbol, 'symbol') })}
          >
            {t('portfolio:holdings.hide')}
          </button>
        )}
      </td>
    </tr>
  );
}
