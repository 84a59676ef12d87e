import { useEffect } from 'react';
import { Link } from 'react-router';
import { Amount } from '@/components/Amount';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { amountValue } from '@/core/i18n/message';
import type { SwapFacts, SwapSimulationCheck } from '@/core/swap/swapReview';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { noteSwapSimulated } from '@/lib/send/swapSimulations';
import { useSelectedNetwork } from '@/lib/stores/session';
import styles from '../send.module.css';

/**
 * A swap's own lines on Send's review: the quote and its block, the minimum, no fee, and the
 * simulation against the quote. What the simulation received is told back to Swap, whose next
 * minimum takes the lower of it and a new quote.
 */
export function SwapReviewPanel({
  facts,
  check,
  simulatedAt,
}: {
  facts: SwapFacts;
  check: SwapSimulationCheck | undefined;
  /** The block the simulation ran on. */
  simulatedAt: bigint | undefined;
}) {
  const t = useT('send');
  const links = useLinks();
  const network = useSelectedNetwork();
  const received = check && check.kind !== 'fails' ? check.received : undefined;
  useEffect(() => {
    if (received === undefined || simulatedAt === undefined) return;
    const { from, tokenIn, tokenOut, amountIn } = facts;
    noteSwapSimulated({ networkId: network.id, from, tokenIn, tokenOut, amountIn, received, block: simulatedAt });
  }, [facts, network.id, received, simulatedAt]);
  const out = (value: bigint) => <Amount value={value} decimals={facts.decimalsOut} symbol={facts.symbolOut} />;
  return (
    <section aria-labelledby="swap-review-title">
      <h3 id="swap-review-title">{t('send:swap.title')}</h3>
      <dl className={styles.review}>
        <dt>{t('send:swap.pay')}</dt>
        <dd>
          <Amount value={facts.amountIn} decimals={facts.decimalsIn} symbol={facts.symbolIn} />
        </dd>
        <dt>{t('send:swap.quoted')}</dt>
        <dd>
          <T
            id="send:swap.quotedValue"
            values={{ block: facts.quoteBlock.toString() }}
            tags={{ 0: out(facts.quotedOut) }}
          />
        </dd>
        <dt>{t('send:swap.least')}</dt>
        <dd>
          <T
            id="send:swap.leastValue"
            values={{ slippage: amountValue(facts.slippageBps, 2) }}
            tags={{ 0: out(facts.minimumOut) }}
          />
        </dd>
      </dl>
      <p>{t('send:swap.noFee')}</p>
      {check?.kind === 'equal' && (
        <p role="status">
          <T id="send:swap.simulatedEqual" tags={{ 0: out(check.received) }} />
        </p>
      )}
      {check?.kind === 'more' && (
        <p role="status">
          <T id="send:swap.simulatedMore" tags={{ 0: out(check.received) }} />
        </p>
      )}
      {check?.kind === 'quoteLow' && (
        <p role="alert" className={ui.noticeWarning}>
          <T
            id="send:swap.quoteLow"
            values={{ slippage: amountValue(facts.slippageBps, 2) }}
            tags={{ 0: out(check.received), 1: out(facts.quotedOut), 2: <Link to={links.swap} /> }}
          />
        </p>
      )}
      {check?.kind === 'short' && (
        <p role="alert" className={ui.noticeWarning}>
          <T
            id={check.belowMinimum ? 'send:swap.simulatedBelowMinimum' : 'send:swap.simulatedShort'}
            tags={{ 0: out(check.received), 1: out(facts.quotedOut) }}
          />
        </p>
      )}
      {check?.kind === 'fails' && check.why !== 'other' && (
        <p role="alert" className={ui.noticeDanger}>
          <T id={check.why === 'moved' ? 'send:swap.moved' : 'send:swap.late'} tags={{ 0: <Link to={links.swap} /> }} />
        </p>
      )}
    </section>
  );
}
