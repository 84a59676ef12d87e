import { useMemo, useState } from 'react';
import { Amount } from '@/components/Amount';
import { CopyButton } from '@/components/CopyButton';
import { ErrorAlert } from '@/components/ErrorAlert';
import { TransactionEffectsPanel } from '@/components/simulation/TransactionEffectsPanel';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { walletLabel } from '@/core/externalWallet/walletRequests';
import type { UnsignedTransaction } from '@/core/simulation/types';
import type { Fees } from '@/core/tx/fees';
import { isActive, type TxRecord } from '@/core/tx/record';
import { planReplacement, type ReplacementKind, type ReplacementPlan } from '@/core/tx/replacement';
import { errorText } from '@/lib/errorMessages';
import { formatAmount } from '@/lib/format';
import { useTransactions } from '@/lib/transactions';
import { describeRecord, STATUS_WORDS } from '@/lib/txWording';
import { useReviewPreview } from '@/lib/useTransactionPreview';
import { useVault, useVaultSession } from '@/lib/vault';
import styles from './send.module.css';

function feeWords(fees: Fees): string {
  const gwei = (value: bigint) => `${formatAmount(value, 9, { maxFractionDigits: 3 })} gwei`;
  return fees.kind === 'legacy'
    ? `gas price ${gwei(fees.gasPrice)}`
    : `max fee ${gwei(fees.maxFeePerGas)}, priority fee ${gwei(fees.maxPriorityFeePerGas)}`;
}

/** The transaction a speed-up (the same call) or a cancellation (nothing, to oneself) would sign. */
function replacementCall(record: TxRecord, plan: ReplacementPlan): UnsignedTransaction {
  return plan.kind === 'cancel'
    ? { from: record.from, to: record.from, value: 0n, data: '0x', gas: plan.gas }
    : { from: record.from, to: record.to, value: record.value, data: record.data, gas: plan.gas };
}

/** One transaction: what it does, where it stands, and what can be done about it. */
export function TxStatusCard({ record, network }: { record: TxRecord; network: Network }) {
  const session = useVaultSession();
  const { service } = useTransactions();
  const account = useVault((s) =>
    s.accounts.find((a) => a.address.toLowerCase() === record.from.toLowerCase() && a.source.kind !== 'watch'),
  );
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const [plan, setPlan] = useState<ReplacementPlan>();
  // A browser wallet chose the nonce and holds the bytes: only the wallet can replace it.
  const canReplace = isActive(record) && !record.replacedBy && account !== undefined && !record.sentBy;
  const titleId = `tx-${record.id}`;

  const run = async (what: string, task: () => Promise<unknown>) => {
    setBusy(what);
    setError(undefined);
    try {
      await task();
    } catch (e) {
      setError(errorText(e));
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
          `The node refused the ${chosen.kind === 'cancel' ? 'cancellation' : 'speed-up'}: ${sent.broadcastError}`,
        );
    });

  return (
    <li className={ui.card} aria-labelledby={titleId} data-status={record.status}>
      <p id={titleId}>
        <strong>{describeRecord(record)}</strong> — nonce {record.nonce}
      </p>
      <p>
        Status: <strong>{STATUS_WORDS[record.status]}</strong>
        {record.status === 'confirmed' &&
          ` (${record.confirmations} confirmation${record.confirmations === 1 ? '' : 's'}, block ${record.blockNumber})`}
        {record.status === 'failed' && record.failureReason && ` — ${record.failureReason}`}
        {record.status === 'replaced' && ' by a faster or cancelling transaction'}
        {record.status === 'rejected' && record.broadcastError && ` — ${record.broadcastError}`}
        {record.replacedBy && isActive(record) && ' — a replacement was sent'}
      </p>
      {record.sentBy && (
        <p className={ui.muted}>
          Signed and sent by {walletLabel({ name: record.sentBy })}, which chose its nonce and fee.
          {isActive(record) ? ` To speed it up or cancel it, use ${walletLabel({ name: record.sentBy })}.` : ''}
        </p>
      )}
      {record.broadcastError && isActive(record) && (
        <p role="alert" className={ui.noticeWarning}>
          The node did not accept it yet: {record.broadcastError} The signed transaction is saved; Cairn sends it again
          at every new block.
        </p>
      )}
      <p className={styles.hash}>
        {record.hash}{' '}
        {network.explorerUrl && (
          <a href={`${network.explorerUrl}/tx/${record.hash}`} target="_blank" rel="noreferrer noopener">
            View on explorer
          </a>
        )}
      </p>
      <div className={ui.actions}>
        <CopyButton value={record.hash} label="Copy hash" accessibleName={`Copy hash of nonce ${record.nonce}`} />
        {((record.broadcastError && isActive(record)) || record.status === 'rejected') && !record.sentBy && (
          <button type="button" className={ui.secondary} disabled={busy !== undefined} onClick={retry}>
            {busy === 'retry' ? 'Sending…' : 'Send again now'}
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
              {busy === 'speed-up' ? 'Reading fees…' : 'Speed up'}
            </button>
            <button
              type="button"
              className={ui.dangerButton}
              disabled={busy !== undefined}
              onClick={() => prepare('cancel')}
            >
              {busy === 'cancel' ? 'Reading fees…' : 'Cancel transaction'}
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
  const native = network.nativeCurrency;
  const replacement = useMemo(() => replacementCall(record, plan), [record, plan]);
  const review = useReviewPreview(network, replacement);
  return (
    <fieldset className={ui.noticeWarning}>
      <legend>{plan.kind === 'cancel' ? 'Cancel this transaction?' : 'Speed up this transaction?'}</legend>
      <p>
        {plan.kind === 'cancel'
          ? 'Sends nothing to yourself with the same nonce and higher fees, so the original cannot be mined. '
          : 'Sends the same transaction again with higher fees. '}
        New fees: {feeWords(plan.fees)} (were {feeWords(record.fees)}). At most{' '}
        <Amount value={plan.maxFee} decimals={native.decimals} symbol={native.symbol} /> in fees.
      </p>
      {!plan.enough && (
        <p role="alert">
          Not enough {native.symbol}: this needs{' '}
          <Amount value={plan.value + plan.maxFee} decimals={native.decimals} symbol={native.symbol} /> and the account
          has <Amount value={plan.balance} decimals={native.decimals} symbol={native.symbol} />.{' '}
          {plan.kind === 'speed-up' ? 'Cancel the transaction instead, or wait.' : 'Wait for it instead.'}
        </p>
      )}
      <TransactionEffectsPanel
        network={network}
        tx={replacement}
        preview={review.preview}
        acknowledged={review.acknowledged}
        onAcknowledge={review.onAcknowledge}
      />
      <div className={ui.actions}>
        <button
          type="button"
          className={plan.kind === 'cancel' ? ui.dangerButton : undefined}
          disabled={busy !== undefined || !plan.enough || review.heldBack}
          onClick={onConfirm}
        >
          {busy === 'confirm' ? 'Signing…' : plan.kind === 'cancel' ? 'Confirm cancellation' : 'Confirm speed-up'}
        </button>
        <button type="button" className={ui.secondary} disabled={busy !== undefined} onClick={onKeep}>
          {plan.kind === 'cancel' ? 'Keep the transaction' : 'Keep waiting'}
        </button>
      </div>
    </fieldset>
  );
}
