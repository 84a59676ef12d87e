import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Abi, Address, Hex } from 'viem';
import { useStore } from 'zustand';
import { AddressText } from '@/components/AddressText';
import { Amount, Fiat } from '@/components/Amount';
import { CodeText } from '@/components/CodeText';
import { DecodedCallText } from '@/components/DecodedCallText';
import { ErrorAlert } from '@/components/ErrorAlert';
import forms from '@/components/forms.module.css';
import { NetworkFeeLines } from '@/components/NetworkFeeLines';
import { TransactionEffectsPanel } from '@/components/simulation/TransactionEffectsPanel';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { contactName } from '@/core/addressBook/contact';
import { usdValue } from '@/core/assets/fiat';
import { sameHex } from '@/core/bytes';
import type { ResolvedRecipient } from '@/core/chain/ens';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { decodeCall } from '@/core/contracts/decode/calls';
import { walletName } from '@/core/externalWallet/walletRequests';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import type { FormIntent } from '@/core/simulation/effects';
import { checkSwapSimulation, factsHold } from '@/core/swap/swapReview';
import type { PreparedSend } from '@/core/tx/prepare';
import type { RecipientFinding } from '@/core/tx/safety';
import { useT } from '@/lib/i18n';
import { errorMessage, failureMessage } from '@/lib/i18n/errorMessages';
import { useLinks } from '@/lib/links';
import { useChainHead } from '@/lib/queries/useChainHead';
import { preparedSwapFailsNow } from '@/lib/send/swapRecheck';
import { preparedReads, previewedTransaction, useReviewPreview } from '@/lib/send/useTransactionPreview';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useTransactions } from '@/lib/stores/transactions';
import { useVaultAccount, useVaultSession } from '@/lib/vault/vault';
import { findingSentence } from '../FindingsPanel';
import styles from '../send.module.css';
import { goTo, sendFlowStore } from '../sendFlowStore';
import { sendAssetKey, useSendAssets } from '../useSendAssets';
import { SafeProposalLines, useSafeProposal } from './SafeProposal';
import { SwapReviewPanel } from './SwapReviewPanel';

/**
 * Everything about the transaction before it is signed: network, accounts (the recipient in
 * full), amount, fee range, total, nonce and, for tokens, the decoded call. Confirm signs in the
 * browser and stores the signed transaction before broadcasting it.
 */
export function ReviewPanel({
  prepared,
  recipient,
  findings,
}: {
  prepared: PreparedSend;
  recipient: ResolvedRecipient;
  findings: RecipientFinding[];
}) {
  const t = useT('send');
  const network = useSelectedNetwork();
  const links = useLinks();
  const session = useVaultSession();
  const contacts = useSession((s) => s.addressBook);
  const { service } = useTransactions();
  const { draft } = prepared;
  const from = useVaultAccount(draft.from);
  const native = network.nativeCurrency;
  const {
    price: assetPrice,
    priceFromParent,
    nativePrice,
  } = useSendAssets(network, draft.from, sendAssetKey(draft.asset));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | string>();
  const callAbi = useStore(sendFlowStore, (s) => s.form.callAbi);
  const swapFacts = useStore(sendFlowStore, (s) => s.form.swap);
  // A swap's facts hold only for the very call they were made for: sender, router, value and data.
  const swap = swapFacts && factsHold(swapFacts, { from: draft.from, ...prepared.call }) ? swapFacts : undefined;
  const savedAbis = useSession((s) => s.savedAbis[network.id]);
  const abis = useMemo(
    () => callAbis(prepared.call.to, prepared.call.data, callAbi, savedAbis).map((saved) => saved.abi),
    [prepared.call, callAbi, savedAbis],
  );
  const tx = useMemo(() => previewedTransaction(prepared), [prepared]);
  const intent = useMemo(() => formIntent(prepared, recipient.address), [prepared, recipient.address]);
  const before = useMemo(() => preparedReads(prepared), [prepared]);
  const review = useReviewPreview(network, tx, abis, {}, before);
  const previewed = review.preview.data?.result;
  const head = useChainHead(network);
  const swapCheck = swap && previewed ? checkSwapSimulation(swap, previewed, draft.from) : undefined;
  const assetCall = draft.asset.kind !== 'native' ? decodeCall(prepared.call.data, prepared.call.to, []) : undefined;
  const contractCall =
    draft.asset.kind === 'native' && prepared.call.data !== '0x'
      ? decodeCall(
          prepared.call.data,
          prepared.call.to,
          callAbis(prepared.call.to, prepared.call.data, callAbi, savedAbis),
        )
      : undefined;
  const what =
    draft.asset.kind === 'nft' ? (
      draft.asset.standard === 'erc1155' ? (
        <T
          id="send:review.nftCopies"
          values={{
            count: prepared.amount,
            name: untrustedValue(draft.asset.symbol, 'tokenName'),
            tokenId: draft.asset.tokenId.toString(),
          }}
        />
      ) : (
        <T
          id="send:review.nft"
          values={{ name: untrustedValue(draft.asset.symbol, 'tokenName'), tokenId: draft.asset.tokenId.toString() }}
        />
      )
    ) : (
      <Amount value={prepared.amount} decimals={draft.asset.decimals} symbol={draft.asset.symbol} />
    );
  const name = recipient.name ?? contactName(contacts, network.id, recipient.address);
  const maxFee = prepared.cost.max;
  const safeCalls = useMemo(() => [prepared.call], [prepared.call]);
  const safe = useSafeProposal(network, from, safeCalls);
  const isSafe = from?.source.kind === 'safe';

  const confirm = async () => {
    if (!from) return;
    if (isSafe) return void safe.propose();
    setBusy(true);
    setError(undefined);
    try {
      // A block came after the last simulation: the pools may have moved. One call first, so a
      // swap the router would now refuse is not sent (and its fee not paid). The simulation of
      // this very head already said, at no cost.
      const simulatedAt = review.preview.data?.result.block;
      const headNow = head.data?.status === 'ok' ? head.data.blockNumber : undefined;
      const stale = simulatedAt === undefined || headNow === undefined || headNow > simulatedAt;
      if (swap && stale && (await preparedSwapFailsNow(network, prepared))) {
        setError(msg('send:swap.movedOnConfirm'));
        setBusy(false);
        return;
      }
      const account = session.signerFor(from);
      const record = await (await service()).submit({
        network,
        account,
        kind: 'transfer',
        call: prepared.call,
        gas: prepared.gasLimit,
        fees: prepared.fees,
        nonce: prepared.nonce,
        intent: { asset: draft.asset, amount: prepared.amount, recipient: recipient.address },
      });
      goTo({ name: 'done', recordId: record.id, networkId: network.id });
    } catch (e) {
      setError(failureMessage(e, msg('send:review.nothingSent')));
      setBusy(false);
    }
  };

  return (
    <section className={forms.stack} aria-labelledby="review-title">
      <h2 id="review-title">{t('send:review.title')}</h2>
      <dl className={styles.review}>
        <dt>{t('send:review.network')}</dt>
        <dd>
          <T
            id="send:review.networkValue"
            values={{ network: untrustedValue(network.name, 'name'), chainId: String(network.chainId) }}
          />
        </dd>
        <dt>{t('send:review.from')}</dt>
        <dd>
          <T
            id="send:review.fromValue"
            values={{ name: from === undefined ? '' : untrustedValue(from.name, 'name') }}
            tags={{ 0: <AddressText address={draft.from} /> }}
          />
        </dd>
        <dt>{t('send:review.to')}</dt>
        <dd>
          {name !== undefined && (
            <strong>
              <UntrustedText text={name} kind={recipient.name === undefined ? 'name' : 'ensName'} />:{' '}
            </strong>
          )}
          <AddressText address={recipient.address} />
        </dd>
        <dt>{t('send:review.amount')}</dt>
        <dd>
          {what}
          {assetPrice && (
            <>
              {' '}
              (<Fiat value={usdValue(prepared.amount, draft.asset.decimals, assetPrice)} />)
              {priceFromParent && ` ${t('common:amount.parentPrice')}`}
            </>
          )}
        </dd>
        {isSafe ? (
          safe.state && safe.proposal && <SafeProposalLines state={safe.state} proposal={safe.proposal} />
        ) : (
          <>
            <dt>{t('send:review.fee')}</dt>
            <dd>
              <NetworkFeeLines prepared={prepared} native={native} nativePrice={nativePrice} />
            </dd>
            <dt>{t('send:review.total')}</dt>
            <dd>
              {draft.asset.kind === 'native' ? (
                <T
                  id="send:review.totalNative"
                  tags={{
                    0: <Amount value={prepared.amount + maxFee} decimals={native.decimals} symbol={native.symbol} />,
                  }}
                />
              ) : (
                <T
                  id="send:review.totalToken"
                  tags={{ 0: what, 1: <Amount value={maxFee} decimals={native.decimals} symbol={native.symbol} /> }}
                />
              )}
            </dd>
            <dt>{t('send:review.nonce')}</dt>
            <dd>
              {prepared.nonce !== undefined ? (
                <T id="send:review.nonceChosen" values={{ nonce: String(prepared.nonce) }} />
              ) : from && from.source.kind === 'external' ? (
                <T id="send:review.nonceWallet" values={{ wallet: walletName({ name: from.source.walletName }) }} />
              ) : (
                t('send:review.nonceNext')
              )}
            </dd>
          </>
        )}
        {assetCall && (
          <>
            <dt>{t('send:review.call')}</dt>
            <dd>
              <DecodedCallText call={assetCall} />{' '}
              <span className={ui.muted}>
                <T
                  id="send:review.callOnToken"
                  values={{
                    symbol: untrustedValue(draft.asset.symbol, draft.asset.kind === 'nft' ? 'tokenName' : 'symbol'),
                    address: codeValue(prepared.call.to),
                  }}
                />
              </span>
            </dd>
          </>
        )}
        {contractCall && (
          <>
            <dt>{t('send:review.call')}</dt>
            <dd>
              <DecodedCallText call={contractCall} />{' '}
              <span className={ui.muted}>
                <T id="send:review.callOnContract" values={{ address: codeValue(prepared.call.to) }} />
              </span>
              {contractCall.irregular && (
                <p className={ui.noticeWarning}>
                  <T message={contractCall.irregular} />
                </p>
              )}
              <br />
              <CodeText className={styles.hash}>{prepared.call.data}</CodeText>
            </dd>
          </>
        )}
        {!assetCall && !contractCall && prepared.call.data !== '0x' && (
          <>
            <dt>{t('send:review.data')}</dt>
            <dd>
              <CodeText className={styles.hash}>{prepared.call.data}</CodeText>{' '}
              <span className={ui.muted}>
                <T
                  id="send:review.dataUndecoded"
                  values={{ count: (prepared.call.data.length - 2) / 2, address: codeValue(prepared.call.to) }}
                />
              </span>
            </dd>
          </>
        )}
      </dl>
      {swap && <SwapReviewPanel facts={swap} check={swapCheck} simulatedAt={previewed?.block} />}
      <TransactionEffectsPanel
        network={network}
        tx={tx}
        review={review}
        intent={intent}
        unit={{ decimals: draft.asset.decimals, symbol: draft.asset.symbol }}
        approvalsLink={<Link to={links.approvals}>{t('send:review.approvalsLink')}</Link>}
      />
      {findings.map((finding) => (
        <p key={finding.kind} className={finding.blocking ? ui.noticeDanger : ui.noticeWarning}>
          {finding.blocking ? (
            <T id="send:review.findingConfirmed" values={{ finding: findingSentence(finding, network) }} />
          ) : (
            <T message={findingSentence(finding, network)} />
          )}
        </p>
      ))}
      <ErrorAlert message={error ?? (safe.error ? errorMessage(safe.error) : undefined)} />
      <div className={ui.actions}>
        <button
          type="button"
          onClick={confirm}
          disabled={
            busy ||
            !from ||
            review.heldBack ||
            swapCheck?.kind === 'fails' ||
            swapCheck?.kind === 'quoteLow' ||
            (isSafe && !safe.proposal)
          }
        >
          {isSafe ? t('send:safe.propose') : busy ? t('send:review.signing') : t('send:review.confirm')}
        </button>
        <button type="button" className={ui.secondary} onClick={() => goTo({ name: 'form' })} disabled={busy}>
          {t('send:review.edit')}
        </button>
      </div>
    </section>
  );
}

/**
 * What the form says: this asset and amount to this recipient, to compare with the preview. Not
 * for a contract call (coin with data): the contract may pass the coin on, as a purchase does.
 */
function formIntent(prepared: PreparedSend, recipient: Address): FormIntent | undefined {
  const { asset, from } = prepared.draft;
  if (asset.kind === 'native' && prepared.call.data !== '0x') return undefined;
  const kind: FormIntent['asset'] =
    asset.kind === 'native'
      ? { kind: 'native' }
      : asset.kind === 'token'
        ? { kind: 'erc20', token: asset.address }
        : { kind: asset.standard, token: asset.address, tokenId: asset.tokenId };
  return { asset: kind, amount: prepared.amount, from, recipient };
}

/**
 * ABIs that may describe a native send's data: any saved for its contract, and the one the call was
 * prepared with, only while the recipient and data are still exactly those it was prepared for.
 */
function callAbis(
  to: Address | undefined,
  data: Hex,
  callAbi: string,
  saved: readonly SavedAbi[] | undefined,
): SavedAbi[] {
  const out: SavedAbi[] = [...(saved ?? [])];
  if (!to || !callAbi) return out;
  try {
    const prepared = JSON.parse(callAbi) as { to?: unknown; data?: unknown; abi?: unknown };
    const sameData = typeof prepared.data === 'string' && sameHex(prepared.data, data);
    if (typeof prepared.to === 'string' && sameAddress(prepared.to, to) && sameData && Array.isArray(prepared.abi)) {
      out.unshift({ address: to, abi: prepared.abi as Abi });
    }
  } catch {
    // A form restored from an older shape: decode with the saved ABIs only.
  }
  return out;
}
