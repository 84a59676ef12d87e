import { ErrorAlert } from '@/components/ErrorAlert';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { useSendingHeld, VerificationHold } from '@/components/VerificationHold';
import type { Account } from '@/core/accounts/account';
import { signerProfile } from '@/core/accounts/signerKinds';
import type { Network } from '@/core/chain/networks';
import { noEip7702Message } from '@/core/smartAccount/support';
import { isActive } from '@/core/tx/record';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useAccountRecords } from '@/lib/queries/recordQueries';
import { useSmartAccount } from '@/lib/useSmartAccount';
import { SentStatus } from './SentStatus';
import { StateLine } from './StateLine';
import { UndoSection } from './UndoSection';
import { UpgradeExplainer } from './UpgradeExplainer';
import { UpgradeForm } from './UpgradeForm';
import { UpgradeReview } from './UpgradeReview';
import { useUpgradeFlow } from './useUpgradeFlow';

/**
 * The account's state, then what can be done from it: a plain account's upgrade (explained, then
 * reviewed), an upgraded or elsewhere-delegated account's undo. While a sent upgrade or undo is
 * on its way, or the state shown is that of an earlier block, nothing more is offered; while
 * sending is held, the hold is shown in their place.
 */
export function SmartAccountBody({ network, account }: { network: Network; account: Account }) {
  const t = useT('smartAccount');
  const { state, support } = useSmartAccount(network, account.address);
  const flow = useUpgradeFlow(network, account);
  const records = useAccountRecords(network, account.address);
  const { step } = flow;
  const sent = step.name === 'sent' ? (records.find((r) => r.id === step.record.id) ?? step.record) : undefined;
  const { noAuthorization: cannot, authorizationNote: note } = signerProfile(account.source);
  const current = state.data;
  // Proofs contradicted the node: the hold in place of the upgrade, the undo and their review.
  const held = useSendingHeld(network);

  if (!current) {
    if (state.isError)
      return (
        <ErrorAlert
          message={errorMessage(state.error)}
          action={{
            label: t('smartAccount:state.readAgain'),
            onAction: () => void state.refetch(),
            busy: state.isFetching,
          }}
        />
      );
    return <p role="status">{t('smartAccount:state.reading')}</p>;
  }

  const reviewing = step.name === 'review' || step.name === 'sending';
  // After a send, until its block's state is read: the state shown may be the one before it.
  const waiting = sent !== undefined && (isActive(sent) || state.isPlaceholderData);
  const offering = !reviewing && !waiting && !held;
  const preparing = step.name === 'preparing';

  /** Where a plain account may be upgraded: the network runs EIP-7702 and Cairn holds the key. */
  const upgradeActions = () => {
    if (support.isPending) return <p role="status">{t('smartAccount:screen.checkingNetwork')}</p>;
    if (support.isError)
      return (
        <ErrorAlert
          message={errorMessage(support.error)}
          action={{
            label: t('smartAccount:state.readAgain'),
            onAction: () => void support.refetch(),
            busy: support.isFetching,
          }}
        />
      );
    if (support.data !== true)
      return (
        <p className={ui.noticeWarning}>
          <T message={noEip7702Message(network.feeFamily)} />
        </p>
      );
    if (cannot)
      return (
        <p className={ui.noticeWarning}>
          <T message={cannot} />
        </p>
      );
    return (
      <>
        {note && (
          <p className={ui.noticeWarning}>
            <T message={note} />
          </p>
        )}
        <UpgradeForm account={account} busy={preparing} onContinue={(delegate) => flow.prepare(false, delegate)} />
      </>
    );
  };

  return (
    <>
      <StateLine state={current} />
      {sent && <SentStatus record={sent} />}
      {held && !waiting && <VerificationHold network={network} />}
      {reviewing && !held && (
        <UpgradeReview
          network={network}
          account={account}
          review={step}
          sending={step.name === 'sending'}
          onConfirm={flow.confirm}
          onCancel={flow.reset}
        />
      )}
      {offering && current.kind === 'plain' && (
        <>
          <UpgradeExplainer />
          {upgradeActions()}
        </>
      )}
      {offering && (current.kind === 'upgraded' || current.kind === 'foreign') && (
        <>
          <UndoSection
            foreign={current.kind === 'foreign'}
            cannot={cannot}
            busy={preparing}
            onReview={() => flow.prepare(true)}
          />
          {current.kind === 'upgraded' && <UpgradeExplainer changes={false} />}
        </>
      )}
      <ErrorAlert message={flow.problem} />
    </>
  );
}
