import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AddressText } from '@/components/AddressText';
import { CodeText } from '@/components/CodeText';
import { DisclosureButton } from '@/components/DisclosureButton';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import { canSign } from '@/core/accounts/signerKinds';
import type { Network } from '@/core/chain/networks';
import { codeValue } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import type { PendingSafeTx } from '@/core/safe/pendingSafeTx';
import type { SafeState } from '@/core/safe/readSafe';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { useSafeTxActions } from '@/lib/safeScreenHooks';
import { useVault } from '@/lib/vault/vault';
import { ApprovePanel } from './ApprovePanel';
import { ConfirmationLines } from './ConfirmationLines';
import { ExecutePanel } from './ExecutePanel';
import { OwnerActions } from './OwnerActions';
import { PassItOn } from './PassItOn';
import { PasteSignature } from './PasteSignature';
import { SafeTxWhat } from './SafeTxWhat';
import styles from './safe.module.css';
import { type Standing, useStanding } from './useConfirmations';

type Panel = { kind: 'approve'; owner: Account } | { kind: 'execute' } | { kind: 'share' } | { kind: 'remove' };

/** Where the kept transaction stands, in words. */
function StatusWords({ pending, standing }: { pending: PendingSafeTx; standing: Standing }) {
  const t = useT('safe');
  if (pending.status !== 'pending') return <>{t('safe:status.settled', { status: pending.status })}</>;
  if (standing.undecided) return <>{t('safe:status.nonceUsed')}</>;
  if (standing.nonceUsed) return <>{t('safe:status.checking')}</>;
  if (standing.waitsFor) return <>{t('safe:status.waitsFor')}</>;
  return <>{t(standing.executable ? 'safe:status.ready' : 'safe:status.collecting')}</>;
}

/**
 * One kept Safe transaction: its nonce, what it does, its full safeTxHash, how many of the owners
 * needed have confirmed, where it stands, and what the person can do: sign or confirm on-chain as
 * each of their owner accounts, add an owner's signature made elsewhere, pass it on, execute it
 * once confirmed, or forget it.
 */
export function PendingCard({
  network,
  state,
  pending,
}: {
  network: Network;
  state: SafeState;
  pending: PendingSafeTx;
}) {
  const t = useT('safe');
  const titleId = useId();
  const links = useLinks();
  const accounts = useVault((s) => s.accounts);
  const standing = useStanding(network, state, pending);
  const { removeSafeTx } = useSafeTxActions();
  const [panel, setPanel] = useState<Panel>();
  const close = () => setPanel(undefined);
  const open = pending.status === 'pending' && !standing.nonceUsed;
  const isOwner = (a: Account) => state.owners.some((owner) => sameAddress(owner, a.address));
  const confirmed = (a: Account) => standing.confirmed.some((c) => sameAddress(c, a.address));
  const owners = open ? accounts.filter((a) => canSign(a) && isOwner(a) && !confirmed(a)) : [];
  const nonce = pending.tx.nonce.toString();
  return (
    <li className={ui.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.txTitle}>
        {t('safe:tx.title', { nonce })}
      </h3>
      <SafeTxWhat network={network} state={state} tx={pending.tx} message={pending.message} />
      <dl className={ui.facts}>
        <dt>{t('safe:tx.hash')}</dt>
        <dd>
          <CodeText>{pending.safeTxHash}</CodeText>
        </dd>
        <dt>{t('safe:tx.confirmations')}</dt>
        <dd>
          <ConfirmationLines standing={standing} accounts={accounts} />
        </dd>
        <dt>{t('safe:tx.status')}</dt>
        <dd>
          <StatusWords pending={pending} standing={standing} />
          {pending.execution && (
            <>
              <br />
              <Link to={links.transaction(pending.execution.hash)}>{t('safe:tx.openExecution')}</Link>
            </>
          )}
        </dd>
      </dl>
      {pending.status === 'pending' &&
        pending.proposedWith &&
        pending.proposedWith.threshold !== standing.threshold && (
          <p className={ui.noticeWarning}>
            {t('safe:tx.thresholdChanged', { before: pending.proposedWith.threshold, now: standing.threshold })}
          </p>
        )}
      {standing.exOwners.length > 0 && (
        <div className={`${ui.noticeWarning} ${ui.stack}`}>
          <p className={ui.flush}>{t('safe:tx.exOwners', { count: standing.exOwners.length })}</p>
          <ul className={ui.plainList}>
            {standing.exOwners.map((signer) => (
              <li key={signer}>
                <AddressText address={signer} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {open && (
        <OwnerActions
          network={network}
          state={state}
          pending={pending}
          owners={owners}
          busy={panel?.kind === 'approve' || panel?.kind === 'execute'}
          onApprove={(owner) => setPanel({ kind: 'approve', owner })}
        />
      )}
      {open && <PasteSignature state={state} pending={pending} counted={standing.confirmed} />}
      <div className={ui.actions}>
        {standing.executable && (
          <button type="button" aria-expanded={panel?.kind === 'execute'} onClick={() => setPanel({ kind: 'execute' })}>
            {t('safe:tx.execute')}
          </button>
        )}
        {pending.status === 'pending' && (
          <DisclosureButton
            open={panel?.kind === 'share'}
            onToggle={(open) => setPanel(open ? { kind: 'share' } : undefined)}
            className={ui.secondary}
          >
            {t('safe:tx.share')}
          </DisclosureButton>
        )}
        <button type="button" className={ui.secondary} onClick={() => setPanel({ kind: 'remove' })}>
          {t('safe:tx.remove')}
        </button>
      </div>
      {panel?.kind === 'approve' && (
        <ApprovePanel key={panel.owner.id} network={network} pending={pending} owner={panel.owner} onClose={close} />
      )}
      {panel?.kind === 'execute' && (
        <ExecutePanel
          network={network}
          state={state}
          pending={pending}
          approvedOnChain={standing.onChain}
          confirmed={standing.confirmed.length}
          onClose={close}
        />
      )}
      {panel?.kind === 'share' && <PassItOn pending={pending} />}
      {panel?.kind === 'remove' && (
        <div className={`${ui.noticeWarning} ${ui.stack}`}>
          <p className={ui.flush}>
            <T id="safe:remove.question" values={{ nonce: codeValue(nonce) }} />
          </p>
          <div className={ui.actions}>
            <button type="button" className={ui.dangerButton} onClick={() => removeSafeTx(pending)}>
              {t('safe:remove.confirm')}
            </button>
            <button type="button" className={ui.secondary} onClick={close}>
              {t('safe:remove.cancel')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
