import { useMemo } from 'react';
import type { Address } from 'viem';
import { useStore } from 'zustand';
import { ErrorAlert } from '@/components/ErrorAlert';
import forms from '@/components/forms.module.css';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useCallsReviewPreview } from '@/lib/send/useTransactionPreview';
import { useSelectedNetwork } from '@/lib/stores/session';
import { BatchEffects, BatchFromLines } from '../BatchTransferLine';
import styles from '../send.module.css';
import { goTo, sendFlowStore, updateForm } from '../sendFlowStore';
import { SafeProposalLines, useSafeProposal } from './SafeProposal';

/**
 * A Safe's batch as one Safe transaction: every call (one MultiSendCallOnly delegatecall runs them
 * in order, all or none), what they do together previewed from the Safe, the proposal's nonce and
 * safeTxHash, and who must confirm it. Propose keeps it in Cairn; nothing is signed or sent.
 */
export function SafeBatchReview({ safe }: { safe: Account }) {
  const t = useT('send');
  const network = useSelectedNetwork();
  const batch = useStore(sendFlowStore, (s) => s.form.batch);
  const calls = useMemo(() => batch.map((transfer) => transfer.call), [batch]);
  const from = safe.address as Address;
  const safeProposal = useSafeProposal(network, safe, calls);
  const { state, proposal, error } = safeProposal;
  const review = useCallsReviewPreview(network, from, calls, true);
  const failing = review.preview.data?.result.calls.some((call) => !call.outcome.ok) ?? false;

  const propose = () => {
    if (safeProposal.propose()) updateForm({ batch: [], batchFor: undefined });
  };

  return (
    <section className={forms.stack} aria-labelledby="batch-review-title">
      <h2 id="batch-review-title">{t('send:batchReview.title', { count: batch.length })}</h2>
      <dl className={styles.review}>
        <BatchFromLines
          name={safe.name}
          from={from}
          batch={batch}
          note={<p className={ui.muted}>{t('send:safe.batchNote')}</p>}
        />
        {state && proposal && <SafeProposalLines state={state} proposal={proposal} />}
      </dl>
      <BatchEffects failing={failing} network={network} from={from} review={review} />
      <ErrorAlert message={error ? errorMessage(error) : undefined} />
      <div className={ui.actions}>
        <button type="button" onClick={() => goTo({ name: 'form' })}>
          {t('send:batchReview.back')}
        </button>
        <button type="button" disabled={!proposal || failing || review.heldBack} onClick={propose}>
          {t('send:safe.propose')}
        </button>
      </div>
    </section>
  );
}
