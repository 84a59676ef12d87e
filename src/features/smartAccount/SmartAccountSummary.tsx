import { Link } from 'react-router';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import { signerProfile } from '@/core/accounts/signerKinds';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { useAccountsToRead } from '@/lib/portfolio/accountsToRead';
import { useSelectedNetwork } from '@/lib/stores/session';
import { useSmartAccount } from '@/lib/useSmartAccount';
import { StateLine } from './StateLine';

/**
 * An account's smart-account state on the selected network, on its card: upgraded (to what), or
 * delegated to another contract (a danger), each with the way to undo it; a plain account, the
 * way to upgrade where the network runs EIP-7702. A signer outside Cairn says why it is never
 * asked for an upgrade instead. Nothing while the state is read, or cannot be, nor for an account
 * Cairn does not read on this network (see useAccountsToRead).
 */
export function SmartAccountSummary({ account }: { account: Account }) {
  const t = useT('smartAccount');
  const links = useLinks();
  const network = useSelectedNetwork();
  // Only the accounts Cairn reads on this network (all through a node the person chose, else the
  // selected one): a node the person did not choose is not shown which addresses go together.
  const readable = useAccountsToRead(network).accounts.some((a) => a.id === account.id);
  const { state, support } = useSmartAccount(network, readable ? account.address : undefined, false);
  const cannot = signerProfile(account.source).noAuthorization;
  const current = state.data;
  // A passkey account's delegation is its own, for good (its card says what it is): no danger, no undo.
  if (!current || current.kind === 'contract' || account.source.kind === 'passkeyAccount') return null;
  const plain = current.kind === 'plain';
  if (plain && support.data !== true) return null;
  const action = plain
    ? t('smartAccount:summary.upgrade')
    : t(current.kind === 'foreign' ? 'smartAccount:summary.undoForeign' : 'smartAccount:summary.undo');
  return (
    <>
      {!plain && <StateLine state={current} />}
      {cannot ? (
        <p className={ui.muted}>
          <T message={cannot} />
        </p>
      ) : (
        <p>
          <Link to={links.smartAccount(account.address)}>{action}</Link>
        </p>
      )}
    </>
  );
}
