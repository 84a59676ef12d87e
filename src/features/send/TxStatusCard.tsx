import { useMemo, useState } from 'react';
import { Amount } from '@/components/Amount';
import { CopyButton } from '@/components/CopyButton';
import { ErrorAlert } from '@/components/ErrorAlert';
import { LtrText } from '@/components/LtrText';
import { TransactionEffectsPanel } from '@/components/simulation/TransactionEffectsPanel';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { useSendingHeld } from '@/components/VerificationHold';
import type { Fees } from '@/core/chain/fees';
import type { Network } from '@/core/chain/networks';
import { walletName } from '@/core/externalWallet/walletRequests';
import { type Message, msg, untrustedValue } from '@/core/i18n/message';
import { feeFields } from '@/core/simulation/nextBlock';
import type { UnsignedTransaction } from '@/core/simulation/types';
import { isActive, type TxRecord } from '@/core/tx/record';
import { planReplacement, type ReplacementKind, type ReplacementPlan } from '@/core/tx/replacement';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { formatAmount } from '@/lib/i18n/format';
import { describeRecord, STATUS_WORDS } from '@/lib/i18n/txWording';
import { useReviewPreview } from '@/lib/send/useTransactionPreview';
import { useTransactions } from '@/lib/stores/transactions';
import { useVaultAccount, useVaultSession } from '@/lib/vault/vault';
import styles from './send.module.css';

function feeWords(fees: Fees): Message {
  const gwei = (value: bigint) => formatAmount(value, 9, { maxFractionDigits: 3 });
  return fees.kind === 'legacy'
    ? msg('send:status.feesLegacy', { gasPrice: gwei(fees.gasPrice) })
    : msg('send:status.feesEip1559', {
        maxFee: gwei(fees.maxFeePerGas),
        priorityFee: gwei(fees.maxPriorityFeePerGas),
      });
}

/** The status line: the status in words, and what more there is to say about it. */
function StatusLine({ record }: { record: TxRecord }) {
  const strong = { 0: <strong /> };
  const status: Message = msg(STATUS_WORDS[record.status]);
  if (record.status === 'confirmed' && record.blockNumber !== undefined)
    return (
      <T
        id="send:status.lineConfirmed"
        values={{ status, count: record.confirmations, block: record.blockNumber }}
        tags={strong}
      />
    );
  const reason =
    record.status === 'failed'
      ? record.failureReason
      : record.status === 'rejected'
        ? record.broadcastError
        : undefined;
  if (reason) return <T id="send:status.lineReason" values={{ status, reason }} tags={strong} />;
  if (record.status === 'replaced') return <T id="send:status.lineReplaced" values={{ status }} tags={strong} />;
  if (record.replacedBy && isActive(record))
    return <T id="send:status.lineReplacementSent" values={{ status }} tags={strong} />;
  return <T id="send:status.line" values={{ status }} tags={strong} />;
}

/** The transaction a speed-up (the same call) or a cancellation (nothing, to oneself) would sign. */
function replacementCall(record: TxRecord, plan: ReplacementPlan): UnsignedTransaction {
  const sent = { from: record.from, gas: plan.gas, nonce: record.nonce, ...feeFields(plan.fees) };
  return plan.kind === 'cancel'
    ? { ...sent, to: record.from, value: 0n, data: '0x' }
    : { ...sent, to: record.to, value: record.value, data: record.data };
}

/** One transaction: what it does, where it stands, and what can be done about it. */
export function TxStatusCard({ record, network }: { record: TxRecord; network: Network }) {
  const t = useT('send');
  const session = useVaultSession();
  const { service } = useTransactions();
  const sender = useVaultAccount(record.from);
  const account = sender?.source.kind === 'watch' ? undefined : sender;
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<Message | string>();
  const [plan, setPlan] = useState<ReplacementPlan>();
  // A browser wallet chose the nonce and holds the bytes: only the wallet can replace it. While
  // sending is held (Send shows the hold above), a speed-up or cancel waits: it signs anew.
  const held = useSendingHeld(network);
  const canReplace = isActive(record) && !record.replacedBy && account !== undefined && !record.sentBy && !held;
  const titleId = `tx-${record.id}`;

  const run = async (what: string, task: () => Promise<unknown>) => {
    setBusy(what);
    setError(undefined);
    try {
      await task();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(undefined);
    }
  };
  const retry = () => run('retry', async () => (await service()).broadcast(network, record));
  const prepare = (kind: ReplacementKind) =>
    run(kind, async () => setPlan(await planReplacement(network, record, kind)));
  const confirm = (chosen: ReplacementPlan) =>
    run('confirm', async () => {
      if (!account) return;
      const signer = session.signerFor(account);
      const sent = await (await service()).replace(network, signer, record, chosen);
      setPlan(undefined);
      if (sent.status === 'rejected')
        setError(
          msg(chosen.kind === 'cancel' ? 'send:status.refusedCancel' : 'send:status.refusedSpeedUp', {
            error: sent.broadcastError ?? '',
          }),
        );
    });

  return (
    <li className={ui.card} aria-labelledby={titleId} data-status={record.status}>
      <p id={titleId}>
        <T
          id="send:status.title"
          values={{ what: describeRecord(record), nonce: String(record.nonce) }}
          tags={{ 0: <strong /> }}
        />
      </p>
      <p>
        <StatusLine record={record} />
      </p>
      {record.sentBy && (
        <p className={ui.muted}>
          <T
            id={isActive(record) ? 'send:status.sentByActive' : 'send:status.sentBy'}
            values={{ wallet: walletName({ name: record.sentBy }) }}
          />
        </p>
      )}
      {record.walletMismatch && (
        <p role="alert" className={ui.noticeDanger}>
          <T message={record.walletMismatch} />
        </p>
      )}
      {record.broadcastError && isActive(record) && (
        <p role="alert" className={ui.noticeWarning}>
          <T id="send:status.notAccepted" values={{ error: record.broadcastError }} />
        </p>
      )}
      <p className={styles.hash}>
        <LtrText>{record.hash}</LtrText>{' '}
        {network.explorerUrl && (
          <a href={`${network.explorerUrl}/tx/${record.hash}`} target="_blank" rel="noreferrer noopener">
            {t('send:status.viewOnExplorer')}
          </a>
        )}
      </p>
      <div className={ui.actions}>
        <CopyButton
          value={record.hash}
          label={t('send:status.copyHash')}
          accessibleName={t('send:status.copyHashOf', { nonce: String(record.nonce) })}
        />
        {((record.broadcastError && isActive(record)) || record.status === 'rejected') && !record.sentBy && (
          <button type="button" className={ui.secondary} disabled={busy !== undefined} onClick={retry}>
            {busy === 'retry' ? t('send:status.sending') : t('send:status.sendAgain')}
          </button>
        )}
        {canReplace && !plan && (
          <>
            <button
              type="button"
              className={ui.secondary}
              disabled={busy !== undefined}
              onClick={() => prepare('speed-up')}
            >
              {busy === 'speed-up' ? t('send:status.readingFees') : t('send:status.speedUp')}
            </button>
            <button
              type="button"
              className={ui.dangerButton}
              disabled={busy !== undefined}
              onClick={() => prepare('cancel')}
            >
              {busy === 'cancel' ? t('send:status.readingFees') : t('send:status.cancel')}
            </button>
          </>
        )}
      </div>
      {plan && canReplace && (
        <ReplacementReview
          record={record}
          network={network}
          plan={plan}
          busy={busy}
          onConfirm={() => confirm(plan)}
          onKeep={() => setPlan(undefined)}
        />
      )}
      <ErrorAlert message={error} />
    </li>
  );
}

/**
 * The review of a speed-up or cancellation: new fees, whether the balance carries them, and the
 * preview of what the replacement does (read only while this review is open).
 */
function ReplacementReview({
  record,
  network,
  plan,
  busy,
  onConfirm,
  onKeep,
}: {
  record: TxRecord;
  network: Network;
  plan: ReplacementPlan;
  busy: string | undefined;
  onConfirm(): void;
  onKeep(): void;
}) {
  const t = useT('send');
  const native = network.nativeCurrency;
  const replacement = useMemo(() => replacementCall(record, plan), [record, plan]);
  const review = useReviewPreview(network, replacement);
  const cancel = plan.kind === 'cancel';
  return (
    <fieldset className={ui.noticeWarning}>
      <legend>{cancel ? t('send:status.cancelTitle') : t('send:status.speedUpTitle')}</legend>
      <p>
        <T
          id={cancel ? 'send:status.cancelText' : 'send:status.speedUpText'}
          values={{ fees: feeWords(plan.fees), oldFees: feeWords(record.fees) }}
          tags={{ 0: <Amount value={plan.maxFee} decimals={native.decimals} symbol={native.symbol} /> }}
        />
      </p>
      {!plan.enough && (
        <p role="alert">
          <T
            id={cancel ? 'send:status.shortCancel' : 'send:status.shortSpeedUp'}
            values={{ symbol: untrustedValue(native.symbol, 'symbol') }}
            tags={{
              0: <Amount value={plan.value + plan.maxFee} decimals={native.decimals} symbol={native.symbol} />,
              1: <Amount value={plan.balance} decimals={native.decimals} symbol={native.symbol} />,
            }}
          />
        </p>
      )}
      <TransactionEffectsPanel network={network} tx={replacement} review={review} />
      <div className={ui.actions}>
        <button
          type="button"
          className={cancel ? ui.dangerButton : undefined}
          disabled={busy !== undefined || !plan.enough || review.heldBack}
          onClick={onConfirm}
        >
          {busy === 'confirm'
            ? t('send:status.signing')
            : cancel
              ? t('send:status.confirmCancel')
              : t('send:status.confirmSpeedUp')}
        </button>
        <button type="button" className={ui.secondary} disabled={busy !== undefined} onClick={onKeep}>
          {cancel ? t('send:status.keepTransaction') : t('send:status.keepWaiting')}
        </button>
      </div>
    </fieldset>
  );
}
