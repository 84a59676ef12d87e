import { type FormEvent, useState } from 'react';
import { AddressText } from '@/components/AddressText';
import { CopyButton } from '@/components/CopyButton';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { Identicon } from '@/components/Identicon';
import { PublicKeyBadge } from '@/components/PublicKeyBadge';
import { Truncated } from '@/components/Truncated';
import ui from '@/components/ui.module.css';
import { type Account, holdsVaultKey } from '@/core/accounts/account';
import { walletLabel } from '@/core/externalWallet/walletRequests';
import { untrustedLabel } from '@/core/text/untrustedText';
import { MAX_ACCOUNT_NAME_LENGTH } from '@/core/vault/contentsOps';
import type { SecretSummary } from '@/core/vault/vaultSession';
import { errorText } from '@/lib/errorMessages';
import { useVaultSession } from '@/lib/vault';
import styles from './accounts.module.css';
import { ExportKeystorePanel } from './ExportKeystorePanel';
import { RevealSecretPanel } from './RevealSecretPanel';

type Panel = 'rename' | 'remove' | 'phrase' | 'privateKey' | 'keystore' | undefined;

function sourceText(account: Account, secret: SecretSummary | undefined): string {
  switch (account.source.kind) {
    case 'watch':
      return 'Watch-only: no key in Cairn';
    case 'key':
      return secret?.origin === 'imported-keystore' ? 'Imported keystore file' : 'Imported private key';
    case 'hd':
      return `Recovery phrase${secret?.hasPassphrase ? ' with passphrase' : ''}, path ${account.source.path}`;
    case 'ledger':
      return `Key on a Ledger, path ${account.source.path}`;
    case 'qrDevice':
      return `Key on ${untrustedLabel(account.source.deviceName, 'name')} (signs by QR code), path ${account.source.path}`;
    case 'external':
      return `Key in ${walletLabel({ name: account.source.walletName })}, a browser wallet that signs and sends`;
  }
}

export function AccountCard({
  account,
  secret,
  lastOfSecret,
  first,
  last,
  initialPanel,
}: {
  account: Account;
  secret: SecretSummary | undefined;
  /** Removing this account also removes its secret from Cairn. */
  lastOfSecret: boolean;
  first: boolean;
  last: boolean;
  /** A panel to open at once (the backup reminder links straight to showing the phrase). */
  initialPanel?: 'phrase' | 'privateKey' | undefined;
}) {
  const session = useVaultSession();
  const [panel, setPanel] = useState<Panel>(initialPanel);
  const [name, setName] = useState(account.name);
  const [error, setError] = useState<string>();
  const [confirmRemoval, setConfirmRemoval] = useState(false);
  const close = () => {
    setPanel(undefined);
    setError(undefined);
  };
  const run = (action: () => Promise<unknown>) => {
    setError(undefined);
    action().then(close, (e: unknown) => setError(errorText(e)));
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
        {account.source.kind === 'watch' && <span className={styles.tag}>Watch-only</span>}
        {account.source.kind === 'qrDevice' && <span className={styles.tag}>QR device</span>}
        {account.source.kind === 'ledger' && <span className={styles.tag}>Ledger</span>}
        {account.source.kind === 'external' && <span className={styles.tag}>Browser wallet</span>}
        {account.hidden && <span className={styles.tag}>Hidden</span>}
      </div>
      <p>
        <AddressText address={account.address} />
      </p>
      <p className={ui.muted}>{sourceText(account, secret)}</p>
      <div className={ui.actions}>
        <CopyButton value={account.address} label="Copy address" />
        <button type="button" className={ui.secondary} onClick={() => setPanel('rename')}>
          Rename
        </button>
        <button
          type="button"
          className={ui.secondary}
          disabled={first}
          onClick={() => run(() => session.move(account.id, -1))}
        >
          Move up
        </button>
        <button
          type="button"
          className={ui.secondary}
          disabled={last}
          onClick={() => run(() => session.move(account.id, 1))}
        >
          Move down
        </button>
        <button
          type="button"
          className={ui.secondary}
          onClick={() => run(() => session.setHidden(account.id, !account.hidden))}
        >
          {account.hidden ? 'Show' : 'Hide'}
        </button>
        {account.source.kind === 'hd' && (
          <button type="button" className={ui.secondary} onClick={() => setPanel('phrase')}>
            Show recovery phrase
          </button>
        )}
        {holdsVaultKey(account) && (
          <>
            <button type="button" className={ui.secondary} onClick={() => setPanel('privateKey')}>
              Show private key
            </button>
            <button type="button" className={ui.secondary} onClick={() => setPanel('keystore')}>
              Download keystore file
            </button>
          </>
        )}
        <button type="button" className={ui.dangerButton} onClick={() => setPanel('remove')}>
          Remove
        </button>
      </div>
      {error && !panel && (
        <p role="alert" className={ui.noticeDanger}>
          {error}
        </p>
      )}
      {panel === 'rename' && (
        <form className={styles.panel} onSubmit={rename} noValidate aria-label={`Rename ${account.name}`}>
          <Field label="Account name" error={error}>
            <input
              type="text"
              value={name}
              maxLength={MAX_ACCOUNT_NAME_LENGTH + 10}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <div className={ui.actions}>
            <button type="submit">Save name</button>
            <button type="button" className={ui.secondary} onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {panel === 'remove' && (
        <section className={styles.panel} aria-label={`Remove ${account.name}`}>
          {lastOfSecret ? (
            <>
              <p className={ui.noticeDanger}>
                This is the last account of its {secret?.kind === 'phrase' ? 'recovery phrase' : 'private key'}:
                removing it deletes the {secret?.kind === 'phrase' ? 'phrase' : 'key'} from Cairn.
                {secret?.backedUp === false
                  ? ' It has never been backed up: unless you write it down first (Show recovery phrase), the funds are lost for good.'
                  : ' Make sure you have it written down, or the funds cannot be recovered.'}
              </p>
              <label className={ui.actions}>
                <input type="checkbox" checked={confirmRemoval} onChange={(e) => setConfirmRemoval(e.target.checked)} />
                <span>I have a backup of this {secret?.kind === 'phrase' ? 'recovery phrase' : 'key'}.</span>
              </label>
            </>
          ) : (
            <p>
              Remove {account.name} from Cairn?{' '}
              {account.source.kind === 'hd' ? 'You can add it again from its recovery phrase.' : ''}
            </p>
          )}
          <ErrorAlert message={error} />
          <div className={ui.actions}>
            <button
              type="button"
              className={ui.dangerButton}
              disabled={lastOfSecret && !confirmRemoval}
              onClick={() => run(() => session.remove(account.id))}
            >
              Remove account
            </button>
            <button type="button" className={ui.secondary} onClick={close}>
              Cancel
            </button>
          </div>
        </section>
      )}
      {(panel === 'phrase' || panel === 'privateKey') && (
        <RevealSecretPanel account={account} what={panel} onClose={close} />
      )}
      {panel === 'keystore' && <ExportKeystorePanel account={account} onClose={close} />}
    </li>
  );
}
