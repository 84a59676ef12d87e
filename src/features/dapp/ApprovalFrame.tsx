import { type ReactNode, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { AddressText } from '@/components/AddressText';
import { ErrorAlert } from '@/components/ErrorAlert';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { type Message, msg, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useSession } from '@/lib/stores/session';
import { useVaultAccount } from '@/lib/vault/vault';
import styles from './dapp.module.css';
import { useDappConnection } from './dappContext';
import { MiscasedAddresses } from './MiscasedAddresses';
import { SiteOrigin } from './SiteOrigin';
import { useApproveDelay } from './useApproveDelay';

type ApprovalFrameProps = {
  /** What is asked, as a question ("Sign this message?"). */
  title: string;
  /** The request's id: a new request (or another network) restarts the approve delay. */
  requestId: number;
  /**
   * A new value restarts the approve delay at once: something the person decides on changed in a
   * part of the request marked `data-volatile` (a preview's amounts, see PreviewFollow's `decisions`).
   */
  restartKey?: string | number | undefined;
  account?: string | undefined;
  network?: Network | undefined;
  children: ReactNode;
  approveLabel: string;
  onApprove(): void;
  onDecline(): void;
  /** Approve stays disabled (an unacknowledged warning, nothing chosen). */
  approveBlocked?: boolean;
  busy?: boolean;
  error?: Message | string | undefined;
};

/**
 * Every approval window's frame: who asks (the origin, large; the name the site gives itself,
 * marked unverified), the person's anti-phishing phrase, where the request stands in the queue,
 * the account and network, then the request and the decision. Approve is disabled for about a
 * second whenever the window appears or comes back into focus, and whenever what is shown above
 * the buttons changes; the first click after the window gains focus does nothing (useApproveDelay).
 */
export function ApprovalFrame(props: ApprovalFrameProps) {
  const t = useT('dapp');
  const connection = useDappConnection();
  const pending = useStore(connection.store, (s) => s.pending.length);
  const refused = useStore(connection.store, (s) => s.refused);
  const miscased = useStore(connection.store, (s) => s.pending.find((p) => p.id === props.requestId)?.miscased);
  const [checkedAddresses, setCheckedAddresses] = useState(false);
  const checksumHolds = miscased !== undefined && !checkedAddresses;
  const phrase = useSession((s) => s.antiPhishingPhrase);
  const content = useRef<HTMLDivElement>(null);
  const delay = useApproveDelay(
    `${props.requestId} ${props.network?.id} ${props.network?.chainId} ${props.restartKey ?? ''}`,
    content,
  );
  const ready = delay.ready;
  const accountName = useVaultAccount(props.account)?.name;
  return (
    <section className={styles.window} aria-labelledby="approval-title">
      <div ref={content} className={styles.content}>
        <h1 id="approval-title">{props.title}</h1>
        <SiteOrigin origin={connection.origin} />
        <p className={styles.claimed}>
          {connection.dapp.icon && <img src={connection.dapp.icon} alt="" />}
          <span>
            <T
              id="dapp:frame.claimedName"
              values={{
                name: connection.dapp.name ? untrustedValue(connection.dapp.name, 'name') : msg('dapp:noName'),
              }}
            />
          </span>
        </p>
        {phrase ? (
          <p className={styles.phrase}>
            <T id="dapp:frame.phrase" values={{ phrase: untrustedValue(phrase, 'name') }} tags={{ 0: <strong /> }} />
          </p>
        ) : (
          <p className={ui.muted}>{t('dapp:frame.noPhrase')}</p>
        )}
        {pending > 1 && <p role="status">{t('dapp:frame.queue', { pending })}</p>}
        {refused > 0 && (
          <p className={ui.noticeWarning} role="status">
            {t('dapp:frame.refused', { refused })}
          </p>
        )}
        {(props.account || props.network) && (
          <dl className={styles.facts}>
            {props.account && (
              <>
                <dt>{t('dapp:facts.account')}</dt>
                <dd>
                  {accountName && <>{accountName} — </>}
                  <AddressText address={props.account} />
                </dd>
              </>
            )}
            {props.network && (
              <>
                <dt>{t('dapp:facts.network')}</dt>
                <dd>
                  <T
                    id="dapp:networkWithChainId"
                    values={{
                      name: untrustedValue(props.network.name, 'name'),
                      chainId: String(props.network.chainId),
                    }}
                  />
                </dd>
              </>
            )}
          </dl>
        )}
        {miscased && (
          <MiscasedAddresses miscased={miscased} checked={checkedAddresses} onChecked={setCheckedAddresses} />
        )}
        {props.children}
        <ErrorAlert message={props.error} />
      </div>
      <div className={ui.actions}>
        <button
          type="button"
          onClick={() => delay.allows() && !checksumHolds && props.onApprove()}
          disabled={!ready || props.busy || props.approveBlocked || checksumHolds}
        >
          {props.approveLabel}
        </button>
        <button type="button" className={ui.secondary} onClick={props.onDecline} disabled={props.busy}>
          {t('dapp:frame.decline')}
        </button>
      </div>
      {delay.swallowed && (
        <p role="status" className={ui.muted}>
          {t('dapp:frame.firstClick')}
        </p>
      )}
      {!ready && <p className={ui.muted}>{t('dapp:frame.delay')}</p>}
    </section>
  );
}
