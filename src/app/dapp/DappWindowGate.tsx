import { Suspense } from 'react';
import { ScreenSkeleton } from '@/components/Skeleton';
import { Toasts } from '@/components/Toasts';
import ui from '@/components/ui.module.css';
import type { DappConnection } from '@/core/dapp/connection';
import { providerError } from '@/core/dapp/providerErrors';
import type { Handshake } from '@/core/dapp/windowHandshake';
import { ApprovalQueue } from '@/features/dapp/ApprovalQueue';
import styles from '@/features/dapp/dapp.module.css';
import { DappConnectionProvider } from '@/features/dapp/dappContext';
import { DeviceSigningHost } from '@/features/deviceSigning/DeviceSigningHost';
import { UnlockScreen } from '@/features/unlock/UnlockScreen';
import { QueryScope } from '@/lib/queries/queryClient';
import { useVault } from '@/lib/vault';
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
  const status = useVault((s) => s.status);
  useAutoLock();
  if (!connection) return <WindowProblem failure={failure ?? 'not-opened'} />;
  return (
    <DappConnectionProvider connection={connection}>
      <main id="main" className={styles.window}>
        {status === 'loading' && <ScreenSkeleton label="Opening Cairn…" />}
        {status === 'locked' && (
          <>
            <p>
              A site is asking Cairn for something. Unlock Cairn to see what: <bdi dir="ltr">{connection.origin}</bdi>
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
  const close = () => {
    connection.rejectAll(providerError('unauthorized', 'Cairn has no wallet yet: the person must set one up first.'));
    window.close();
  };
  return (
    <section aria-labelledby="no-wallet-title">
      <h1 id="no-wallet-title">{empty ? 'Set up Cairn first' : 'Cairn cannot open its wallet here'}</h1>
      <p>
        {empty
          ? 'A site wants to connect, but Cairn has no wallet in this browser yet.'
          : 'A site wants to connect, but the saved wallet cannot be opened in this window.'}{' '}
        Open <a href="./">Cairn</a> {empty ? 'to create or import a wallet' : 'to see why'}, then connect again from the
        site.
      </p>
      <div className={ui.actions}>
        <button type="button" onClick={close}>
          Close
        </button>
      </div>
    </section>
  );
}

function WindowProblem({ failure }: { failure: Failure }) {
  return (
    <main id="main" className={styles.window}>
      <h1>This window cannot serve a site</h1>
      {failure === 'not-opened' ? (
        <p>
          Cairn opens this window when a site asks for your approval. It was not opened by a site, or the site’s page
          cut its link to windows it opens (it sends <code>Cross-Origin-Opener-Policy: same-origin</code>; it should
          send <code>same-origin-allow-popups</code>).
        </p>
      ) : (
        <p>The site that opened this window did not answer. Close this window and try again from the site.</p>
      )}
      <p>
        <a href="./">Open Cairn</a>
      </p>
    </main>
  );
}
