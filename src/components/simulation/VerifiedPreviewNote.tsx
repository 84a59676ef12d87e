import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Network } from '@/core/chain/networks';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import type { UnsignedTransaction } from '@/core/simulation/types';
import type { CallOutcome } from '@/core/verify/checkedCall';
import { verificationOf } from '@/core/verify/verificationSetting';
import { errorMessage } from '@/lib/errorMessages';
import { useT } from '@/lib/i18n';
import { callCheckQuery } from '@/lib/queries/verifyQueries';
import { useSession } from '@/lib/session';
import { useChainHead } from '@/lib/useChainHead';
import { T } from '../T';
import ui from '../ui.module.css';

/** Long return data cut in the middle: the sentence says the two differ, not every byte. */
const shortData = (data: string) => (data.length > 26 ? `${data.slice(0, 14)}…${data.slice(-8)}` : data);

const outcome = (answer: CallOutcome): Message =>
  answer.reverted
    ? msg('review:verified.reverted')
    : msg('review:verified.returned', { data: codeValue(shortData(answer.data)) });

/**
 * Under a review's preview, where the network's proof checks cover previews: whether Cairn's own
 * EVM, over state proven against a trusted block, finds what the node finds for this call. One
 * status region whose words change, so each change is announced.
 */
export function VerifiedPreviewNote({ network, tx }: { network: Network; tx: UnsignedTransaction }) {
  const t = useT('review');
  const verification = verificationOf(
    useSession((s) => s.verification),
    network,
  );
  const head = useChainHead(network);
  // The head when the review opened: one check per review, not one per block.
  const at = head.data?.status === 'ok' ? head.data.blockNumber : undefined;
  const check = useQuery(callCheckQuery(network, tx, verification, at));
  if (verification.mode !== 'previews' || !tx.to) return null;
  let said: ReactNode;
  let tone = ui.muted;
  if (check.isPending) said = t('review:verified.checking');
  else if (check.isError) {
    tone = ui.noticeWarning;
    said = <T id="review:verified.failed" values={{ error: errorMessage(check.error) }} />;
  } else {
    const result = check.data;
    const block = result.header.number.toString();
    if (result.state === 'differs') {
      tone = ui.noticeDanger;
      said = (
        <T
          id="review:verified.differs"
          values={{
            block,
            source: codeValue(result.source),
            node: outcome(result.node),
            proven: outcome(result.proven),
          }}
        />
      );
    } else said = result.reverted ? t('review:verified.fails', { block }) : t('review:verified.succeeds', { block });
  }
  return (
    <p role="status" className={tone}>
      {said}
    </p>
  );
}
