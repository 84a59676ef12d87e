import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { UntrustedText } from '@/components/UntrustedText';
import type { CallStep } from '@/core/dapp/callsBatch';
import type { DappCall } from '@/core/dapp/personRequests';
import { CallDataLines } from './CallDataLines';
import styles from './dapp.module.css';

const STATE_WORDS: Record<CallStep['state'], string> = {
  waiting: 'waiting',
  sending: 'sending…',
  mining: 'sent, waiting for it to be mined…',
  done: 'mined',
  'not sent': 'not sent',
};

function stepWords(step: CallStep): string {
  if (step.state === 'done') return step.receipt.status === '0x1' ? 'mined: succeeded' : 'mined: failed';
  if (step.state === 'not sent' && step.error) return `not sent: ${step.error}`;
  return STATE_WORDS[step.state];
}

/** How a batch ended, for the person, when not every call was mined and succeeded. */
export function batchOutcome(steps: readonly CallStep[]): string {
  const mined = steps.filter((s) => s.state === 'done' && s.receipt.status === '0x1').length;
  const lines = steps.map((step, i) => `Call ${i + 1}: ${stepWords(step)}.`);
  return `${mined} of ${steps.length} calls went through. ${lines.join(' ')} The site was told.`;
}

/** A batch's calls in the order they are sent: where each goes, its value and call, and (once sending) where it stands. */
export function BatchCallList({
  calls,
  steps,
  native,
}: {
  calls: readonly DappCall[];
  steps: readonly CallStep[] | undefined;
  native: { decimals: number; symbol: string } | undefined;
}) {
  const current = steps?.findIndex((s) => s.state === 'sending' || s.state === 'mining') ?? -1;
  return (
    <>
      {steps && (
        <p role="status">
          {current >= 0 ? `Call ${current + 1} of ${calls.length}: ${stepWords(steps[current] as CallStep)}` : 'Done.'}
        </p>
      )}
      <ol className={styles.calls} aria-label="Calls, in the order they are sent">
        {calls.map((call, index) => {
          const step = steps?.[index];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the calls of one request, in a fixed order
            <li key={index}>
              <dl className={styles.facts}>
                <dt>To</dt>
                <dd>{call.to && <AddressText address={call.to} />}</dd>
                <dt>Value</dt>
                <dd>{native && <Amount value={call.value} decimals={native.decimals} symbol={native.symbol} />}</dd>
                <CallDataLines to={call.to} data={call.data} />
                {step && (
                  <>
                    <dt>Status</dt>
                    <dd>
                      <UntrustedText text={stepWords(step)} kind="whole" />
                      {'hash' in step && (
                        <>
                          {' '}
                          <code className={styles.hash}>{step.hash}</code>
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
