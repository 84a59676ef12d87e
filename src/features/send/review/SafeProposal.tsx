import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { zeroAddress } from 'viem';
import { CodeText } from '@/components/CodeText';
import forms from '@/components/forms.module.css';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import type { PendingSafeTx } from '@/core/safe/pendingSafeTx';
import type { SafeState } from '@/core/safe/readSafe';
import { proposeSafeTx } from '@/core/safe/safeActions';
import type { CallRequest } from '@/core/tx/transfer';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { safeKeys, safeStateQuery } from '@/lib/queries/safeQueries';
import { useAllKeptSafeTxs, useHeadNumber } from '@/lib/safeScreenHooks';
import { useSession } from '@/lib/stores/session';
import styles from '../send.module.css';
import { goTo, type SendStep, startOver } from '../sendFlowStore';

/**
 * The Safe transaction a review from a Safe proposes: the calls (several: one MultiSendCallOnly
 * batch) at the Safe's next free nonce (past the ones Cairn keeps waiting), as the Safe's state at
 * the head gives it. Nothing is signed; nothing is read for an account that is not a Safe.
 */
export function useSafeProposal(network: Network, from: Account | undefined, calls: readonly CallRequest[]) {
  const safe = from?.source.kind === 'safe' ? from : undefined;
  const unknownCode = safe?.source.kind === 'safe' && safe.source.unknownCode === true;
  const head = useHeadNumber(network);
  const state = useQuery({
    ...safeStateQuery(network, safe?.address ?? zeroAddress, head, unknownCode),
    enabled: safe !== undefined,
  });
  const kept = useAllKeptSafeTxs();
  const proposal = useQuery({
    queryKey: safeKeys.proposal(network, safe?.address ?? zeroAddress, calls, state.data?.nonce, kept.length),
    queryFn: () => proposeSafeTx({ network, state: state.data as SafeState, calls, kept, now: Date.now(), head }),
    enabled: safe !== undefined && state.data !== undefined && calls.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const keepSafeTx = useSession((s) => s.keepSafeTx);
  /** Keeps the proposal in Cairn and shows it proposed; false while there is none yet. */
  const propose = (): boolean => {
    if (!state.data || !proposal.data) return false;
    keepSafeTx(proposal.data);
    goTo({
      name: 'proposed',
      safe: state.data.address,
      nonce: proposal.data.tx.nonce,
      threshold: state.data.threshold,
      networkId: network.id,
    });
    return true;
  };
  return { state: state.data, proposal: proposal.data, error: state.error ?? proposal.error, propose };
}

/** The review's lines for a Safe: the proposal's nonce and safeTxHash, and who must confirm it. */
export function SafeProposalLines({ state, proposal }: { state: SafeState; proposal: PendingSafeTx }) {
  const t = useT('send');
  return (
    <>
      <dt>{t('send:safe.proposal')}</dt>
      <dd>
        <T
          id="send:safe.proposalBody"
          values={{ nonce: String(proposal.tx.nonce), threshold: state.threshold, owners: state.owners.length }}
        />
      </dd>
      <dt>{t('send:safe.hash')}</dt>
      <dd>
        <CodeText className={styles.hash}>{proposal.safeTxHash}</CodeText>
        <p className={ui.muted}>{t('send:safe.hashNote')}</p>
      </dd>
    </>
  );
}

/** After proposing: where the transaction is now, and the way to the Safe's screen to go on. */
export function SafeProposedCard({ step }: { step: Extract<SendStep, { name: 'proposed' }> }) {
  const t = useT('send');
  const links = useLinks();
  return (
    <section className={forms.stack} aria-labelledby="proposed-title">
      <h2 id="proposed-title">{t('send:safe.proposedTitle')}</h2>
      <p>
        <T id="send:safe.proposedBody" values={{ nonce: String(step.nonce), threshold: step.threshold }} />
      </p>
      <div className={ui.actions}>
        <Link to={links.safe(step.safe)}>{t('send:safe.openSafe')}</Link>
        <button type="button" className={ui.secondary} onClick={startOver}>
          {t('send:done.again')}
        </button>
      </div>
    </section>
  );
}
