import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import type { Network } from '@/core/chain/networks';
import { VerifyError } from '@/core/errors/verify';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import type { PreviewCheck } from '@/core/simulation/previewCheck';
import type { ChangesProof, UnprovenReason } from '@/core/simulation/provenChanges';
import type { SimulationResult, UnsignedTransaction } from '@/core/simulation/types';
import type { CallOutcome } from '@/core/verify/checkedCall';
import { verificationOf } from '@/core/verify/verificationSetting';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useChainHead } from '@/lib/queries/useChainHead';
import { callCheckQuery } from '@/lib/queries/verifyQueries';
import { useSession } from '@/lib/stores/session';
import { useVerifier } from '@/lib/verify/verifierContext';
import { T } from '../T';
import ui from '../ui.module.css';

const NO_ABIS: never[] = [];

/** Long return data cut in the middle: the sentence says the two differ, not every byte. */
const shortData = (data: string) => (data.length > 26 ? `${data.slice(0, 14)}…${data.slice(-8)}` : data);

const outcome = (answer: CallOutcome): Message =>
  answer.reverted
    ? msg('review:verified.reverted')
    : msg('review:verified.returned', { data: codeValue(shortData(answer.data)) });

const succeeds = (ok: boolean): Message => msg(ok ? 'review:verified.succeedsWord' : 'review:verified.reverted');

/** Why the changes shown are not proven, in words (each but `otherBlock`, which names the blocks). */
const REASONS: Record<Exclude<UnprovenReason, 'otherBlock'>, Message> = {
  readings: msg('review:verified.reason.readings'),
  readsBlock: msg('review:verified.reason.readsBlock'),
  untraced: msg('review:verified.reason.untraced'),
  selfDestruct: msg('review:verified.reason.selfDestruct'),
  ownCode: msg('review:verified.reason.ownCode'),
  noPreview: msg('review:verified.reason.noPreview'),
};

function reasonOf(reason: UnprovenReason, check: PreviewCheck, shown: SimulationResult | undefined): Message {
  if (reason !== 'otherBlock') return REASONS[reason];
  return msg('review:verified.reason.otherBlock', {
    preview: String(shown?.block ?? ''),
    block: check.header.number.toString(),
  });
}

/** How the node's preview differs from the proven run, in words. */
function differenceOf(changes: Extract<ChangesProof, { state: 'differs' }>, source: string): Message {
  const named = { source: codeValue(source) };
  if (changes.what === 'outcome')
    return msg('review:verified.what.outcome', {
      ...named,
      node: succeeds(changes.nodeSucceeds),
      proven: succeeds(!changes.nodeSucceeds),
    });
  if (changes.what === 'coin') return msg('review:verified.what.coin', named);
  if (changes.node === changes.proven) return msg('review:verified.what.otherEvents', named);
  return msg('review:verified.what.events', { ...named, node: changes.node, proven: changes.proven });
}

/** What the check says of the preview, and how loud. */
function sayCheck(
  check: PreviewCheck,
  shown: SimulationResult | undefined,
): { said: ReactNode; tone: string | undefined } {
  const block = check.header.number.toString();
  if (check.state === 'differs') {
    const values = { block, source: codeValue(check.source), node: outcome(check.node), proven: outcome(check.proven) };
    return { tone: ui.noticeDanger, said: <T id="review:verified.differs" values={values} /> };
  }
  const { changes } = check;
  if (changes.state === 'differs') {
    const what = differenceOf(changes, check.source);
    return { tone: ui.noticeDanger, said: <T id="review:verified.changesDiffer" values={{ block, what }} /> };
  }
  if (changes.state === 'unproven') {
    const reason = reasonOf(changes.reason, check, shown);
    const id = check.reverted ? 'review:verified.resultFails' : 'review:verified.resultSucceeds';
    return { tone: ui.muted, said: <T id={id} values={{ block, reason }} /> };
  }
  const id = check.reverted ? 'review:verified.fails' : 'review:verified.succeeds';
  return { tone: ui.muted, said: <T id={id} values={{ block }} /> };
}

/**
 * Under a review's preview, where the network's proof checks cover previews: whether Cairn's own
 * EVM, over state proven against a trusted block, finds what the node finds for this call, and
 * the changes the preview `shown` (the one on screen) shows. "Verified preview" only when both
 * hold; a result that matches with changes not proven says only that. A batch previewed call by
 * call (no `to`) is not checked, and says so. One status region whose words change, so each
 * change is announced.
 */
export function VerifiedPreviewNote({
  network,
  tx,
  preview,
}: {
  network: Network;
  tx: UnsignedTransaction;
  /** The preview on screen: `settled` once it has an answer or failed. */
  preview: { settled: boolean; shown: SimulationResult | undefined; batch: boolean };
}) {
  const t = useT('review');
  const verification = verificationOf(
    useSession((s) => s.verification),
    network,
  );
  const saved = useSession((s) => s.savedAbis[network.id] ?? NO_ABIS);
  const head = useChainHead(network);
  // The head when the review opened: the check runs at the preview's own block, this only when it failed.
  const at = head.data?.status === 'ok' ? head.data.blockNumber : undefined;
  const verifier = useVerifier();
  const check = useQuery(callCheckQuery(verifier, network, tx, verification, at, { ...preview, saved }));
  // A proof that led to no root of its header (VERIFY_PROOF_UNSETTLED) is asked again once the
  // preview's block has passed the one it was met at (core/verify/askedAgain.ts).
  const block = preview.shown?.block ?? at;
  const unsettled = check.error instanceof VerifyError && check.error.code === 'VERIFY_PROOF_UNSETTLED';
  const metAt = useRef<bigint | undefined>(undefined);
  const { refetch } = check;
  useEffect(() => {
    if (!unsettled || block === undefined) metAt.current = undefined;
    else if (metAt.current === undefined) metAt.current = block;
    else if (block > metAt.current) {
      metAt.current = block;
      void refetch();
    }
  }, [unsettled, block, refetch]);
  if (verification.mode !== 'previews') return null;
  if (!tx.to) {
    return preview.batch ? (
      <p role="status" className={ui.muted}>
        {t('review:verified.batchUnchecked')}
      </p>
    ) : null;
  }
  let said: ReactNode;
  let tone = ui.muted;
  if (check.isPending) said = t('review:verified.checking');
  else if (check.isError) {
    tone = ui.noticeWarning;
    said = <T id="review:verified.failed" values={{ error: errorMessage(check.error) }} />;
  } else ({ said, tone } = sayCheck(check.data, preview.shown));
  return (
    <p role="status" className={tone}>
      {said}
    </p>
  );
}
