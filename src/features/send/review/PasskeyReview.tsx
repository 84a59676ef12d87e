import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { CodeText } from '@/components/CodeText';
import { ErrorAlert } from '@/components/ErrorAlert';
import forms from '@/components/forms.module.css';
import { NetworkFeeLines } from '@/components/NetworkFeeLines';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Account, PasskeyAccountSource } from '@/core/accounts/account';
import { isCairnError } from '@/core/errors/base';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorMessage, failureMessage } from '@/lib/i18n/errorMessages';
import { shortAddress } from '@/lib/i18n/format';
import { passkeyBatchQuery, passkeyNetworkQuery } from '@/lib/queries/passkeyAccountQueries';
import { sendByPasskey } from '@/lib/send/sendByPasskey';
import { useSelectedNetwork } from '@/lib/stores/session';
import { useTransactions } from '@/lib/stores/transactions';
import { useSigningAccounts, useVaultSession } from '@/lib/vault/vault';
import { BatchFromLines } from '../BatchTransferLine';
import styles from '../send.module.css';
import { type BatchTransfer, goTo } from '../sendFlowStore';

/**
 * The review of a passkey account's transaction (item 3 of issue 52): what the passkey's
 * signature authorises, each call with its value and data, on which network and at which nonce,
 * which of the person's accounts sends it and pays its fee, and that fee. Confirm asks a passkey
 * to sign the batch's digest (its WebAuthn challenge), then the paying account sends it through
 * the transaction service. Every refusal is said here, and nothing is sent.
 */
export function PasskeyReview({
  account,
  transfers,
  onSent,
}: {
  account: Account & { source: PasskeyAccountSource };
  transfers: readonly BatchTransfer[];
  /** After the paying account sent it (a batch's transfers are cleared then). */
  onSent?: () => void;
}) {
  const t = useT('send');
  const network = useSelectedNetwork();
  const session = useVaultSession();
  const { service } = useTransactions();
  const payerId = useId();
  const { accounts: payers, preferred } = useSigningAccounts();
  const [chosen, setChosen] = useState<string>();
  const payer = payers.find((a) => a.id === chosen) ?? preferred;
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<Message | string>();
  const from = account.address as Address;
  const { credentials } = account.source;
  const calls = useMemo(() => transfers.map((transfer) => transfer.call), [transfers]);
  const checks = useQuery(passkeyNetworkQuery(network));
  const first = credentials[0];
  const prepared = useQuery({
    ...passkeyBatchQuery({
      network,
      account: from,
      publicKey: first?.publicKey ?? { x: '0x', y: '0x' },
      payer: (payer?.address ?? from) as Address,
      calls,
      precompile: checks.data?.precompile ?? false,
    }),
    enabled: checks.isSuccess && payer !== undefined && first !== undefined,
  });
  const ready = prepared.data;
  const native = network.nativeCurrency;

  const confirm = async () => {
    if (!ready || !payer) return;
    setSending(true);
    setError(undefined);
    try {
      const record = await sendByPasskey(await service(), {
        network,
        payer: session.signerFor(payer),
        ready,
        credentials,
        intent: transfers.length === 1 ? transfers[0]?.intent : undefined,
      });
      onSent?.();
      goTo({ name: 'done', recordId: record.id, networkId: network.id, sender: record.from });
    } catch (e) {
      setError(failureMessage(e, msg('send:review.nothingSent')));
      // A used nonce: the account moved on, so the batch is made again for the next one.
      if (isCairnError(e) && e.code === 'SMART_PASSKEY_REPLAYED') void prepared.refetch();
      setSending(false);
    }
  };

  return (
    <section className={forms.stack} aria-labelledby="passkey-review-title">
      <h2 id="passkey-review-title">{t('send:passkeyReview.title')}</h2>
      <p>{t('send:passkeyReview.intro')}</p>
      <dl className={styles.review}>
        <BatchFromLines name={account.name} from={from} batch={transfers} />
        <dt>{t('send:passkeyReview.calls')}</dt>
        <dd>
          <ol>
            {calls.map((call, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the calls are in the order signed
              <li key={index}>
                <T
                  id="send:passkeyReview.call"
                  values={{ bytes: (call.data.length - 2) / 2 }}
                  tags={{
                    0: <AddressText address={call.to} />,
                    1: <Amount value={call.value} decimals={native.decimals} symbol={native.symbol} />,
                  }}
                />
                {call.data !== '0x' && (
                  <p className={ui.muted}>
                    <CodeText>{call.data}</CodeText>
                  </p>
                )}
              </li>
            ))}
          </ol>
        </dd>
        <dt>{t('send:passkeyReview.network')}</dt>
        <dd>
          <T
            id="send:passkeyReview.networkValue"
            values={{
              network: untrustedValue(network.name, 'name'),
              chainId: codeValue(String(network.chainId)),
              nonce: codeValue(ready ? String(ready.batch.nonce) : '…'),
            }}
          />
        </dd>
      </dl>
      <label htmlFor={payerId}>{t('send:passkeyReview.payer')}</label>
      <select id={payerId} value={payer?.id} disabled={sending} onChange={(event) => setChosen(event.target.value)}>
        {payers.map((a) => (
          <option key={a.id} value={a.id}>
            {t('send:batchReview.payerOther', {
              name: untrustedValue(a.name, 'name'),
              address: shortAddress(a.address),
            })}
          </option>
        ))}
      </select>
      {payers.length === 0 && (
        <p role="alert" className={ui.noticeWarning}>
          {t('send:passkeyReview.noPayer')}
        </p>
      )}
      {checks.data?.precompile === false && (
        <p role="alert" className={ui.noticeWarning}>
          {t('send:passkeyReview.noPrecompile')}
        </p>
      )}
      {ready && payer && (
        <dl className={styles.review}>
          <dt>{t('send:batchReview.feePaidBy', { name: untrustedValue(payer.name, 'name') })}</dt>
          <dd>
            <NetworkFeeLines prepared={ready.prepared} native={native} />
          </dd>
          <dt>{t('send:passkeyReview.signs')}</dt>
          <dd>
            <T
              id="send:passkeyReview.signsValue"
              values={{ digest: codeValue(ready.digest), payer: untrustedValue(payer.name, 'name') }}
            />
          </dd>
        </dl>
      )}
      {/* Always in the page, so that screen readers announce what appears in it. */}
      <p role="status">{checks.isFetching || prepared.isFetching ? t('send:batchReview.preparing') : ''}</p>
      {checks.error && <ErrorAlert message={errorMessage(checks.error)} />}
      {prepared.error && <ErrorAlert message={errorMessage(prepared.error)} />}
      <ErrorAlert message={error} />
      <div className={ui.actions}>
        <button type="button" disabled={sending} onClick={() => goTo({ name: 'form' })}>
          {t('send:batchReview.back')}
        </button>
        <button type="button" disabled={!ready || !payer || sending || prepared.isFetching} onClick={confirm}>
          {sending ? t('send:passkeyReview.asking') : t('send:passkeyReview.confirm')}
        </button>
      </div>
    </section>
  );
}
