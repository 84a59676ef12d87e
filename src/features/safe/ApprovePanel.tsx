import { useEffect } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { useSendingHeld, VerificationHold } from '@/components/VerificationHold';
import type { Account } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { codeValue } from '@/core/i18n/message';
import type { PendingSafeTx } from '@/core/safe/pendingSafeTx';
import { approveHashCall } from '@/core/safe/safeTx';
import { prepareCall } from '@/core/tx/preparedCalls';
import { useT } from '@/lib/i18n';
import { useAccountRecords } from '@/lib/queries/recordQueries';
import { SafeSentStatus } from './SafeSentStatus';
import { SendReview } from './SendReview';
import { useSafeSend } from './useSafeSend';

/**
 * An owner's on-chain confirmation: approveHash(safeTxHash) from `owner`, prepared at once (its
 * fee shown), sent at Confirm, then followed; the count of confirmations takes it at the block
 * that mines it.
 */
export function ApprovePanel({
  network,
  pending,
  owner,
  onClose,
}: {
  network: Network;
  pending: PendingSafeTx;
  owner: Account;
  onClose: () => void;
}) {
  const t = useT('safe');
  const flow = useSafeSend(network, 'safe-approve');
  const records = useAccountRecords(network, owner.address);
  const { step, prepare } = flow;
  // Prepared once, when the person asked for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: prepared for the owner and transaction it was opened for
  useEffect(() => {
    void prepare(owner, () => prepareCall(network, owner.address, approveHashCall(pending.safe, pending.safeTxHash)));
  }, []);
  const sent = step.name === 'sent' ? (records.find((r) => r.id === step.record.id) ?? step.record) : undefined;
  // Proofs contradicted the node: the hold in place of the review until the person acknowledges it.
  const held = useSendingHeld(network) && step.name !== 'sent';
  return (
    <div className={ui.stack}>
      {held && <VerificationHold network={network} />}
      {step.name === 'preparing' && <p role="status">{t('safe:approve.preparing')}</p>}
      {!held && (step.name === 'review' || step.name === 'sending') && (
        <SendReview
          network={network}
          from={step.from}
          prepared={step.prepared}
          what={<T id="safe:approve.what" values={{ hash: codeValue(pending.safeTxHash) }} />}
          sending={step.name === 'sending'}
          onConfirm={() => void flow.confirm()}
          onCancel={onClose}
        />
      )}
      {sent && <SafeSentStatus record={sent} />}
      <ErrorAlert message={flow.problem} />
      {(step.name === 'start' || step.name === 'sent' || held) && (
        <div className={ui.actions}>
          <button type="button" className={ui.secondary} onClick={onClose}>
            {t('safe:panel.close')}
          </button>
        </div>
      )}
    </div>
  );
}
