import { NodeProblem, ProblemPanel } from '@/components/NodeProblem';
import { useOnline } from '@/lib/browser/useOnline';
import { useT } from '@/lib/i18n';
import { useSelectedNetwork } from '@/lib/stores/session';
import { VerificationAlarmPanel } from './VerificationAlarmPanel';

/**
 * Above every screen, for the header's network: the device offline, else its node's problem
 * (NodeProblem: unreachable, or answering for another chain; Cairn signs nothing in either state),
 * else, while proofs contradict the node, the alarm that says so. A screen working on another
 * network (Send's, Swap's) shows that one's NodeProblem in place.
 */
export function NetworkProblem() {
  const t = useT('network');
  const network = useSelectedNetwork();
  const online = useOnline();
  if (!online) {
    return (
      <ProblemPanel title={t('network:problem.offline.title')}>
        <p>{t('network:problem.offline.body')}</p>
      </ProblemPanel>
    );
  }
  return <NodeProblem network={network} otherwise={<VerificationAlarmPanel network={network} />} />;
}
