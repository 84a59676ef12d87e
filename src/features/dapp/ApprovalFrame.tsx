import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import { AddressText } from '@/components/AddressText';
import { ErrorAlert } from '@/components/ErrorAlert';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { useSession } from '@/lib/session';
import { useVault } from '@/lib/vault';
import styles from './dapp.module.css';
import { useDappConnection } from './dappContext';
import { SiteOrigin } from './SiteOrigin';
import { useApproveDelay } from './useApproveDelay';

type ApprovalFrameProps = {
  /** What is asked, as a question ("Sign this message?"). */
  title: string;
  /** The request's id: a new request restarts the approve delay. */
  requestId: number;
  account?: string | undefined;
  network?: Network | undefined;
  children: ReactNode;
  approveLabel: string;
  onApprove(): void;
  onDecline(): void;
  /** Approve stays disabled (an unacknowledged warning, nothing chosen). */
  approveBlocked?: boolean;
  busy?: boolean;
  error?: string | undefined;
};

/**
 * Every approval window's frame: who asks (the origin, large; the name the site gives itself,
 * marked unverified), the person's anti-phishing phrase, where the request stands in the queue,
 * the account and network, then the request and the decision. Approve is disabled for about a
 * second whenever the window appears or comes back into focus.
 */
export function ApprovalFrame(props: ApprovalFrameProps) {
  const connection = useDappConnection();
  const pending = useStore(connection.store, (s) => s.pending.length);
  const refused = useStore(connection.store, (s) => s.refused);
  const phrase = useSession((s) => s.antiPhishingPhrase);
  const accounts = useVault((s) => s.accounts);
  const ready = useApproveDelay(props.requestId);
  const accountName = accounts.find(
    (a) => props.account && a.address.toLowerCase() === props.account.toLowerCase(),
  )?.name;
  return (
    <section className={styles.window} aria-labelledby="approval-title">
      <h1 id="approval-title">{props.title}</h1>
      <SiteOrigin origin={connection.origin} />
      <p className={styles.claimed}>
        {connection.dapp.icon && <img src={connection.dapp.icon} alt="" />}
        <span>
          It calls itself “<UntrustedText text={connection.dapp.name || '(no name)'} kind="name" />” (unverified: any
          site can say any name).
        </span>
      </p>
      {phrase ? (
        <p className={styles.phrase}>
          Your phrase:{' '}
          <strong>
            <UntrustedText text={phrase} kind="name" />
          </strong>
          . Only Cairn’s own window can show it; if it is missing or wrong, close this window.
        </p>
      ) : (
        <p className={ui.muted}>
          Choose an anti-phishing phrase in Cairn (Settings → Connected sites): Cairn’s real window shows it, a fake one
          cannot.
        </p>
      )}
      {pending > 1 && <p role="status">Request 1 of {pending} from this site.</p>}
      {refused > 0 && (
        <p className={ui.noticeWarning} role="status">
          This site sent requests too fast: {refused} were refused.
        </p>
      )}
      {(props.account || props.network) && (
        <dl className={styles.facts}>
          {props.account && (
            <>
              <dt>Account</dt>
              <dd>
                {accountName && <>{accountName} — </>}
                <AddressText address={props.account} />
              </dd>
            </>
          )}
          {props.network && (
            <>
              <dt>Network</dt>
              <dd>
                {props.network.name} (chain id {props.network.chainId})
              </dd>
            </>
          )}
        </dl>
      )}
      {props.children}
      <ErrorAlert message={props.error} />
      <div className={ui.actions}>
        <button type="button" onClick={props.onApprove} disabled={!ready || props.busy || props.approveBlocked}>
          {props.approveLabel}
        </button>
        <button type="button" className={ui.secondary} onClick={props.onDecline} disabled={props.busy}>
          Decline
        </button>
      </div>
      {!ready && <p className={ui.muted}>The buttons wake up a moment after this window appears.</p>}
    </section>
  );
}
