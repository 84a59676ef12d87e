import { Link } from 'react-router';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { untrustedValue } from '@/core/i18n/message';
import { useLinks } from '@/lib/links';
import { useVault, useVaultSession } from '@/lib/vault/vault';

/**
 * Home's warning for each passkey account the vault lists with one passkey: losing it loses the
 * funds. Its link selects that account and opens Receive, where the second passkey is added.
 */
export function OnePasskeyNotice() {
  const accounts = useVault((s) => s.accounts);
  const session = useVaultSession();
  const links = useLinks();
  return accounts
    .filter((a) => a.source.kind === 'passkeyAccount' && a.source.credentials.length < 2)
    .map((account) => (
      <p key={account.id} role="alert" className={ui.noticeWarning}>
        <T
          id="portfolio:home.onePasskey"
          values={{ name: untrustedValue(account.name, 'name') }}
          tags={{ 0: <Link to={links.receive} onClick={() => session.selectAccount(account.id)} /> }}
        />
      </p>
    ));
}
