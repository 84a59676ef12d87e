import { useMemo, useState } from 'react';
import type { Address, Hex } from 'viem';
import { Amount } from '@/components/Amount';
import { NetworkFeeLines } from '@/components/NetworkFeeLines';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { isDeviceSource } from '@/core/accounts/account';
import { signerProfile } from '@/core/accounts/signerKinds';
import { expectedCost } from '@/core/chain/fees';
import { BatchStopped, type CallStep, newBatchId, sendCallsInOrder } from '@/core/dapp/callsBatch';
import type { DappCall, PersonRequest } from '@/core/dapp/personRequests';
import { toHexChainId } from '@/core/dapp/protocol';
import { msg } from '@/core/i18n/message';
import type { BatchCall } from '@/core/simulation/simulateCalls';
import { prepareCall, sendPreparedCall } from '@/core/tx/preparedCalls';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/i18n/errorMessages';
import { waitForBatchCallReceipt } from '@/lib/send/callsReceipts';
import { usePreparedFirstCall } from '@/lib/send/usePreparedFirstCall';
import { batchSending, useCallsReviewPreview } from '@/lib/send/useTransactionPreview';
import { useSelectedNetwork } from '@/lib/stores/session';
import { useTransactions } from '@/lib/stores/transactions';
import { useVaultSession } from '@/lib/vault/vault';
import { ApprovalFrame } from './ApprovalFrame';
import { BatchCallList, batchOutcome } from './BatchCallList';
import { BatchEffects, BatchValueLine } from './BatchEffects';
import styles from './dapp.module.css';
import { useSiteRequest } from './useSiteRequest';

type Props = { id: number; request: Extract<PersonRequest, { method: 'wallet_sendCalls' }> };

/**
 * wallet_sendCalls (EIP-5792, without atomicity): every call of the batch, what they would do
 * together simulated on the person's node, then sent one after another (each once the one before
 * it is mined), stopping at the first failure. The site gets the batch id once the batch ends,
 * or as soon as the window closes after a call was sent; its connector follows the rest.
 */
export function CallsApproval({ id, request: asked }: Props) {
  const t = useT('dapp');
  const { account, calls, batchId } = asked;
  const request = useSiteRequest(id, account);
  const session = useVaultSession();
  const { service, store } = useTransactions();
  const { network, signer, connection } = request;
  const from = account as Address;
  const batch = useMemo<BatchCall[]>(
    () => calls.map((call) => ({ to: call.to, value: call.value, data: call.data })),
    [calls],
  );
  // A creation lands at the address of its nonce: where Cairn chooses the nonces (not a browser
  // wallet), the calls are prepared with consecutive ones, from the one the first is sent with.
  const choosesNonce = signer ? signerProfile(signer.source).sendsItself === undefined : true;
  const pinNonce = choosesNonce && calls.some((call) => call.to === undefined) ? store : undefined;
  const { prepared: firstPrepared, problem } = usePreparedFirstCall(network, from, calls, pinNonce);
  const [steps, setSteps] = useState<CallStep[]>();

  const selected = useSelectedNetwork();
  // Previewed as it will be sent: the first call's fees, limit and nonce, once prepared.
  const previewable = network !== undefined && (firstPrepared !== undefined || problem !== undefined);
  const sending = batchSending(firstPrepared);
  const review = useCallsReviewPreview(network ?? selected, from, batch, previewable, { site: true }, sending);
  const native = network?.nativeCurrency;
  const valueSum = calls.reduce((sum, call) => sum + call.value, 0n);
  const previewGas = review.preview.data?.result.calls.reduce((sum, c) => sum + c.gasUsed, 0n);
  const first = firstPrepared;
  const feeEstimate =
    first && previewGas !== undefined ? expectedCost(first.fees, first.market, previewGas) : undefined;
  const mayRunShort = first && feeEstimate !== undefined && valueSum + feeEstimate > first.nativeBalance;
  const count = calls.length;

  const confirm = () =>
    signer &&
    network &&
    first &&
    request.run(async () => {
      const chosenId = batchId ?? newBatchId();
      const [sender, txService] = [session.signerFor(signer), await service()];
      const { steps: ended, status } = await sendCallsInOrder(
        { id: chosenId, chainId: toHexChainId(network.chainId), total: count },
        {
          send: async (index) => {
            const nonce = first.nonce === undefined ? undefined : first.nonce + index;
            const prepared = index === 0 ? first : await prepareCall(network, from, calls[index] as DappCall, nonce);
            // Preparing takes a while: the site may have lost the account, or the window be leaving.
            if (!request.stillWaiting()) throw new BatchStopped();
            const args = { network, account: sender, prepared, site: connection.origin };
            // Held while it is signed and sent; once sent, the site learns of the batch whatever
            // happens to this window.
            const { hash } = await connection.whileSending(
              id,
              () => sendPreparedCall(txService, args),
              () => ({ id: chosenId }),
            );
            return hash;
          },
          receipt: (hash) => waitForBatchCallReceipt(network, hash as Hex),
          stillWanted: request.stillWaiting,
          onProgress: ({ steps, status }) => {
            setSteps(steps);
            if (status.hashes.length > 0) connection.reportCalls(status);
          },
          describe: errorText,
        },
      ).catch((error: unknown) => {
        // The first call was not sent, or may have been (the error says so, and the site would hear
        // it: DappConnection.whileSending): the person may confirm again, unless it may have been
        // sent (useSiteRequest then holds approve).
        setSteps(undefined);
        throw error;
      });
      if (status.status !== 200) connection.tell(batchOutcome(ended));
      return { id: chosenId };
    }, msg('dapp:nothingSent'));

  return (
    <ApprovalFrame
      title={t('dapp:calls.title', { count })}
      requestId={id}
      account={account}
      network={network}
      approveLabel={t('dapp:calls.approve', { count })}
      onApprove={confirm}
      onDecline={request.decline}
      approveBlocked={!signer || !first || review.heldBack || steps !== undefined || request.maySendTwice}
      restartKey={review.follow.decisions}
      busy={request.busy}
      error={request.error ?? problem ?? (signer ? undefined : t('dapp:cannotSign'))}
    >
      {count > 1 && (
        <p>
          {t('dapp:calls.sequence', { count })}
          {signer && isDeviceSource(signer.source) && (
            <>
              {' '}
              <T id="dapp:calls.deviceSigns" values={{ device: signerProfile(signer.source).signs, count }} />
            </>
          )}
        </p>
      )}
      <BatchCallList
        calls={calls}
        steps={steps}
        native={native}
        previews={review.preview.data?.result.calls}
        previewEnded={problem !== undefined || review.preview.isError || review.preview.data !== undefined}
      />
      <dl className={styles.facts}>
        <BatchValueLine calls={calls} native={native} />
        <dt>{t('dapp:facts.networkFee')}</dt>
        <dd>
          {first && native ? (
            <>
              {count > 1 ? (
                <T id="dapp:calls.firstCallFee" tags={{ 0: <NetworkFeeLines prepared={first} native={native} /> }} />
              ) : (
                <NetworkFeeLines prepared={first} native={native} />
              )}
              {count > 1 && feeEstimate !== undefined && (
                // From the preview's gas, read again at each block: its changes decide nothing.
                <span data-volatile="">
                  <br />
                  <T
                    id="dapp:calls.allFees"
                    values={{ count }}
                    tags={{ 0: <Amount value={feeEstimate} decimals={native.decimals} symbol={native.symbol} /> }}
                  />
                </span>
              )}
            </>
          ) : problem ? (
            t('dapp:facts.unknown')
          ) : (
            t('dapp:facts.workingOut')
          )}
        </dd>
      </dl>
      {mayRunShort && (
        <p role="alert" className={ui.noticeWarning}>
          {t('dapp:calls.mayRunShort')}
        </p>
      )}
      <BatchEffects network={network} from={from} review={review} />
    </ApprovalFrame>
  );
}
