import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useStore } from 'zustand';
import forms from '@/components/forms.module.css';
import { NodeProblem } from '@/components/NodeProblem';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { useSendingHeld, VerificationHold } from '@/components/VerificationHold';
import { WatchOnlyNotice } from '@/components/WatchOnlyNotice';
import { canSendFrom } from '@/core/accounts/signerKinds';
import type { Network } from '@/core/chain/networks';
import { untrustedValue } from '@/core/i18n/message';
import { selectedNetwork } from '@/core/session/sessionStore';
import { amountInputText, useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { useAccountRecords } from '@/lib/queries/recordQueries';
import { sendRequestStore, takeQueuedCalls, takeSendRequest } from '@/lib/send/sendRequest';
import {
  ScreenNetwork,
  useLinkedNetwork,
  useSelectedNetwork,
  useSession,
  useViewedNetworks,
} from '@/lib/stores/session';
import { useSelectedAccount, useSendingAccounts } from '@/lib/vault/vault';
import { AccountTransactions } from './AccountTransactions';
import { BatchTransfers } from './BatchTransfers';
import { BatchReviewPanel } from './review/BatchReviewPanel';
import { PasskeyReview } from './review/PasskeyReview';
import { ReviewPanel } from './review/ReviewPanel';
import { SafeBatchReview } from './review/SafeBatchReview';
import { SafeProposedCard } from './review/SafeProposal';
import { SendForm } from './SendForm';
import { addToBatch, isUntouched, sendFlowStore, startOver, updateForm } from './sendFlowStore';
import { TxStatusCard } from './TxStatusCard';

/**
 * Send: form → review → signed and tracked. The flow survives a lock (its state lives outside React).
 * It works on the network of the asset picked (the form's), else the header's: everything inside
 * it reads that one, so nothing has to be switched first.
 */
export function SendScreen() {
  const header = useSelectedNetwork();
  const networks = useSession((s) => s.networks);
  const networkId = useStore(sendFlowStore, (s) => s.form.networkId);
  // The form's network was chosen (a row, the Network field, a prepared call): any network it names.
  const network = networks.find((n) => n.id === networkId) ?? header;
  // Another screen can open Send with an asset chosen, on its network and from its account (Home's
  // row, an NFT's "Send"): a fresh form with it. A network the person does not use is not taken.
  const [params, setParams] = useSearchParams();
  const requested = params.get('asset');
  const linked = useLinkedNetwork(params.get('network'))?.id;
  const requestedFrom = params.get('from') ?? undefined;
  useEffect(() => {
    if (!requested) return;
    startOver();
    updateForm({ asset: requested.toLowerCase(), amount: '', max: false, unit: 'asset', networkId: linked });
    if (requestedFrom) updateForm({ fromId: requestedFrom });
    setParams({}, { replace: true });
  }, [requested, linked, requestedFrom, setParams]);
  // Opened plainly (the menu, Home's Send): an untouched form goes back to the header's network.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as Send opens (a link's asset is taken above)
  useEffect(() => {
    const { form, step } = sendFlowStore.getState();
    if (!requested && step.name === 'form' && isUntouched(form)) updateForm({ networkId: undefined });
  }, []);
  const shown = useViewedNetworks();
  // The chip shows one network and the send is on another: say so, above the form and the review.
  const elsewhere = shown.length === 1 && shown[0]?.id !== network.id ? shown[0] : undefined;
  return (
    <ScreenNetwork network={network}>
      {elsewhere && <OtherNetworkNotice network={network} shown={elsewhere} />}
      <SendOnNetwork network={network} />
    </ScreenNetwork>
  );
}

function OtherNetworkNotice({ network, shown }: { network: Network; shown: Network }) {
  return (
    <p role="note" className={ui.noticeWarning}>
      <T
        id="send:otherNetwork"
        values={{ network: untrustedValue(network.name, 'name'), shown: untrustedValue(shown.name, 'name') }}
      />
    </p>
  );
}

function SendOnNetwork({ network }: { network: Network }) {
  const t = useT('send');
  const step = useStore(sendFlowStore, (s) => s.step);
  const fromId = useStore(sendFlowStore, (s) => s.form.fromId);
  const origin = useStore(sendFlowStore, (s) => s.form.origin);
  const links = useLinks();
  const { accounts: signable, preferred } = useSendingAccounts(network);
  const from = signable.find((a) => a.id === fromId) ?? preferred;
  // The account chosen in the header is watch-only: say so instead of a form that could not be signed.
  const selected = useSelectedAccount();
  const watched = selected && !canSendFrom(selected, network.chainId) ? selected : undefined;
  const records = useAccountRecords(network, (step.name === 'done' && step.sender) || from?.address);
  const onOtherNetwork = step.name !== 'form' && step.networkId !== network.id;
  // The shell's panel speaks of the header's network: this one's node is said here, named.
  const header = useSession(selectedNetwork);
  // Proofs contradicted the node: nothing is prepared from its answers until the person acknowledges
  // it. A sent transaction's card stays in view (its speed-up, cancel and a gap's filling wait too).
  const sendingHeld = useSendingHeld(network);
  const held = sendingHeld && step.name !== 'done';
  const showForm = !held && (step.name === 'form' || onOtherNetwork);
  const nativeDecimals = network.nativeCurrency.decimals;
  // Writes queued on Contracts or Swap join the batch of their account on the network in use, which
  // Send then sends from (a batch is one account's). Taken only on the form (never under a review),
  // and never over another account's batch: that one waits to be sent or cleared (Send says so).
  const owner = from ? `${network.id}:${from.id}` : undefined;
  const batch = useStore(sendFlowStore, (s) => s.form.batch);
  const batchFor = useStore(sendFlowStore, (s) => s.form.batchFor);
  // A Safe's batch is proposed as one Safe transaction (MultiSendCallOnly).
  const batchSafe = signable.find((a) => a.source.kind === 'safe' && batchFor === `${network.id}:${a.id}`);
  // A passkey account's batch: its passkey signs it, another account sends it.
  const batchPasskey = signable.find(
    (a): a is typeof a & { source: { kind: 'passkeyAccount' } } =>
      a.source.kind === 'passkeyAccount' && batchFor === `${network.id}:${a.id}`,
  );
  const passkeyFrom = from?.source.kind === 'passkeyAccount' ? (from as typeof batchPasskey) : undefined;
  useEffect(() => {
    if (!owner || step.name !== 'form') return;
    // Calls queued on another network only, with no batch gathered here: Send moves to their network.
    const { queued } = sendRequestStore.getState();
    const elsewhere = queued[0];
    if (batch.length === 0 && elsewhere && !queued.some((call) => call.networkId === network.id)) {
      updateForm({ networkId: elsewhere.networkId });
      return;
    }
    const native = { kind: 'native' as const, symbol: network.nativeCurrency.symbol, decimals: nativeDecimals };
    const waiting = takeQueuedCalls(
      network.id,
      (fromId) => batch.length === 0 || batchFor === `${network.id}:${fromId}`,
    );
    for (const queued of waiting) {
      if (queued.fromId !== sendFlowStore.getState().form.fromId) updateForm({ fromId: queued.fromId });
      const intent = { asset: native, amount: queued.value, recipient: queued.recipient };
      const call = { to: queued.recipient, value: queued.value, data: queued.data };
      addToBatch(
        { call, intent, recipientName: undefined, callName: queued.callName },
        `${network.id}:${queued.fromId}`,
      );
    }
  }, [owner, step.name, batch, batchFor, network.id, network.nativeCurrency.symbol, nativeDecimals]);
  // A contract write prepared on Contracts: recipient, value and call data filled in, the value
  // written as the person types it in the language shown.
  const networks = useSession((s) => s.networks);
  useEffect(() => {
    const request = takeSendRequest();
    if (!request) return;
    // Its value is in the coin of the network it was prepared on.
    const decimals = networks.find((n) => n.id === request.networkId)?.nativeCurrency.decimals ?? nativeDecimals;
    startOver();
    updateForm({
      networkId: request.networkId,
      // The account chosen where the call was prepared, else the one selected in the header.
      fromId: request.fromId,
      recipient: request.recipient,
      asset: 'native',
      amount: amountInputText(request.value, decimals),
      max: false,
      unit: 'asset',
      data: request.data,
      callAbi: JSON.stringify({ to: request.recipient, data: request.data, abi: request.callAbi }),
      origin: request.origin,
      swap: request.swap,
      autoContinue: request.origin === 'swap',
    });
  }, [nativeDecimals, networks]);

  return (
    <Screen title={t('send:title')}>
      {onOtherNetwork && (
        <p role="alert" className={ui.noticeWarning}>
          <T id="send:networkChanged" values={{ network: untrustedValue(network.name, 'name') }} />
        </p>
      )}
      {network.id !== header.id && <NodeProblem network={network} named />}
      {sendingHeld && <VerificationHold network={network} />}
      {showForm && !watched && from && <BatchTransfers owner={owner} />}
      {showForm && (watched ? <WatchOnlyNotice account={watched} task={t('send:watchOnly.task')} /> : <SendForm />)}
      {step.name === 'batchReview' &&
        !onOtherNetwork &&
        !held &&
        (batchSafe ? (
          <SafeBatchReview safe={batchSafe} />
        ) : batchPasskey ? (
          <PasskeyReview
            account={batchPasskey}
            transfers={batch}
            onSent={() => updateForm({ batch: [], batchFor: undefined })}
          />
        ) : (
          <BatchReviewPanel />
        ))}
      {step.name === 'passkeyReview' && !onOtherNetwork && !held && passkeyFrom && (
        <PasskeyReview account={passkeyFrom} transfers={[step.transfer]} />
      )}
      {step.name === 'review' && !onOtherNetwork && !held && (
        <ReviewPanel prepared={step.prepared} recipient={step.recipient} findings={step.findings} />
      )}
      {step.name === 'proposed' && !onOtherNetwork && <SafeProposedCard step={step} />}
      {step.name === 'done' && !onOtherNetwork && (
        <section className={forms.stack} aria-labelledby="sent-title">
          <h2 id="sent-title">{t('send:done.title')}</h2>
          <ul className={ui.plainList}>
            {records
              .filter((r) => r.id === step.recordId)
              .map((record) => (
                <TxStatusCard key={record.id} record={record} network={network} />
              ))}
          </ul>
          <div className={ui.actions}>
            {origin === 'swap' && <Link to={links.swap}>{t('send:done.backToSwap')}</Link>}
            <button type="button" onClick={startOver}>
              {t('send:done.again')}
            </button>
          </div>
        </section>
      )}
      {from && !(showForm && watched) && <AccountTransactions network={network} address={from.address} />}
    </Screen>
  );
}
