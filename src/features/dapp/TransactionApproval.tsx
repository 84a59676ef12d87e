import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { NetworkFeeLines } from '@/components/NetworkFeeLines';
import { TransactionEffectsPanel } from '@/components/simulation/TransactionEffectsPanel';
import { T } from '@/components/T';
import { signerProfile } from '@/core/accounts/signerKinds';
import type { Network } from '@/core/chain/networks';
import type { DappCall } from '@/core/dapp/personRequests';
import { type Message, msg } from '@/core/i18n/message';
import type { AnyPreparedSend } from '@/core/tx/prepare';
import { nextNonceOf, prepareCall, sendPreparedCall } from '@/core/tx/preparedCalls';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { headForSend } from '@/lib/queries/chainQueries';
import { recipientRunsCode } from '@/lib/queries/smartAccountQueries';
import { preparedReads, previewedTransaction, previewFails, useReviewPreview } from '@/lib/send/useTransactionPreview';
import { useSelectedNetwork } from '@/lib/stores/session';
import { useTransactions } from '@/lib/stores/transactions';
import { useVaultSession } from '@/lib/vault/vault';
import { ApprovalFrame } from './ApprovalFrame';
import { ApprovalsInCairn } from './ApprovalsInCairn';
import { CallDataLines } from './CallDataLines';
import { CreationLines } from './CreationLines';
import styles from './dapp.module.css';
import { useSiteRequest } from './useSiteRequest';

/**
 * eth_sendTransaction: the call prepared as Send prepares one (fees, gas, balance checks), what it
 * would do simulated on the person's node, then signed, stored and sent like any of Cairn's; the
 * site gets the hash once it is broadcast. A call without `to` creates a contract: it is prepared
 * with the nonce it will be sent with (Cairn chooses it, unless a browser wallet sends it), and the
 * preview says where the contract lands and how much code it gets.
 */
export function TransactionApproval({ id, account, call }: { id: number; account: string; call: DappCall }) {
  const t = useT('dapp');
  const request = useSiteRequest(id, account);
  const session = useVaultSession();
  const { service, store } = useTransactions();
  const queryClient = useQueryClient();
  const { network, signer } = request;
  // What was prepared, with the network it was prepared on: never paired with another network.
  const [preparedOn, setPreparedOn] = useState<{ network: Network; prepared: AnyPreparedSend }>();
  const prepared = preparedOn && preparedOn.network === network ? preparedOn.prepared : undefined;
  const [problem, setProblem] = useState<Message | string>();
  const to = call.to;
  // A browser wallet chooses the nonce itself: a creation it sends is prepared without one.
  const choosesNonce = signer ? signerProfile(signer.source).sendsItself === undefined : true;

  useEffect(() => {
    // A change of network or content: what was prepared for the old one goes.
    setPreparedOn(undefined);
    setProblem(undefined);
    if (!network) return;
    let current = true;
    const from = account as Address;
    const nonce = to === undefined && choosesNonce ? nextNonceOf(network, from, store) : Promise.resolve(undefined);
    // The window's head, read or being read: the send's reads do not ask for the block again.
    const head = headForSend(queryClient, network);
    // The code of `to`, as the window's guard read it: not asked again.
    const known = { head, recipientRunsCode: recipientRunsCode(queryClient, network, to) };
    nonce
      .then((chosen) => prepareCall(network, from, call, chosen, known))
      .then(
        (ready) => current && setPreparedOn({ network, prepared: ready }),
        (error: unknown) => current && setProblem(errorMessage(error)),
      );
    return () => {
      current = false;
    };
  }, [network, account, to, call, choosesNonce, store, queryClient]);

  const tx = useMemo(() => prepared && previewedTransaction(prepared), [prepared]);
  const selected = useSelectedNetwork();
  const before = useMemo(() => prepared && preparedReads(prepared), [prepared]);
  const review = useReviewPreview(network ?? selected, network ? tx : undefined, undefined, { site: true }, before);
  const native = network?.nativeCurrency;

  const confirm = () =>
    signer &&
    network &&
    prepared &&
    request.run(
      () =>
        // Held while it is signed and sent: a switch or a lost account meanwhile cannot tell the site
        // "nothing was sent" while it goes out (the site gets the hash).
        request.connection.whileSending(
          id,
          async () => {
            const args = { network, account: session.signerFor(signer), prepared, site: request.connection.origin };
            return (await sendPreparedCall(await service(), args)).hash;
          },
          (hash) => hash,
        ),
      msg('dapp:nothingSent'),
    );

  return (
    <ApprovalFrame
      title={t(to ? 'dapp:transaction.title' : 'dapp:transaction.titleCreate')}
      requestId={id}
      account={account}
      network={network}
      approveLabel={t('dapp:transaction.approve')}
      onApprove={confirm}
      onDecline={request.decline}
      approveBlocked={!signer || !prepared || review.heldBack || request.maySendTwice}
      restartKey={review.follow.decisions}
      busy={request.busy}
      error={request.error ?? problem ?? (signer ? undefined : t('dapp:cannotSign'))}
    >
      <dl className={styles.facts}>
        {to ? (
          <>
            <dt>{t('dapp:facts.to')}</dt>
            <dd>
              <AddressText address={to} />
            </dd>
          </>
        ) : (
          <CreationLines
            data={call.data}
            creation={review.preview.data?.result.creation}
            failed={problem !== undefined || review.preview.isError || previewFails(review.preview.data)}
          />
        )}
        <dt>{t('dapp:facts.value')}</dt>
        <dd>{native && <Amount value={call.value} decimals={native.decimals} symbol={native.symbol} />}</dd>
        <dt>{t('dapp:facts.networkFee')}</dt>
        <dd>
          {prepared && native ? (
            <NetworkFeeLines prepared={prepared} native={native} />
          ) : problem ? (
            t('dapp:facts.unknown')
          ) : (
            t('dapp:facts.workingOut')
          )}
        </dd>
        {prepared && native && (
          <>
            <dt>{t('dapp:facts.total')}</dt>
            <dd>
              <T
                id="dapp:transaction.atMost"
                tags={{
                  0: (
                    <Amount value={call.value + prepared.cost.max} decimals={native.decimals} symbol={native.symbol} />
                  ),
                }}
              />
            </dd>
          </>
        )}
        <CallDataLines to={to} data={call.data} />
      </dl>
      {network && tx && (
        <TransactionEffectsPanel
          network={network}
          tx={tx}
          review={review}
          unit={{ decimals: native?.decimals ?? 18, symbol: native?.symbol ?? 'ETH' }}
          approvalsLink={<ApprovalsInCairn />}
        />
      )}
    </ApprovalFrame>
  );
}
