import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { AssetRow } from '@/core/assets/portfolioView';
import type { Network } from '@/core/chain/networks';
import { untrustedValue } from '@/core/i18n/message';
import { untrustedLabel } from '@/core/text/untrustedText';
import { useT } from '@/lib/i18n';
import { useSession } from '@/lib/stores/session';
import { BalanceCell } from './assetCells';
import styles from './portfolio.module.css';

/**
 * Tokens that arrived unasked: apart, never counted, each with Trust and Hide. `named`: the
 * network is said (lists of several networks).
 */
export function SpamTokens({
  rows,
  network,
  named = false,
}: {
  rows: readonly AssetRow[];
  network: Network;
  named?: boolean;
}) {
  const t = useT('portfolio');
  const addCustomToken = useSession((s) => s.addCustomToken);
  const setTokenHidden = useSession((s) => s.setTokenHidden);
  if (rows.length === 0) return null;
  const trust = (row: AssetRow) => {
    if (!row.token) return;
    const { address, name, symbol, decimals } = row.token;
    addCustomToken(network.id, { address, name, symbol, decimals });
  };
  return (
    <details className={styles.spam}>
      <summary>
        {named
          ? t('portfolio:spam.summaryOn', { count: rows.length, network: untrustedValue(network.name, 'name') })
          : t('portfolio:spam.summary', { count: rows.length })}
      </summary>
      <p className={ui.muted}>{t('portfolio:spam.explained')}</p>
      <ul className={styles.spamList}>
        {rows.map((row) => (
          <li key={row.key}>
            <span className={styles.spamName}>
              <UntrustedText text={row.symbol} kind="symbol" /> —{' '}
              <UntrustedText text={row.name} kind="tokenName" truncate />
            </span>{' '}
            <BalanceCell row={row} />
            <span className={ui.actions}>
              {row.token && (
                <button type="button" className={ui.secondary} onClick={() => trust(row)}>
                  {t('portfolio:spam.trust', { symbol: untrustedLabel(row.symbol, 'symbol') })}
                </button>
              )}
              <button type="button" className={ui.secondary} onClick={() => setTokenHidden(network.id, row.key, true)}>
                {t('portfolio:spam.hide', { symbol: untrustedLabel(row.symbol, 'symbol') })}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
