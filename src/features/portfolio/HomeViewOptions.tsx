import { Link } from 'react-router';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { useSession } from '@/lib/stores/session';

/**
 * How Home lists assets, on one network or across them: grouped by account or not, zero balances
 * or not; and the way to manage tokens (on `network`, else the header's).
 */
export function HomeViewOptions({ network }: { network?: Network }) {
  const links = useLinks();
  const t = useT('portfolio');
  const hideZero = useSession((s) => s.hideZeroBalances);
  const setHideZero = useSession((s) => s.setHideZeroBalances);
  const groupByAccount = useSession((s) => s.groupByAccount);
  const setGroupByAccount = useSession((s) => s.setGroupByAccount);
  return (
    <div className={ui.actions}>
      <label className={ui.checkbox}>
        <input type="checkbox" checked={groupByAccount} onChange={(e) => setGroupByAccount(e.target.checked)} />
        <span>{t('portfolio:home.groupByAccount')}</span>
      </label>
      <label className={ui.checkbox}>
        <input type="checkbox" checked={hideZero} onChange={(e) => setHideZero(e.target.checked)} />
        <span>{t('portfolio:home.hideZero')}</span>
      </label>
      <Link to={links.tokens(network?.id)}>{t('portfolio:home.manageTokens')}</Link>
    </div>
  );
}
