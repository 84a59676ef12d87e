import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Address, Hex } from 'viem';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { providerError } from '@/core/dapp/providerErrors';
import { type Message, msg } from '@/core/i18n/message';
import { type PendingSafeTx, sameSafeTx } from '@/core/safe/pendingSafeTx';
import { proposeSafeMessage, proposeSafeTx } from '@/core/safe/safeActions';
import type { CallRequest } from '@/core/tx/transfer';
import { useT } from '@/lib/i18n';
import { errorMessage, failureMessage } from '@/lib/i18n/errorMessages';
import { safeStateQuery } from '@/lib/queries/safeQueries';
import { useAllKeptSafeTxs, useHeadNumber } from '@/lib/safeScreenHooks';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useVaultAccount } from '@/lib/vault/vault';
import type { useSiteRequest } from './useSiteRequest';

/** What a site asks of a Safe: a call, or a message's hash signed as the Safe (with the words reviewed). */
export type SafeAsk = { kind: 'call'; call: CallRequest } | { kind: 'message'; hash: Hex; message: string };

/** What the site is told when the proposal can no longer be executed as asked. */
const ENDED = { failed: 'dapp:safe.endedFailed', replaced: 'dapp:safe.endedReplaced' } as const;

/**
 * How a site's request is answered when its account is a Safe, which has no key: the request
 * becomes a Safe transaction proposed to the Safe's owners (a message: SignMessageLib marks its
 * hash, so the Safe answers EIP-1271 checks), kept in Cairn, and the site waits while owners
 * confirm and someone executes it (this window follows the kept transaction); then it gets the
 * executing transaction's hash, or for a message the empty signature Safes give. The person may
 * return the safeTxHash at once instead, or stop waiting (the proposal stays in Cairn).
 * `ask` undefined: nothing to propose yet (what was asked cannot be read). Not a Safe: `isSafe` false, nothing read.
 */
export function useSafeAnswer(request: ReturnType<typeof useSiteRequest>, account: string, ask: SafeAsk | undefined) {
  const t = useT('dapp');
  const { network, connection, approve, fail } = request;
  const safe = useVaultAccount(account);
  const isSafe = safe?.source.kind === 'safe';
  const onChain = safe?.source.kind === 'safe' && network?.chainId === safe.source.chainId;
  const unknownCode = safe?.source.kind === 'safe' && safe.source.unknownCode === true;
  const selected = useSelectedNetwork();
  const head = useHeadNumber(network ?? selected);
  const state = useQuery({
    ...safeStateQuery(network ?? selected, account as Address, head, unknownCode),
    enabled: isSafe && onChain,
  });
  const kept = useAllKeptSafeTxs();
  const keepSafeTx = useSession((s) => s.keepSafeTx);
  const [proposed, setProposed] = useState<PendingSafeTx>();
  const [proposing, setProposing] = useState(false);
  const current = proposed && kept.find((p) => sameSafeTx(p, proposed));

  useEffect(() => {
    if (!current || current.status === 'pending') return;
    if (current.status === 'executed')
      approve(ask?.kind === 'message' ? '0x' : (current.execution?.hash ?? current.safeTxHash));
    else fail(providerError('userRejected', t(ENDED[current.status])));
  }, [current, ask?.kind, approve, fail, t]);

  // Not request.run: that answers the site with what the work returns, and the site waits on.
  const propose = async () => {
    const safeState = state.data;
    if (!network || !safeState || !ask || !request.stillWaiting()) return;
    setProposing(true);
    request.setError(undefined);
    try {
      const common = { network, state: safeState, kept, site: connection.origin, now: Date.now(), head };
      const pending =
        ask.kind === 'call'
          ? await proposeSafeTx({ ...common, calls: [ask.call] })
          : await proposeSafeMessage({ ...common, hash: ask.hash, message: ask.message });
      keepSafeTx(pending);
      setProposed(pending);
    } catch (error) {
      request.setError(failureMessage(error, msg('dapp:nothingSent')));
    } finally {
      setProposing(false);
    }
  };

  const problem: Message | string | undefined = !isSafe
    ? undefined
    : !onChain
      ? msg('dapp:safe.otherChain')
      : state.error
        ? errorMessage(state.error)
        : undefined;
  const waiting = proposed !== undefined;
  return {
    isSafe,
    waiting,
    problem,
    busy: proposing,
    /** Approve can act: the Safe read, on its chain, not waiting on a message (nothing to return then). */
    ready: state.data !== undefined && problem === undefined && !(waiting && ask?.kind === 'message'),
    approveLabel: waiting ? t('dapp:safe.returnHash') : t('dapp:safe.propose'),
    onApprove: () => (proposed ? approve(proposed.safeTxHash) : void propose()),
    /** What the window says under the request: how it goes, then, once proposed, what it waits for. */
    note: proposed ? (
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
        {t(ask?.kind === 'message' ? 'dapp:safe.explainMessage' : 'dapp:safe.explainCall', {
          threshold: state.data?.threshold ?? 0,
        })}
      </p>
    ),
  };
}
