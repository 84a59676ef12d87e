import { useQuery } from '@tanstack/react-query';
import type { Network } from '@/core/chain/networks';
import { codeValue } from '@/core/i18n/message';
import type { UnsignedTransaction } from '@/core/simulation/types';
import { verificationOf } from '@/core/verify/verificationSetting';
import { errorMessage } from '@/lib/errorMessages';
import { useT } from '@/lib/i18n';
import { callCheckQuery } from '@/lib/queries/verifyQueries';
import { useSession } from '@/lib/session';
import { useChainHead } from '@/lib/useChainHead';
import { T } from '../T';
import ui from '../ui.module.css';

/**
 * Under a review's preview, where the network's proof checks cover previews: whether Cairn's own
 * EVM, over state proven against a trusted block, finds what the node finds for this call.
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
  if (check.isPending)
    return (
      <p role="status" className={ui.muted}>
        {t('review:verified.checking')}
      </p>
    );
  if (check.isError)
    return (
      <p role="status" className={ui.noticeWarning}>
        <T id="review:verified.failed" values={{ error: errorMessage(check.error) }} />
      </p>
    );
  const result = check.data;
  const block = result.header.number.toString();
  if (result.state === 'differs')
    return (
      <p role="alert" className={ui.noticeDanger}>
        <T
          id="review:verified.differs"
          values={{
            block,
            source: codeValue(result.source),
            node: codeValue(result.node),
            proven: codeValue(result.proven),
          }}
        />
      </p>
    );
  return (
    <p role="status" className={ui.muted}>
      {result.reverted ? t('review:verified.fails', { block }) : t('review:verified.succeeds', { block })}
    </p>
  );
}
