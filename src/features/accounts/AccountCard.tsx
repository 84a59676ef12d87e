import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { AddressText } from '@/components/AddressText';
import { CopyButton } from '@/components/CopyButton';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { Identicon } from '@/components/Identicon';
import { PublicKeyBadge } from '@/components/PublicKeyBadge';
import { T } from '@/components/T';
import { Truncated } from '@/components/Truncated';
import ui from '@/components/ui.module.css';
import { type Account, holdsVaultKey } from '@/core/accounts/account';
import { walletName } from '@/core/externalWallet/walletRequests';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import { MAX_ACCOUNT_NAME_LENGTH } from '@/core/vault/accountEdits';
import type { SecretSummary } from '@/core/vault/vaultSession';
import { translate, useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useLinks } from '@/lib/links';
import { useVaultSession } from '@/lib/vault/vault';
import styles from './accounts.module.css';
import { ExportKeystorePanel } from './ExportKeystorePanel';
import { PanelActions } from './PanelActions';
import { RevealSecretPanel } from './RevealSecretPanel';

type Panel = 'rename' | 'remove' | 'phrase' | 'privateKey' | 'keystore' | undefined;

/** The card's buttons that move its account one place up or down the list. */
const MOVES = [
  { by: -1, label: 'accounts:card.moveUp' },
  { by: 1, label: 'accounts:card.moveDown' },
] as const;

function sourceText(account: Account, secret: SecretSummary | undefined): Message {
  const { source } = account;
  switch (source.kind) {
    case 'watch':
      return msg('accounts:source.watch');
    case 'key':
      return msg(secret?.origin === 'imported-keystore' ? 'accounts:source.keystore' : 'accounts:source.privateKey');
    case 'hd': {
      const path = codeValue(source.path);
      if (secret?.kind === 'masterSecret')
        return msg(secret.hasPassphrase ? 'accounts:source.sharesWithPassphrase' : 'accounts:source.shares', { path });
      return msg(secret?.hasPassphrase ? 'accounts:source.phraseWithPassphrase' : 'accounts:source.phrase', { path });
    }
    case 'ledger':
      return msg('accounts:source.ledger', { path: codeValue(source.path) });
    case 'qrDevice':
      return msg('accounts:source.qrDevice', {
        device: untrustedValue(source.deviceName, 'name'),
        path: codeValue(source.path),
      });
    case 'external':
      return msg('accounts:source.external', { wallet: walletName({ name: source.walletName }) });
    case 'safe':
      return msg('accounts:source.safe', { version: codeValue(source.version) });
    case 'passkeyAccount':
      return msg('accounts:source.passkeyAccount', { count: source.credentials.length });
  }
}

/** A sentence about the account by its name (a name the person or a device chose). */
function accountMessage(
  id: 'accounts:rename.label' | 'accounts:remove.label' | 'accounts:remove.question',
  account: Account,
): Message {
  return msg(id, { name: untrustedValue(account.name, 'name') });
}

/** What removing the last account of a secret does: the secret goes too, and whether a copy exists. */
function lastOfSecretWarning(secret: SecretSummary | undefined) {
  const neverBackedUp = secret?.backedUp === false;
  if (secret?.kind === 'masterSecret') return 'accounts:remove.lastOfShares';
  if (secret?.kind === 'phrase')
    return neverBackedUp ? 'accounts:remove.lastOfPhrase.notBackedUp' : 'accounts:remove.lastOfPhrase.backedUp';
  return neverBackedUp ? 'accounts:remove.lastOfKey.notBackedUp' : 'accounts:remove.lastOfKey.backedUp';
}

export function AccountCard({
  account,
  secret,
  lastOfSecret,
  first,
  last,
  initialPanel,
  extra,
}: {
  account: Account;
  secret: SecretSummary | undefined;
  /** Removing this account also removes its secret from Cairn. */
  lastOfSecret: boolean;
  first: boolean;
  last: boolean;
  /** A panel to open at once (the backup reminder links straight to showing the phrase). */
  initialPanel?: 'phrase' | 'privateKey' | undefined;
  /** More about the account, below where its key is (see AccountsScreen's accountExtra). */
  extra?: ReactNode;
}) {
  const t = useT('accounts');
  const session = useVaultSession();
  const links = useLinks();
  const [panel, setPanel] = useState<Panel>(initialPanel);
  const [name, setName] = useState(account.name);
  const [error, setError] = useState<Message | string>();
  const [confirmRemoval, setConfirmRemoval] = useState(false);
  const close = () => {
    setPanel(undefined);
    setError(undefined);
  };
  const run = (action: () => Promise<unknown>) => {
    setError(undefined);
    action().then(close, (e: unknown) => setError(errorMessage(e)));
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    run(() => session.rename(account.id, name));
  };
  const titleId = `account-${account.id}`;

  return (
    <li className={ui.card} aria-labelledby={titleId}>
      <div className={styles.cardHeader}>
        <Identicon address={account.address} size={32} />
        <h2 id={titleId} className={styles.cardName}>
          <Truncated text={account.name} />
        </h2>
        {account.demo && <PublicKeyBadge />}
        {account.source.kind === 'watch' && <span className={styles.tag}>{t('accounts:tag.watch')}</span>}
        {account.source.kind === 'qrDevice' && <span className={styles.tag}>{t('accounts:tag.qrDevice')}</span>}
        {account.source.kind === 'ledger' && <span className={styles.tag}>{t('accounts:tag.ledger')}</span>}
        {account.source.kind === 'external' && <span className={styles.tag}>{t('accounts:tag.browserWallet')}</span>}
        {account.hidden && <span className={styles.tag}>{t('accounts:tag.hidden')}</span>}
      </div>
      <p>
        <AddressText address={account.address} />
      </p>
      <p className={ui.muted}>
        <T message={sourceText(account, secret)} />
      </p>
      {account.source.kind === 'safe' && (
        <p>
          <Link to={links.safe(account.address)}>{t('accounts:card.openSafe')}</Link>
        </p>
      )}
      {extra}
      <div className={ui.actions}>
        <CopyButton value={account.address} label={t('accounts:card.copyAddress')} />
        <button type="button" className={ui.secondary} onClick={() => setPanel('rename')}>
          {t('accounts:card.rename')}
        </button>
        {MOVES.map(({ by, label }) => (
          <button
            key={by}
            type="button"
            className={ui.secondary}
            disabled={by < 0 ? first : last}
            onClick={() => run(() => session.move(account.id, by))}
          >
            {t(label)}
          </button>
        ))}
        <button
          type="button"
          className={ui.secondary}
          onClick={() => run(() => session.setHidden(account.id, !account.hidden))}
        >
          {t(account.hidden ? 'accounts:card.show' : 'accounts:card.hide')}
        </button>
        {account.source.kind === 'hd' && secret?.kind === 'phrase' && (
          <button type="button" className={ui.secondary} onClick={() => setPanel('phrase')}>
            {t('accounts:card.showPhrase')}
          </button>
        )}
        {holdsVaultKey(account) && (
          <>
            <button type="button" className={ui.secondary} onClick={() => setPanel('privateKey')}>
              {t('accounts:card.showPrivateKey')}
            </button>
            <button type="button" className={ui.secondary} onClick={() => setPanel('keystore')}>
              {t('accounts:card.downloadKeystore')}
            </button>
          </>
        )}
        <button type="button" className={ui.dangerButton} onClick={() => setPanel('remove')}>
          {t('accounts:card.remove')}
        </button>
      </div>
      {error && !panel && (
        <p role="alert" className={ui.noticeDanger}>
          <T message={error} />
        </p>
      )}
      {panel === 'rename' && (
        <form
          className={styles.panel}
          onSubmit={rename}
          noValidate
          aria-label={translate(accountMessage('accounts:rename.label', account))}
        >
          <Field label={t('accounts:rename.nameLabel')} error={error}>
            <input
              type="text"
              value={name}
              maxLength={MAX_ACCOUNT_NAME_LENGTH + 10}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <PanelActions onCancel={close}>
            <button type="submit">{t('accounts:rename.save')}</button>
          </PanelActions>
        </form>
      )}
      {panel === 'remove' && (
        <section className={styles.panel} aria-label={translate(accountMessage('accounts:remove.label', account))}>
          {lastOfSecret ? (
            <>
              <p className={ui.noticeDanger}>{t(lastOfSecretWarning(secret))}</p>
              <label className={ui.actions}>
                <input type="checkbox" checked={confirmRemoval} onChange={(e) => setConfirmRemoval(e.target.checked)} />
                <span>
                  {t(secret?.kind === 'phrase' ? 'accounts:remove.haveBackupPhrase' : 'accounts:remove.haveBackupKey')}
                </span>
              </label>
            </>
          ) : (
            <p>
              <T message={accountMessage('accounts:remove.question', account)} />{' '}
              {account.source.kind === 'hd' ? t('accounts:remove.addAgain') : ''}
            </p>
          )}
          {account.source.kind === 'passkeyAccount' && (
            <p role="alert" className={ui.noticeDanger}>
              {t('accounts:remove.passkeyAccount')}
            </p>
          )}
          <ErrorAlert message={error} />
          <PanelActions onCancel={close}>
            <button
              type="button"
              className={ui.dangerButton}
              disabled={lastOfSecret && !confirmRemoval}
              onClick={() => run(() => session.remove(account.id))}
            >
              {t('accounts:remove.confirm')}
            </button>
          </PanelActions>
        </section>
      )}
      {(panel === 'phrase' || panel === 'privateKey') && (
        <RevealSecretPanel account={account} what={panel} onClose={close} />
      )}
      {panel === 'keystore' && <ExportKeystorePanel account={account} onClose={close} />}
    </li>
  );
}
