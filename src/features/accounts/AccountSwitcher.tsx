import { useId } from 'react';
import { Link } from 'react-router';
import { shortAddress } from '@/components/AddressText';
import { CopyButton } from '@/components/CopyButton';
import { Identicon } from '@/components/Identicon';
import { PublicKeyBadge } from '@/components/PublicKeyBadge';
import type { Account } from '@/core/accounts/account';
import { useSelectedAccount, useVault, useVaultSession } from '@/lib/vault';
import styles from './accounts.module.css';

export function accountLabel(account: Account): string {
  const tags = [account.demo ? 'public test key' : '', account.source.kind === 'watch' ? 'watch-only' : ''].filter(
    Boolean,
  );
  return `${account.name} — ${shortAddress(account.address)}${tags.length ? ` (${tags.join(', ')})` : ''}`;
}

/** The header's account choice, with copy and links to manage or add accounts. */
export function AccountSwitcher({ managePath, addPath }: { managePath: string; addPath: string }) {
  const id = useId();
  const session = useVaultSession();
  const accounts = useVault((s) => s.accounts);
  const selected = useSelectedAccount();
  const visible = accounts.filter((a) => !a.hidden || a.id === selected?.id);
  return (
    <div className={styles.switcher}>
      {selected && <Identicon address={selected.address} />}
      <label htmlFor={id} className={styles.switcherLabel}>
        Account
      </label>
      <select id={id} value={selected?.id ?? ''} onChange={(e) => session.selectAccount(e.target.value)}>
        {visible.map((account) => (
          <option key={account.id} value={account.id}>
            {accountLabel(account)}
          </option>
        ))}
      </select>
      {selected?.demo && <PublicKeyBadge />}
      {selected && <CopyButton value={selected.address} label="Copy address" />}
      <Link to={managePath}>Manage</Link>
      <Link to={addPath}>Add wallet</Link>
    </div>
  );
}

export function LockButton() {
  const session = useVaultSession();
  return (
    <button type="button" onClick={() => session.lock('user')}>
      Lock
    </button>
  );
}
