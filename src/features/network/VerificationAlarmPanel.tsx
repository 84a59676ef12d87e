import { ProblemPanel } from '@/components/NodeProblem';
import { T } from '@/components/T';
import type { Network } from '@/core/chain/networks';
import { amountValue, codeValue, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useVerificationAlarm } from '@/lib/verify/verificationAlarm';

/**
 * Above every screen while proofs contradict the selected network's node: which source said
 * what, against what the proof says, and that sending is held until the person acknowledges it.
 */
export function VerificationAlarmPanel({ network }: { network: Network }) {
  const t = useT('network');
  const alarm = useVerificationAlarm(network);
  if (!alarm) return null;
  return (
    <ProblemPanel title={t('network:alarm.title')}>
      <p>{t('network:alarm.body', { block: alarm.block.toString() })}</p>
      {[...alarm.problems, ...alarm.calls.map((call) => call.problem)].map((problem, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one check's problems, in a fixed order (two may share an id)
        <p key={i}>
          <T message={problem} />
        </p>
      ))}
      {alarm.contradictions.length > 0 && (
        <ul>
          {alarm.contradictions.map((c) => (
            <li key={`${c.account}-${c.asset}`}>
              <T
                id="network:alarm.figure"
                values={{
                  symbol: untrustedValue(c.symbol, 'symbol'),
                  account: codeValue(c.account),
                  source: codeValue(c.source),
                  claimed: amountValue(c.claimed, c.decimals, c.symbol, { full: true }),
                  proven: amountValue(c.proven, c.decimals, c.symbol, { full: true }),
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <p>{alarm.acknowledged ? t('network:alarm.acknowledged') : t('network:alarm.held')}</p>
    </ProblemPanel>
  );
}
