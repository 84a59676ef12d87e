import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Address } from 'viem';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import ui from '@/components/ui.module.css';
import { useSendingHeld, VerificationHold } from '@/components/VerificationHold';
import { sameHex } from '@/core/bytes';
import type { Network } from '@/core/chain/networks';
import type { PendingSafeTx } from '@/core/safe/pendingSafeTx';
import type { SafeState } from '@/core/safe/readSafe';
import { prepareExecution } from '@/core/safe/safeActions';
import { untrustedLabel } from '@/core/text/untrustedText';
import { useT } from '@/lib/i18n';
import { useAccountRecords } from '@/lib/queries/recordQueries';
import { safeExecutionQuery } from '@/lib/queries/safeOutcomeQueries';
import { useSafeTxActions } from '@/lib/safeScreenHooks';
import { useSigningAccounts } from '@/lib/vault/vault';
import { SafeSentStatus } from './SafeSentStatus';
import { SendReview } from './SendReview';
import { useSafeSend } from './useSafeSend';

/**
 * The execution of a Safe transaction whose confirmations are enough: the person chooses which of
 * their accounts sends execTransaction and pays its gas (an owner or not), reviews it (prepared
 * with the confirmations counted now, and refused with a sentence when too few or when it would
 * fail), confirms; the transaction is followed, then its logs say whether the Safe executed it,
 * and the kept transaction is marked so.
 */
export function ExecutePanel({
  network,
  state,
  pending,
  approvedOnChain,
  confirmed,
  onClose,
}: {
  network: Network;
  state: SafeState;
  pending: PendingSafeTx;
  approvedOnChain: readonly Address[];
  /** How many owners have confirmed (current owners only). */
  confirmed: number;
  onClose: () => void;
}) {
  const t = useT('safe');
  const { accounts, preferred } = useSigningAccounts();
  const [executorId, setExecutorId] = useState(preferred?.id);
  const executor = accounts.find((a) => a.id === executorId) ?? preferred;
  const flow = useSafeSend(network, 'safe-execute');
  const { step } = flow;
  const records = useAccountRecords(network, step.name === 'sent' ? step.from.address : undefined);
  const sent = step.name === 'sent' ? (records.find((r) => r.id === step.record.id) ?? step.record) : undefined;
  const mined = sent?.status === 'confirmed' ? sent : undefined;
  const outcome = useQuery({
    ...safeExecutionQuery(network, state.address, pending.safeTxHash, mined?.hash ?? pending.safeTxHash),
    enabled: mined !== undefined,
  });
  const { markSafeTx } = useSafeTxActions();
  const found = outcome.data;
  useEffect(() => {
    if (!mined || (found !== 'executed' && found !== 'failed')) return;
    // Marked once: the store's change gives a new `pending`, which must not mark it again.
    const marked = pending.status === found && sameHex(pending.execution?.hash, mined.hash);
    if (!marked) markSafeTx(pending, found, { hash: mined.hash, from: mined.from });
  }, [mined, found, markSafeTx, pending]);

  const review = () => {
    if (!executor) return;
    void flow.prepare(executor, async () => {
      const { prepared } = await prepareExecution({
        network,
        executor: executor.address,
        state,
        pending,
        approvedOnChain,
      });
      return prepared;
    });
  };

  // Proofs contradicted the node: the hold in place of the choice and the review until acknowledged.
  const held = useSendingHeld(network) && step.name !== 'sent';
  const choosing = !held && (step.name === 'start' || step.name === 'preparing');
  return (
    <section className={ui.stack} aria-label={t('safe:execute.title')}>
      {held && (
        <>
          <VerificationHold network={network} />
          <div className={ui.actions}>
            <button type="button" className={ui.secondary} onClick={onClose}>
              {t('safe:panel.close')}
            </button>
          </div>
        </>
      )}
      {choosing &&
        (executor ? (
          <>
            <Field label={t('safe:execute.executor')} hint={t('safe:execute.executorHint')}>
              <select
                value={executor.id}
                disabled={step.name === 'preparing'}
                onChange={(e) => setExecutorId(e.target.value)}
              >
                {accounts.map((a) => (
                  <option key={a.id} value={a.id} translate="no">
                    {untrustedLabel(a.name, 'name')} — {a.address}
                  </option>
                ))}
              </select>
            </Field>
            <div className={ui.actions}>
              <button type="button" onClick={review} disabled={step.name === 'preparing'}>
                {step.name === 'preparing' ? t('safe:execute.preparing') : t('safe:execute.review')}
              </button>
              <button type="button" className={ui.secondary} onClick={onClose}>
                {t('safe:panel.close')}
              </button>
            </div>
          </>
        ) : (
          <p className={ui.noticeWarning}>{t('safe:execute.noAccount')}</p>
        ))}
      {!held && (step.name === 'review' || step.name === 'sending') && (
        <SendReview
          network={network}
          from={step.from}
          prepared={step.prepared}
          what={t('safe:execute.what', { count: confirmed })}
          sending={step.name === 'sending'}
          onConfirm={() => void flow.confirm()}
          onCancel={flow.reset}
        />
      )}
      {sent && <SafeSentStatus record={sent} />}
      {sent?.status === 'failed' && <p className={ui.noticeDanger}>{t('safe:execute.reverted')}</p>}
      {mined && outcome.isPending && <p role="status">{t('safe:execute.readingLogs')}</p>}
      {found === 'executed' && <p role="status">{t('safe:execute.executed')}</p>}
      {found === 'failed' && (
        <p role="alert" className={ui.noticeDanger}>
          {t('safe:execute.callFailed')}
        </p>
      )}
      {found === 'none' && <p className={ui.noticeWarning}>{t('safe:execute.noOutcome')}</p>}
      <ErrorAlert message={flow.problem} />
    </section>
  );
}
