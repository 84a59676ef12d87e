import { useLinks } from '@/lib/links';

/**
 * A link from the site's window to Cairn's Approvals screen, in a tab of its own: following it in
 * this window would leave the site's request unanswered.
 */
export function ApprovalsInCairn() {
  const links = useLinks();
  const href = new URL(`./#${links.approvals}`, window.location.href).href;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      see and revoke this account’s approvals in Cairn (opens a new tab)
    </a>
  );
}
