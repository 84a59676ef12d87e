import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';

/**
 * A link from the site's window to Cairn's Approvals screen, in a tab of its own: following it in
 * this window would leave the site's request unanswered.
 */
export function ApprovalsInCairn() {
  const t = useT('dapp');
  const links = useLinks();
  const href = new URL(`./#${links.approvals}`, window.location.href).href;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {t('dapp:approvalsInCairn')}
    </a>
  );
}
