import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { Account } from '@/core/accounts/account';
import { type Message, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { useSigningAccounts, useVaultSession } from '@/lib/vault/vault';
import styles from './EmptyState.module.css';
import { T } from './T';
import ui from './ui.module.css';

/**
 * Said in place of a form that signs, when the selected account is watch-only: what that means,
 * why nothing can be signed with it, and the two ways on (add its key, or switch to an account
 * that has one). `task` completes "…so it cannot …": "send from it", "sign messages with it". In
 * German the sentence ends "… und daher {task}", so the task carries its own negation there
 * ("nichts von ihm senden", "keine Nachrichten damit signieren"); Spanish reads "no puede {task}".
 */
export function WatchOnlyNotice({
  account,
  task,
  level = 2,
  children,
}: {
  account: Account;
  /** A Message, or words in the language shown. */
  task: Message | string;
  /** The heading's level where the notice stands (3 inside a part of a tool). */
  level?: 2 | 3;
  /** A further way on, where the screen has one (the offline tool: sign the fields elsewhere). */
  children?: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const links = useLinks();
  const session = useVaultSession();
  const other = useSigningAccounts().accounts.find((a) => a.id !== account.id);
  return (
    <section className={styles.empty} aria-labelledby={id}>
      <Heading id={id}>
        <T id="common:watchOnly.title" values={{ name: untrustedValue(account.name, 'name') }} />
      </Heading>
      <p>
        <T id="common:watchOnly.cannot" values={{ task }} />
      </p>
      <p>
        {t('common:watchOnly.addKey')}
        {other && ` ${t('common:watchOnly.orSwitch')}`}
      </p>
      {children}
      <div className={styles.actions}>
        <Link to={links.addWallet}>{t('common:watchOnly.addKeyLink')}</Link>
        {other && (
          <button type="button" className={ui.secondary} onClick={() => session.selectAccount(other.id)}>
            <T id="common:watchOnly.switchTo" values={{ name: untrustedValue(other.name, 'name') }} />
          </button>
        )}
      </div>
    </section>
  );
}
