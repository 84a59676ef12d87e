import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Address, Hex } from 'viem';
import { Amount } from '@/components/Amount';
import { ErrorAlert } from '@/components/ErrorAlert';
import { NetworkFeeLines } from '@/components/NetworkFeeLines';
import { TransactionEffectsPanel } from '@/components/simulation/TransactionEffectsPanel';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { useSendingHeld, VerificationHold } from '@/components/VerificationHold';
import type { Account } from '@/core/accounts/account';
import type { ApprovalRow } from '@/core/approvals/approvalRows';
import { expectedCost } from '@/core/chain/fees';
import type { Network } from '@/core/chain/networks';
import { type CallStep, newBatchId, sendCallsInOrder } from '@/core/dapp/callsBatch';
import { toHexChainId } from '@/core/dapp/protocol';
import { type CodeValue, type Message, msg, type UntrustedValue } from '@/core/i18n/message';
import { prepareCall, sendPreparedCall } from '@/core/tx/preparedCalls';
import { translate, useT } from '@/lib/i18n';
import { errorMessage, errorText } from '@/lib/i18n/errorMessages';
import { approvalKeys } from '@/lib/queries/approvalKeys';
import { revokeCallsQuery } from '@/lib/queries/revokeQueries';
import { waitForBatchCallReceipt } from '@/lib/send/callsReceipts';
import { usePreparedFirstCall } from '@/lib/send/usePreparedFirstCall';
import { batchSending, useCallsReviewPreview } from '@/lib/send/useTransactionPreview';
import { useTransactions } from '@/lib/stores/transactions';
import { useVaultSession } from '@/lib/vault/vault';
import styles from './approvals.module.css';
import { describeApproval, stepWords } from './approvalWords';

type Props = {
  network: Network;
  account: Account;
  rows: readonly ApprovalRow[];
  describeSpender: (row: ApprovalRow) => CodeValue | UntrustedValue;
  onClose: () => void;
};

/**
 * The review of one or several revocations: what each takes back, what they do together
 * simulated on the person's node (every allowance going to zero), the fees, then sent one after
 * another (each once the one before it is mined), stopping at the first that fails. Each is a
 * transaction of Cairn's like any other: stored, tracked, sped up or cancelled from Send.
 */
export function RevokeReview({ network, account, rows, describeSpender, onClose }: Props) {
  const t = useT('approvals');
  const owner = account.address as Address;
  const session = useVaultSession();
  const { service } = useTransactions();
  const queryClient = useQueryClient();
  const approvals = useMemo(() => rows.map((r) => r.approval), [rows]);
  const planned = useQuery(revokeCallsQuery(network, owner, approvals));
  const calls = useMemo(
    () => (planned.data ?? []).map((c) => ({ to: c.to, value: 0n, data: c.data as Hex })),
    [planned.data],
  );
  const { prepared: first, problem: notPrepared } = usePreparedFirstCall(network, owner, calls);
  // Previewed as it will be sent: the first call's fees, limit and nonce, once prepared.
  const previewable = calls.length > 0 && (first !== undefined || notPrepared !== undefined);
  const review = useCallsReviewPreview(network, owner, calls, previewable, {}, batchSending(first));
  const [problem, setProblem] = useState<Message | string>();
  const [steps, setSteps] = useState<CallStep[]>();
  const [busy, setBusy] = useState(false);
  const [finished, setFinished] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Leaving the screen stops the revocations not yet sent (the review says so).
  const shown = useRef(true);
  const count = rows.length;
  const native = network.nativeCurrency;
  // Proofs contradicted the node: the hold in place of the review until the person acknowledges
  // it (once sending, the gate refuses the revocations not yet sent, and the review says so).
  const held = useSendingHeld(network) && steps === undefined;

  useEffect(() => {
    heading.current?.focus();
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  const previewGas = review.preview.data?.result.calls.reduce((sum, c) => sum + c.gasUsed, 0n);
  const feeEstimate =
    first && previewGas !== undefined ? expectedCost(first.fees, first.market, previewGas) : undefined;
  const revoked = steps?.filter((s) => s.state === 'done' && s.receipt.status === '0x1').length ?? 0;

  const confirm = async () => {
    if (!first) return;
    setBusy(true);
    setProblem(undefined);
    let sent = false;
    try {
      const [signer, txService] = [session.signerFor(account), await service()];
      await sendCallsInOrder(
        { id: newBatchId(), chainId: toHexChainId(network.chainId), total: count },
        {
          send: async (index) => {
            const prepared = index === 0 ? first : await prepareCall(network, owner, calls[index] as (typeof calls)[0]);
            const record = await sendPreparedCall(txService, { network, account: signer, prepared });
            sent = true;
            return record.hash;
          },
          receipt: (hash) => waitForBatchCallReceipt(network, hash as Hex),
          stillWanted: () => shown.current,
          onProgress: ({ steps }) => setSteps(steps),
          describe: errorText,
        },
      );
      setFinished(true);
    } catch (error) {
      // The first failed to send: nothing went out, the person may confirm again. Later ones end
      // the batch inside sendCallsInOrder; a receipt the node cannot give ends it here.
      if (sent) setFinished(true);
      else setSteps(undefined);
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
      // Revoked approvals leave the list once mined: read them again.
      void queryClient.invalidateQueries({ queryKey: approvalKeys.account(network, owner) });
    }
  };

  if (held)
    return (
      <section className={`${ui.section} ${styles.review}`} aria-labelledby="revoke-title">
        <h2 id="revoke-title" ref={heading} tabIndex={-1}>
          {t('approvals:review.title', { count })}
        </h2>
        <VerificationHold network={network} />
        <div className={ui.actions}>
          <button type="button" className={ui.secondary} onClick={onClose}>
            {t('approvals:review.cancel')}
          </button>
        </div>
      </section>
    );

  // The same note for several revocations is said once.
  const notes = [
    ...new Map((planned.data ?? []).flatMap((c) => (c.note ? [[translate(c.note), c.note] as const] : []))),
  ];
  return (
    <section className={`${ui.section} ${styles.review}`} aria-labelledby="revoke-title">
      <h2 id="revoke-title" ref={heading} tabIndex={-1}>
        {t('approvals:review.title', { count })}
      </h2>
      {count > 1 && <p>{t('approvals:review.inOrder', { count })}</p>}
      <ol className={styles.revocations} aria-label={t('approvals:review.listLabel')}>
        {rows.map((row, index) => {
          const approval = describeApproval(row, describeSpender(row));
          const step = steps?.[index];
          return (
            <li key={row.id}>
              {step ? (
                <T
                  id="approvals:review.withStep"
                  values={{ approval, step: stepWords(step) }}
                  tags={{ 0: <span className={styles.step} /> }}
                />
              ) : (
                <T message={approval} />
              )}
            </li>
          );
        })}
      </ol>
      {notes.map(([key, note]) => (
        <p key={key} className={ui.noticeWarning}>
          <T message={note} />
        </p>
      ))}
      <dl className={ui.facts}>
        <dt>{t('approvals:review.fee')}</dt>
        <dd>
          {first ? (
            <>
              {count > 1 ? (
                <T
                  id="approvals:review.feeFirstLines"
                  tags={{ 0: <NetworkFeeLines prepared={first} native={native} /> }}
                />
              ) : (
                <NetworkFeeLines prepared={first} native={native} />
              )}
              {count > 1 && feeEstimate !== undefined && (
                <>
                  <br />
                  <T
                    id="approvals:review.feeAll"
                    values={{ count }}
                    tags={{ 0: <Amount value={feeEstimate} decimals={native.decimals} symbol={native.symbol} /> }}
                  />
                </>
              )}
            </>
          ) : notPrepared ? (
            t('approvals:review.feeUnknown')
          ) : (
            t('approvals:review.feeWorking')
          )}
        </dd>
      </dl>
      <ErrorAlert
        message={
          problem ??
          notPrepared ??
          (planned.isError ? msg('approvals:review.notPrepared', { error: errorMessage(planned.error) }) : undefined)
        }
      />
      <TransactionEffectsPanel
        title={t('approvals:review.effects', { count })}
        network={network}
        tx={{ from: owner }}
        review={review}
        unit={{ decimals: native.decimals, symbol: native.symbol }}
      />
      <p role="status">
        {steps === undefined
          ? ''
          : finished
            ? revoked < count
              ? t('approvals:review.doneSome', { revoked, count })
              : t('approvals:review.done', { revoked, count })
            : t('approvals:review.sending', { revoked, count })}
      </p>
      <div className={ui.actions}>
        {!steps && (
          <button type="button" onClick={confirm} disabled={!first || busy || review.heldBack}>
            {busy ? t('approvals:review.signing') : t('approvals:review.confirm', { count })}
          </button>
        )}
        <button type="button" className={ui.secondary} onClick={onClose} disabled={busy}>
          {finished ? t('approvals:review.close') : t('approvals:review.cancel')}
        </button>
      </div>
    </section>
  );
}
