import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { type Account, secretIdOf } from '@/core/accounts/account';
import { type Message, msg } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { nextAccountNamePrefix } from '@/lib/names/accountNames';
import { useVault, useVaultSession } from '@/lib/vault/vault';
import { AccountCard } from './AccountCard';
import styles from './accounts.module.css';

/** Where a phrase came from, in words (imported, for any other origin). */
function originText(origin: string): Message {
  if (origin === 'created') return msg('accounts:phrases.origin.created');
  if (origin === 'demo') return msg('accounts:phrases.origin.demo');
  return msg('accounts:phrases.origin.imported');
}

export function AccountsScreen({
  addPath,
  accountExtra,
}: {
  addPath: string;
  /** More about each account, shown on its card (the app puts its smart-account state there). */
  accountExtra?: ((account: Account) => ReactNode) | undefined;
}) {
  const t = useT('accounts');
  const session = useVaultSession();
  const accounts = useVault((s) => s.accounts);
  const secrets = useVault((s) => s.secrets);
  const [error, setError] = useState<Message | string>();
  // HD secrets, whose next account can be added: phrases and wallets restored from shares.
  const phrases = secrets.filter((s) => s.kind !== 'privateKey');
  // ?reveal=<account id>&what=phrase|privateKey opens that account's reveal panel (from the backup reminder).
  const [params] = useSearchParams();
  const revealId = params.get('reveal');
  const revealWhat = params.get('what') === 'privateKey' ? 'privateKey' : 'phrase';

  return (
    <Screen title={t('accounts:title')}>
      <p>
        <Link to={addPath}>{t('accounts:addWallet')}</Link>
      </p>
      <ul className={styles.list} aria-label={t('accounts:listLabel')}>
        {accounts.map((account, i) => {
          const secretId = secretIdOf(account);
          const users = accounts.filter((a) => secretIdOf(a) === secretId).length;
          return (
            <AccountCard
              key={account.id}
              account={account}
              secret={secrets.find((s) => s.id === secretId)}
              lastOfSecret={secretId !== undefined && users === 1}
              first={i === 0}
              last={i === accounts.length - 1}
              initialPanel={account.id === revealId ? revealWhat : undefined}
              extra={accountExtra?.(account)}
            />
          );
        })}
      </ul>
      {phrases.length > 0 && (
        <section className={styles.section} aria-labelledby="phrases-title">
          <h2 id="phrases-title">{t('accounts:phrases.title')}</h2>
          <ul className={styles.list}>
            {phrases.map((secret, i) => {
              const count = accounts.filter((a) => a.source.kind === 'hd' && a.source.secretId === secret.id).length;
              return (
                <li key={secret.id} className={ui.card}>
                  <p>
                    <T
                      id={
                        secret.kind === 'masterSecret'
                          ? 'accounts:phrases.sharesItem'
                          : secret.hasPassphrase
                            ? 'accounts:phrases.itemWithPassphrase'
                            : 'accounts:phrases.item'
                      }
                      values={{ number: i + 1, origin: originText(secret.origin), count }}
                    />
                  </p>
                  <div className={ui.actions}>
                    <button
                      type="button"
                      className={ui.secondary}
                      disabled={count === 0}
                      onClick={() => {
                        setError(undefined);
                        session
                          .addNextAccount(secret.id, nextAccountNamePrefix())
                          .catch((e: unknown) => setError(errorMessage(e)));
                      }}
                    >
                      {t('accounts:phrases.addNext')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <ErrorAlert message={error} />
        </section>
      )}
    </Screen>
  );
}
