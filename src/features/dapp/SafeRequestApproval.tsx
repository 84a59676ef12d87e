import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Address, encodeFunctionData, type Hex } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { CodeText } from '@/components/CodeText';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import type { DappCall } from '@/core/dapp/personParams';
import { providerError } from '@/core/dapp/providerErrors';
import { msg } from '@/core/i18n/message';
import { safeContractAddresses } from '@/core/safe/knownCode';
import { type PendingSafeTx, sameSafeTx } from '@/core/safe/pendingSafeTx';
import type { SafeState } from '@/core/safe/readSafe';
import { signMessageLibAbi } from '@/core/safe/safeAbi';
import { callSafeTx, safeTxHash } from '@/core/safe/safeTx';
import { errorMessage, failureMessage } from '@/lib/errorMessages';
import { useT } from '@/lib/i18n';
import { safeStateQuery } from '@/lib/queries/safeQueries';
import { nextSafeNonce, proposeSafeTx } from '@/lib/safeActions';
import { useAllKeptSafeTxs, useHeadNumber } from '@/lib/safeScreenHooks';
import { useSelectedNetwork, useSession } from '@/lib/session';
import { useVaultAccount } from '@/lib/vault';
import { ApprovalFrame } from './ApprovalFrame';
import { CallDataLines } from './CallDataLines';
import styles from './dapp.module.css';
import { useSiteRequest } from './useSiteRequest';

/** What the site is told when the proposal can no longer be executed as asked. */
const ENDED = { failed: 'dapp:safe.endedFailed', replaced: 'dapp:safe.endedReplaced' } as const;

/** What a site asks of a Safe: a transaction, or a message (its hash) signed as the Safe (EIP-1271). */
export type SafeAsk = { kind: 'call'; call: DappCall } | { kind: 'message'; hash: Hex; title: string; shown: string };

/** A message signed as the Safe: SignMessageLib, delegatecalled by the Safe, marks its hash as signed. */
function messageProposal(network: Network, state: SafeState, hash: Hex, kept: readonly PendingSafeTx[], site: string) {
  const [lib] = safeContractAddresses(state.known?.version ?? '1.4.1', 'SignMessageLib');
  if (!lib) throw new Error('no SignMessageLib for this version');
  const data = encodeFunctionData({ abi: signMessageLibAbi, functionName: 'signMessage', args: [hash] });
  const tx = callSafeTx({ to: lib, value: 0n, data }, nextSafeNonce(state, kept), 1);
  const pending: PendingSafeTx = {
    chainId: network.chainId,
    safe: state.address,
    safeTxHash: safeTxHash({ chainId: network.chainId, address: state.address }, tx),
    tx,
    signatures: [],
    status: 'pending',
    createdAt: Date.now(),
    site,
    proposedWith: { owners: state.owners, threshold: state.threshold },
  };
  return pending;
}

/**
 * A site's request to a Safe account: it becomes a Safe transaction proposed to the Safe's owners
 * (a message: SignMessageLib marks its hash as signed, so the Safe answers EIP-1271 checks). The
 * site's request waits while the owners confirm and someone executes it in Cairn (this window
 * follows the kept transaction); then it gets the executing transaction's hash (or, for a
 * message, the empty signature EIP-1271 Safes answer with). The person may instead return the
 * safeTxHash at once, or stop waiting (the proposal stays in Cairn).
 */
export function SafeRequestApproval({ id, account, ask }: { id: number; account: string; ask: SafeAsk }) {
  const t = useT('dapp');
  const request = useSiteRequest(id, account);
  const { network, connection } = request;
  const safeAccount = useVaultAccount(account);
  const onChain = safeAccount?.source.kind === 'safe' && network?.chainId === safeAccount.source.chainId;
  const unknownCode = safeAccount?.source.kind === 'safe' && safeAccount.source.unknownCode === true;
  const selected = useSelectedNetwork();
  const state = useQuery({
    ...safeStateQuery(network ?? selected, account as Address, useHeadNumber(network ?? selected), unknownCode),
    enabled: onChain,
  });
  const kept = useAllKeptSafeTxs();
  const keepSafeTx = useSession((s) => s.keepSafeTx);
  const [proposed, setProposed] = useState<PendingSafeTx>();
  const current = proposed && kept.find((p) => sameSafeTx(p, proposed));
  const { approve, fail } = request;

  useEffect(() => {
    if (!current || current.status === 'pending') return;
    if (current.status === 'executed')
      approve(ask.kind === 'message' ? '0x' : (current.execution?.hash ?? current.safeTxHash));
    else fail(providerError('userRejected', t(ENDED[current.status])));
  }, [current, ask.kind, approve, fail, t]);

  const [proposing, setProposing] = useState(false);
  // Not request.run: that answers the site with what the work returns, and the site waits on.
  const propose = async () => {
    const safeState = state.data;
    if (!network || !safeState || !request.stillWaiting()) return;
    setProposing(true);
    request.setError(undefined);
    try {
      const pending =
        ask.kind === 'call'
          ? await proposeSafeTx({
              network,
              state: safeState,
              calls: [{ to: ask.call.to as Address, value: ask.call.value, data: ask.call.data }],
              kept,
              site: connection.origin,
              now: Date.now(),
            })
          : messageProposal(network, safeState, ask.hash, kept, connection.origin);
      keepSafeTx(pending);
      setProposed(pending);
    } catch (error) {
      request.setError(failureMessage(error, msg('dapp:nothingSent')));
    } finally {
      setProposing(false);
    }
  };

  const creation = ask.kind === 'call' && ask.call.to === undefined;
  const problem = !onChain
    ? t('dapp:safe.otherChain')
    : creation
      ? t('dapp:safe.noCreation')
      : state.error
        ? errorMessage(state.error)
        : undefined;
  const waiting = proposed !== undefined;
  return (
    <ApprovalFrame
      title={waiting ? t('dapp:safe.waitingTitle') : ask.kind === 'call' ? t('dapp:safe.title') : ask.title}
      requestId={id}
      account={account}
      network={network}
      approveLabel={waiting ? t('dapp:safe.returnHash') : t('dapp:safe.propose')}
      onApprove={waiting ? () => approve(proposed.safeTxHash) : () => void propose()}
      onDecline={request.decline}
      approveBlocked={problem !== undefined || !state.data || (waiting && ask.kind === 'message')}
      busy={request.busy || proposing}
      error={request.error ?? problem}
    >
      <dl className={styles.facts}>
        {ask.kind === 'call' ? (
          <>
            <dt>{t('dapp:facts.to')}</dt>
            <dd>{ask.call.to && <AddressText address={ask.call.to} />}</dd>
            <dt>{t('dapp:facts.value')}</dt>
            <dd>
              {network && (
                <Amount
                  value={ask.call.value}
                  decimals={network.nativeCurrency.decimals}
                  symbol={network.nativeCurrency.symbol}
                />
              )}
            </dd>
            <CallDataLines to={ask.call.to} data={ask.call.data} />
          </>
        ) : (
          <>
            <dt>{t('dapp:safe.message')}</dt>
            <dd>
              <CodeText>{ask.shown}</CodeText>
            </dd>
            <dt>{t('dapp:safe.messageHash')}</dt>
            <dd>
              <CodeText>{ask.hash}</CodeText>
            </dd>
          </>
        )}
      </dl>
      {waiting ? (
        <p role="status">
          <T
            id="dapp:safe.waiting"
            values={{
              nonce: String(proposed.tx.nonce),
              threshold: state.data?.threshold ?? 0,
              hash: proposed.safeTxHash,
            }}
          />
        </p>
      ) : (
        <p className={ui.muted}>
          {t(ask.kind === 'call' ? 'dapp:safe.explainCall' : 'dapp:safe.explainMessage', {
            threshold: state.data?.threshold ?? 0,
          })}
        </p>
      )}
    </ApprovalFrame>
  );
}
