import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { CodeText } from '@/components/CodeText';
import { UntrustedText } from '@/components/UntrustedText';
import type { CallStep } from '@/core/dapp/callsBatch';
import type { DappCall } from '@/core/dapp/personRequests';
import type { CallPreview } from '@/core/simulation/simulateCalls';
import { t, useT } from '@/lib/i18n';
import { CallDataLines } from './CallDataLines';
import { CreationLines } from './CreationLines';
import styles from './dapp.module.css';

type StateWords =
  | 'dapp:calls.state.waiting'
  | 'dapp:calls.state.sending'
  | 'dapp:calls.state.mining'
  | 'dapp:calls.state.notSent';

const STATE_WORDS: Record<Exclude<CallStep['state'], 'done'>, StateWords> = {
  waiting: 'dapp:calls.state.waiting',
  sending: 'dapp:calls.state.sending',
  mining: 'dapp:calls.state.mining',
  'not sent': 'dapp:calls.state.notSent',
};

function stepWords(step: CallStep): string {
  if (step.state === 'done') {
    return step.receipt.status === '0x1' ? t('dapp:calls.state.succeeded') : t('dapp:calls.state.failed');
  }
  if (step.state === 'not sent' && step.error) return t('dapp:calls.state.notSentBecause', { reason: step.error });
  return t(STATE_WORDS[step.state]);
}

/** How a batch ended, for the person, when not every call was mined and succeeded. */
export function batchOutcome(steps: readonly CallStep[]): string {
  const mined = steps.filter((s) => s.state === 'done' && s.receipt.status === '0x1').length;
  const lines = steps.map((step, i) => t('dapp:calls.outcomeLine', { index: i + 1, state: stepWords(step) }));
  return t('dapp:calls.outcome', { mined, total: steps.length, lines: lines.join(' ') });
}

/**
 * A batch's calls in the order they are sent: where each goes (a creation: that it creates a
 * contract, where and with how much code, from `previews`), its value and call, and (once sending)
 * where it stands. `previewEnded`: the preview is read, or could not be (a creation it did not
 * reach, or that fails, has no address to show).
 */
export function BatchCallList({
  calls,
  steps,
  native,
  previews,
  previewEnded = false,
}: {
  calls: readonly DappCall[];
  /** Where each call stands, once sending. */
  steps?: readonly CallStep[] | undefined;
  native: { decimals: number; symbol: string } | undefined;
  previews?: readonly CallPreview[] | undefined;
  previewEnded?: boolean;
}) {
  const t = useT('dapp');
  const current = steps?.findIndex((s) => s.state === 'sending' || s.state === 'mining') ?? -1;
  return (
    <>
      {steps && (
        <p role="status">
          {current >= 0
            ? t('dapp:calls.progress', {
                index: current + 1,
                total: calls.length,
                state: stepWords(steps[current] as CallStep),
              })
            : t('dapp:calls.done')}
        </p>
      )}
      <ol className={styles.calls} aria-label={t('dapp:calls.listLabel')}>
        {calls.map((call, index) => {
          const step = steps?.[index];
          const preview = previews?.[index];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the calls of one request, in a fixed order
            <li key={index}>
              <dl className={styles.facts}>
                {call.to ? (
                  <>
                    <dt>{t('dapp:facts.to')}</dt>
                    <dd>
                      <AddressText address={call.to} />
                    </dd>
                  </>
                ) : (
                  <CreationLines
                    data={call.data}
                    creation={preview?.creation}
                    failed={previewEnded && preview?.outcome.ok !== true}
                  />
                )}
                <dt>{t('dapp:facts.value')}</dt>
                <dd>{native && <Amount value={call.value} decimals={native.decimals} symbol={native.symbol} />}</dd>
                <CallDataLines to={call.to} data={call.data} />
                {step && (
                  <>
                    <dt>{t('dapp:calls.status')}</dt>
                    <dd>
                      <UntrustedText text={stepWords(step)} kind="whole" />
                      {'hash' in step && (
                        <>
                          {' '}
                          <CodeText className={styles.hash}>{step.hash}</CodeText>
                        </>
                      )}
                    </dd>
                  </>
                )}
              </dl>
            </li>
          );
        })}
      </ol>
    </>
  );
}
