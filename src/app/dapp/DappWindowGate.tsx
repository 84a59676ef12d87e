import { type ReactNode, Suspense } from 'react';
import { ScreenSkeleton } from '@/components/Skeleton';
import { T } from '@/components/T';
import { Toasts } from '@/components/Toasts';
import ui from '@/components/ui.module.css';
import type { DappConnection } from '@/core/dapp/connection';
import { noWalletError } from '@/core/dapp/siteErrors';
import type { Handshake } from '@/core/dapp/windowHandshake';
import { codeValue } from '@/core/i18n/message';
import { ApprovalQueue } from '@/features/dapp/ApprovalQueue';
import styles from '@/features/dapp/dapp.module.css';
import { DappConnectionProvider } from '@/features/dapp/dappContext';
import { DeviceSigningHost } from '@/features/deviceSigning/DeviceSigningHost';
import { UnlockScreen } from '@/features/unlock/UnlockScreen';
import { useT } from '@/lib/i18n';
import { QueryScope } from '@/lib/queries/queryClient';
import { useVault } from '@/lib/vault/vault';
import { useAutoLock } from '../useAutoLock';

type Failure = Extract<Handshake, { ok: false }>['reason'];

/**
 * What the dApp window shows: why it cannot serve (not opened by a site, the site went away), the
 * unlock screen while Cairn is locked, set-up advice when there is no wallet, else the site's
 * requests one at a time.
 */
export function DappWindowGate({
  connection,
  failure,
}: {
  connection: DappConnection | undefined;
  failure: Failure | undefined;
}) {
  const t = useT('dapp');
  const status = useVault((s) => s.status);
  useAutoLock();
  if (!connection) return <WindowProblem failure={failure ?? 'not-opened'} />;
  return (
    <DappConnectionProvider connection={connection}>
      <main id="main" className={styles.window}>
        {status === 'loading' && <ScreenSkeleton label={t('dapp:window.opening')} />}
        {status === 'locked' && (
          <>
            <p>
              <T id="dapp:window.locked" values={{ origin: codeValue(connection.origin) }} />
            </p>
            <Suspense fallback={<ScreenSkeleton />}>
              <UnlockScreen />
            </Suspense>
          </>
        )}
        {(status === 'empty' || status === 'damaged' || status === 'newer') && (
          <NoWallet connection={connection} empty={status === 'empty'} />
        )}
        {status === 'unlocked' && (
          <QueryScope>
            <ApprovalQueue />
          </QueryScope>
        )}
      </main>
      <Toasts />
      <DeviceSigningHost />
    </DappConnectionProvider>
  );
}

function NoWallet({ connection, empty }: { connection: DappConnection; empty: boolean }) {
  const t = useT('dapp');
  const close = () => {
    connection.rejectAll(noWalletError());
    window.close();
  };
  return (
    <section aria-labelledby="no-wallet-title">
      <h1 id="no-wallet-title">{empty ? t('dapp:noWallet.emptyTitle') : t('dapp:noWallet.damagedTitle')}</h1>
      <p>
        <T id={empty ? 'dapp:noWallet.empty' : 'dapp:noWallet.damaged'} tags={{ 0: <CairnLink /> }} />
      </p>
      <div className={ui.actions}>
        <button type="button" onClick={close}>
          {t('dapp:close')}
        </button>
      </div>
    </section>
  );
}

/** A link to Cairn's own window, its words given by the sentence it stands in. */
function CairnLink({ children }: { children?: ReactNode }) {
  return <a href="./">{children}</a>;
}

function WindowProblem({ failure }: { failure: Failure }) {
  const t = useT('dapp');
  return (
    <main id="main" className={styles.window}>
      <h1>{t('dapp:windowProblem.title')}</h1>
      {failure === 'not-opened' ? (
        <p>
          <T
            id="dapp:windowProblem.notOpened"
            values={{
              sent: codeValue('Cross-Origin-Opener-Policy: same-origin'),
              wanted: codeValue('same-origin-allow-popups'),
            }}
            tags={{ 0: <code />, 1: <code /> }}
          />
        </p>
      ) : (
        <p>{t('dapp:windowProblem.noAnswer')}</p>
      )}
      <p>
        <a href="./">{t('dapp:windowProblem.openCairn')}</a>
      </p>
    </main>
  );
}
