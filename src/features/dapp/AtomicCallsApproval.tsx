import { useEffect, useMemo, useState } from 'react';
import type { Address, Hex } from 'viem';
import { NetworkFeeLines } from '@/components/NetworkFeeLines';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { type Account, isDeviceSource } from '@/core/accounts/account';
import { signerProfile } from '@/core/accounts/signerKinds';
import type { Network } from '@/core/chain/networks';
import { sendCallsAtomically } from '@/core/dapp/atomicBatch';
import { type PreparedAtomicBatch, prepareAtomicBatch } from '@/core/dapp/atomicCalls';
import { BatchStopped, type CallStep, newBatchId } from '@/core/dapp/callsBatch';
import type { DappCall, PersonRequest } from '@/core/dapp/personRequests';
import { toHexChainId } from '@/core/dapp/protocol';
import { upgradeDeclinedError } from '@/core/dapp/siteErrors';
import { msg } from '@/core/i18n/message';
import type { SigningAccount } from '@/core/signing/signerAccount';
import type { SmartAccountState } from '@/core/smartAccount/accountState';
import { type AtomicBatch, atomicBatchTransaction, plannedTransaction } from '@/core/smartAccount/batchPreview';
import type { ExecutionCall } from '@/core/smartAccount/execution';
import { confirmBatch } from '@/core/smartAccount/smartBatch';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/i18n/errorMessages';
import { plannedBatchGas } from '@/lib/queries/simulationQueries';
import { waitForAtomicBatchReceipt } from '@/lib/send/callsReceipts';
import { batchSending, useAtomicReviewPreview } from '@/lib/send/useTransactionPreview';
import { useSelectedNetwork } from '@/lib/stores/session';
import { useTransactions } from '@/lib/stores/transactions';
import { useVaultSession } from '@/lib/vault/vault';
import { ApprovalFrame } from './ApprovalFrame';
import { BatchCallList } from './BatchCallList';
import { BatchEffects, BatchValueLine } from './BatchEffects';
import styles from './dapp.module.css';
import { UpgradeConsent } from './UpgradeConsent';
import { useSiteRequest } from './useSiteRequest';

type Props = {
  id: number;
  request: Extract<PersonRequest, { method: 'wallet_sendCalls' }>;
  /** The account's state the plan was made from: plain (upgraded in the batch's transaction) or upgraded. */
  state: SmartAccountState;
};

/**
 * wallet_sendCalls run atomically: every call in one transaction the account sends to itself,
 * through its smart-account delegate (EIP-5792 atomic). A plain account is first asked to consent
 * to the upgrade, which goes in that same transaction; declining answers the site 5750.
 */
export function AtomicCallsApproval({ id, request, state }: Props) {
  const t = useT('dapp');
  const [consented, setConsented] = useState(state.kind !== 'plain');
  const site = useSiteRequest(id, request.account);
  const count = request.calls.length;
  if (consented) return <AtomicReview id={id} request={request} state={state} />;
  return (
    <ApprovalFrame
      title={t('dapp:upgrade.title', { count })}
      requestId={id}
      account={request.account}
      network={site.network}
      approveLabel={t('dapp:upgrade.approve')}
      onApprove={() => setConsented(true)}
      onDecline={() => site.fail(upgradeDeclinedError())}
      restartKey="upgrade"
    >
      <UpgradeConsent count={count} />
      <BatchCallList calls={request.calls} native={site.network?.nativeCurrency} />
    </ApprovalFrame>
  );
}

type Prepared = PreparedAtomicBatch & { account: SigningAccount };

/**
 * The batch's one transaction, prepared once (for a plain account, the delegate's code checked
 * and the upgrade's authorization planned: it is signed only at Confirm), or why it could not be.
 */
function usePreparedAtomicBatch(
  network: Network | undefined,
  signer: Account | undefined,
  state: SmartAccountState,
  calls: readonly DappCall[],
): { ready: Prepared | undefined; problem: string | undefined } {
  const session = useVaultSession();
  const { store } = useTransactions();
  const [outcome, setOutcome] = useState<{ ready?: Prepared; problem?: string }>({});
  useEffect(() => {
    setOutcome({});
    if (!network || !signer) return;
    let current = true;
    const account = session.signerFor(signer);
    prepareAtomicBatch(network, account, state, calls, store, plannedBatchGas).then(
      (prepared) => current && setOutcome({ ready: { ...prepared, account } }),
      (error: unknown) => current && setOutcome({ problem: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [network, signer, state, calls, session, store]);
  return { ready: outcome.ready, problem: outcome.problem };
}

/**
 * The review of the one transaction: every call, what they do together (the transaction
 * previewed as it will be mined: the account's call to itself, its delegate's code at the
 * account), its fee, and its gas against that of separate transactions. A batch failing in the
 * preview would revert all its calls: Confirm stays held.
 */
function AtomicReview({ id, request: asked, state }: Props) {
  const t = useT('dapp');
  const { account, calls, batchId } = asked;
  const request = useSiteRequest(id, account);
  const { service } = useTransactions();
  const { network, signer, connection } = request;
  const from = account as Address;
  const upgrade = state.kind === 'plain';
  const batch = useMemo<ExecutionCall[]>(
    () => calls.flatMap(({ to, value, data }) => (to ? [{ to, value, data }] : [])),
    [calls],
  );
  const { ready, problem } = usePreparedAtomicBatch(network, signer, state, calls);
  const [steps, setSteps] = useState<CallStep[]>();
  const selected = useSelectedNetwork();
  const previewable = network !== undefined && (ready !== undefined || problem !== undefined);
  // The one transaction that will be mined: as planned, or (preparing failed) as it would be.
  const planned = ready?.plan;
  const atomic = useMemo<AtomicBatch | undefined>(() => {
    if (!previewable) return undefined;
    const tx = planned ? plannedTransaction(planned) : atomicBatchTransaction(from, state, batch);
    return { account: from, calls: batch, tx };
  }, [previewable, planned, from, state, batch]);
  const review = useAtomicReviewPreview(network ?? selected, atomic, { site: true }, batchSending(ready?.prepared));
  const previews = review.preview.data?.result.calls;
  const outcome = review.preview.data?.result.outcome;
  const fails = outcome?.ok === false;
  // Which call fails, when the calls previewed apart say so.
  const failing = outcome && !outcome.ok ? outcome.call?.index : undefined;
  // What separate transactions would use: every call previewed, each its own transaction's gas.
  const separate =
    previews?.length === calls.length ? previews.reduce((sum, call) => sum + call.gasUsed, 0n) : undefined;
  const native = network?.nativeCurrency;
  const count = calls.length;

  const confirm = () =>
    signer &&
    network &&
    ready &&
    request.run(async () => {
      const chosenId = batchId ?? newBatchId();
      const txService = await service();
      const { status } = await sendCallsAtomically(
        { id: chosenId, chainId: toHexChainId(network.chainId), calls: count },
        {
          send: async () => {
            if (!request.stillWaiting()) throw new BatchStopped();
            const { account, plan, prepared } = ready;
            const args = { network, account, sender: account, plan, prepared, site: connection.origin };
            // Held while the upgrade (if any) and the transaction are signed and sent; once sent,
            // the site learns of the batch whatever happens here.
            const { hash } = await connection.whileSending(
              id,
              () => confirmBatch(txService, args),
              () => ({ id: chosenId }),
            );
            return hash;
          },
          receipt: (hash) => waitForAtomicBatchReceipt(network, hash as Hex, upgrade ? from : undefined),
          onProgress: ({ steps, status }) => {
            setSteps(steps);
            if (status.hashes.length > 0) connection.reportCalls(status);
          },
        },
      ).catch((error: unknown) => {
        setSteps(undefined);
        throw error;
      });
      // The account may be upgraded now: the site's capabilities say so.
      connection.refreshAtomic();
      if (status.status === 100) connection.tell(t('dapp:atomic.pending'));
      else if (status.status !== 200) connection.tell(t('dapp:atomic.reverted'));
      return { id: chosenId };
    }, msg('dapp:nothingSent'));

  return (
    <ApprovalFrame
      title={t('dapp:atomic.title', { count })}
      requestId={id}
      account={account}
      network={network}
      approveLabel={upgrade ? t('dapp:atomic.approveUpgrade') : t('dapp:atomic.approve')}
      onApprove={confirm}
      onDecline={request.decline}
      approveBlocked={!signer || !ready || fails || review.heldBack || steps !== undefined || request.maySendTwice}
      restartKey={review.follow.decisions}
      busy={request.busy}
      error={request.error ?? problem ?? (signer ? undefined : t('dapp:cannotSign'))}
    >
      <p>
        {t('dapp:atomic.together')}
        {upgrade && <> {t('dapp:atomic.withUpgrade')}</>}
        {signer && isDeviceSource(signer.source) && (
          <> {<T id="dapp:atomic.deviceSigns" values={{ device: signerProfile(signer.source).signs }} />}</>
        )}
      </p>
      {fails && (
        <p role="alert" className={ui.noticeDanger}>
          {failing === undefined ? t('dapp:atomic.failsWhole') : t('dapp:atomic.fails', { index: failing + 1, count })}
        </p>
      )}
      <BatchCallList
        calls={calls}
        steps={steps}
        native={native}
        previews={previews}
        previewEnded={problem !== undefined || review.preview.isError || review.preview.data !== undefined}
      />
      <dl className={styles.facts}>
        <BatchValueLine calls={calls} native={native} />
        <dt>{t('dapp:facts.networkFee')}</dt>
        <dd>
          {ready && native ? (
            <NetworkFeeLines prepared={ready.prepared} native={native} />
          ) : problem ? (
            t('dapp:facts.unknown')
          ) : (
            t('dapp:facts.workingOut')
          )}
        </dd>
        <dt>{t('dapp:atomic.gasLabel')}</dt>
        {/* The preview's gas is read again at each block: its changes decide nothing. */}
        <dd data-volatile="">
          {ready && separate !== undefined
            ? t('dapp:atomic.gas', {
                atomic: ready.prepared.gasEstimate,
                separate,
                count,
                upgrade: upgrade ? 'yes' : 'no',
              })
            : problem
              ? t('dapp:facts.unknown')
              : t('dapp:facts.workingOut')}
        </dd>
      </dl>
      <BatchEffects network={network} from={from} review={review} failureHolds />
    </ApprovalFrame>
  );
}
