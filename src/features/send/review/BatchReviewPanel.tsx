import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Address } from 'viem';
import { useStore } from 'zustand';
import { ErrorAlert } from '@/components/ErrorAlert';
import forms from '@/components/forms.module.css';
import { NetworkFeeLines } from '@/components/NetworkFeeLines';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { signerProfile } from '@/core/accounts/signerKinds';
import { type Message, msg, untrustedValue } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import { type AtomicBatch, atomicBatchTransaction, plannedTransaction } from '@/core/smartAccount/batchPreview';
import { confirmBatch } from '@/core/smartAccount/smartBatch';
import { useT } from '@/lib/i18n';
import { errorMessage, failureMessage } from '@/lib/i18n/errorMessages';
import { shortAddress } from '@/lib/i18n/format';
import { useLinks } from '@/lib/links';
import { smartBatchQuery } from '@/lib/queries/smartAccountQueries';
import { batchSending, useAtomicReviewPreview } from '@/lib/send/useTransactionPreview';
import { useSelectedNetwork } from '@/lib/stores/session';
import { useTransactions } from '@/lib/stores/transactions';
import { useSmartAccount } from '@/lib/useSmartAccount';
import { useSigningAccounts, useVaultSession } from '@/lib/vault/vault';
import { BatchEffects, BatchFromLines } from '../BatchTransferLine';
import styles from '../send.module.css';
import { goTo, sendFlowStore, updateForm } from '../sendFlowStore';
import { useSendAssets } from '../useSendAssets';
import { DelegationTerms } from './DelegationTerms';
import { GasComparison } from './GasComparison';

/** A delegation with less than this left is made again before it is sent (it must be mined in time). */
const EXPIRY_MARGIN_SECONDS = 120n;

/**
 * A batch of transfers as one transaction: every transfer, what they do together (its one
 * transaction simulated on the person's node as it will be mined, the delegate's code at the
 * account), its gas against separate transactions, who pays the gas (the account itself, or
 * another of the person's accounts on this network), and, for an account not yet upgraded, the
 * upgrade that goes with it, asked for first (its authorization is signed only at Confirm).
 * Confirm sends it; a failing batch holds it back.
 */
export function BatchReviewPanel() {
  const t = useT('send');
  const network = useSelectedNetwork();
  const links = useLinks();
  const session = useVaultSession();
  const { store, service } = useTransactions();
  const payerId = useId();
  const batch = useStore(sendFlowStore, (s) => s.form.batch);
  const batchFor = useStore(sendFlowStore, (s) => s.form.batchFor);
  const { accounts: signable } = useSigningAccounts();
  // The account the batch was checked for, never another chosen meanwhile.
  const account = signable.find((a) => batchFor === `${network.id}:${a.id}`);
  const from = account?.address as Address | undefined;
  const calls = useMemo(() => batch.map((transfer) => transfer.call), [batch]);
  const { state } = useSmartAccount(network, from);
  const { balance } = useSendAssets(network, from, 'native');
  // An account with nothing to pay gas with is offered another to pay, at once.
  const [chosenPayer, setPayer] = useState<string>();
  const payer =
    balance === undefined
      ? undefined
      : (signable.find((a) => a.id === chosenPayer) ??
        (balance === 0n ? signable.find((a) => a.id !== account?.id) : undefined) ??
        account);
  const [consented, setConsented] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<Message | string>();
  const smart = state.data;
  const profile = account ? signerProfile(account.source) : undefined;
  const needsUpgrade = smart?.kind === 'plain';
  const cannotUpgrade = needsUpgrade ? profile?.noAuthorization : undefined;
  const consentMissing = needsUpgrade && !consented;
  const ready =
    account !== undefined && payer !== undefined && smart !== undefined && !state.isPlaceholderData && !cannotUpgrade;
  const prepared = useQuery({
    ...smartBatchQuery({
      network,
      account: session.signerFor(account ?? { id: '', address: '0x', source: { kind: 'watch' } }),
      state: smart ?? { kind: 'plain' },
      payer: (payer?.address ?? '0x') as Address,
      calls,
      store,
    }),
    enabled: ready && !consentMissing,
  });
  // The one transaction that will be mined: once planned, the plan's (another account may send
  // it); before that, the account's own once it is known to pay for itself.
  const planned = prepared.data?.plan;
  const selfPaid = payer !== undefined && from !== undefined && sameAddress(payer.address, from);
  const atomic = useMemo<AtomicBatch | undefined>(() => {
    if (!from || (smart?.kind !== 'plain' && smart?.kind !== 'upgraded')) return undefined;
    const tx = planned
      ? plannedTransaction(planned)
      : selfPaid
        ? atomicBatchTransaction(from, smart, calls)
        : undefined;
    return tx && { account: from, calls, tx };
  }, [from, smart, planned, selfPaid, calls]);
  const review = useAtomicReviewPreview(network, atomic, {}, batchSending(prepared.data?.prepared));
  const previews = review.preview.data?.result.calls;
  const failing = review.preview.data?.result.outcome.ok === false;
  const native = network.nativeCurrency;

  if (!account || !from) return null;
  const confirm = async () => {
    const batchReady = prepared.data;
    if (!batchReady || consentMissing) return;
    const sender = signable.find((a) => sameAddress(a.address, batchReady.plan.tx.sender));
    if (!sender) return;
    // A delegation for another's gas holds ten minutes: one about to end is made again, to review.
    const expiresAt = batchReady.plan.tx.expiresAt;
    if (expiresAt !== undefined && BigInt(Math.floor(Date.now() / 1000)) + EXPIRY_MARGIN_SECONDS > expiresAt) {
      setError(msg('send:batchReview.expired'));
      void prepared.refetch();
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      const record = await confirmBatch(await service(), {
        network,
        account: session.signerFor(account),
        sender: session.signerFor(sender),
        plan: batchReady.plan,
        prepared: batchReady.prepared,
      });
      updateForm({ batch: [], batchFor: undefined });
      goTo({ name: 'done', recordId: record.id, networkId: network.id, sender: record.from });
    } catch (e) {
      setError(failureMessage(e, msg('send:review.nothingSent')));
      setSending(false);
    }
  };

  return (
    <section className={forms.stack} aria-labelledby="batch-review-title">
      <h2 id="batch-review-title">{t('send:batchReview.title', { count: batch.length })}</h2>
      <dl className={styles.review}>
        <BatchFromLines name={account.name} from={from} batch={batch} />
      </dl>
      <label htmlFor={payerId}>{t('send:batchReview.payer')}</label>
      <select id={payerId} value={payer?.id} onChange={(event) => setPayer(event.target.value)}>
        {signable.map((a) => (
          <option key={a.id} value={a.id}>
            {a.id === account.id
              ? t('send:batchReview.payerSelf', { name: untrustedValue(a.name, 'name') })
              : t('send:batchReview.payerOther', {
                  name: untrustedValue(a.name, 'name'),
                  address: shortAddress(a.address),
                })}
          </option>
        ))}
      </select>
      {balance === 0n && payer?.id === account.id && (
        <p role="alert" className={ui.noticeWarning}>
          {t('send:batchReview.noGas')}
        </p>
      )}
      {smart?.kind === 'upgraded' && <p>{t('send:batchReview.upgraded')}</p>}
      {needsUpgrade && cannotUpgrade && (
        <p role="alert" className={ui.noticeDanger}>
          <T message={cannotUpgrade} />
        </p>
      )}
      {needsUpgrade && !cannotUpgrade && (
        <div className={ui.noticeWarning}>
          <p>
            <T id="send:batchReview.upgradeNeeded" tags={{ 0: <Link to={links.accounts} /> }} />
          </p>
          {profile?.authorizationNote && (
            <p>
              <T message={profile.authorizationNote} />
            </p>
          )}
          <label>
            <input type="checkbox" checked={consented} onChange={(event) => setConsented(event.target.checked)} />{' '}
            {t('send:batchReview.consent')}
          </label>
        </div>
      )}
      <BatchEffects failing={failing} network={network} from={from} review={review} />
      {prepared.data && (
        <dl className={styles.review}>
          <dt>
            {payer && !sameAddress(payer.address, from)
              ? t('send:batchReview.feePaidBy', { name: untrustedValue(payer.name, 'name') })
              : t('send:review.fee')}
          </dt>
          <dd>
            <NetworkFeeLines prepared={prepared.data.prepared} native={native} />
          </dd>
          <dt>{t('send:batchReview.gas')}</dt>
          <dd>
            <GasComparison one={prepared.data.prepared.gasEstimate} calls={previews} />
          </dd>
          {payer && <DelegationTerms tx={prepared.data.plan.tx} payerName={payer.name} />}
        </dl>
      )}
      {prepared.isFetching && <p role="status">{t('send:batchReview.preparing')}</p>}
      {prepared.error && <ErrorAlert message={errorMessage(prepared.error)} />}
      <ErrorAlert message={error} />
      <div className={ui.actions}>
        <button type="button" onClick={() => goTo({ name: 'form' })}>
          {t('send:batchReview.back')}
        </button>
        <button
          type="button"
          disabled={!prepared.data || consentMissing || failing || sending || review.heldBack}
          onClick={confirm}
        >
          {sending ? t('send:batchReview.sending') : t('send:batchReview.confirm')}
        </button>
      </div>
    </section>
  );
}
