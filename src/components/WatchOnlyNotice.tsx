import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { Account } from '@/core/accounts/account';
import { useLinks } from '@/lib/links';
import { useSigningAccounts, useVaultSession } from '@/lib/vault';
import styles from './EmptyState.module.css';
import ui from './ui.module.css';

/**
 * Said in place of a form that signs, when the selected account is watch-only: what that means,
 * why nothing can be signed with it, and the two ways on (add its key, or switch to an account
 * that has one). `task` completes "…so Cairn cannot …": "send from it", "sign messages with it".
 */
export function WatchOnlyNotice({
  account,
  task,
  level = 2,
  children,
}: {
  account: Account;
  task: string;
  /** The heading's level where the notice stands (3 inside a part of a tool). */
  level?: 2 | 3;
  /** A further way on, where the screen has one (the offline tool: sign the fields elsewhere). */
  children?: ReactNode;
}) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const links = useLinks();
  const session = useVaultSession();
  const other = useSigningAccounts().accounts.find((a) => a.id !== account.id);
  return (
    <section className={styles.empty} aria-labelledby={id}>
      <Heading id={id}>{account.name} can only be watched</Heading>
      <p>
        Cairn holds this account’s address but not its key. It can show its balances and history, but it cannot sign for
        it, so it cannot {task}.
      </p>
      <p>
        If this account is yours, add its recovery phrase or private key: it stays the same account, now able to sign.
        {other ? ' Or switch to an account that has its key in Cairn.' : ''}
      </p>
      {children}
      <div className={styles.actions}>
        <Link to={links.addWallet}>Add its recovery phrase or key</Link>
        {other && (
          <button type="button" className={ui.secondary} onClick={() => session.selectAccount(other.id)}>
            Switch to {other.name}
          </button>
        )}
      </div>
    </section>
  );
}
