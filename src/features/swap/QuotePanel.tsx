import type { Address } from 'viem';
import { Amount } from '@/components/Amount';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { amountValue, untrustedValue } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import type { QuoteProof } from '@/core/swap/checkedQuote';
import { NATIVE } from '@/core/swap/pools';
import type { QuoteReading } from '@/core/swap/readQuote';
import { impactBlocks, PRICE_IMPACT_BLOCK_BPS, type SwapQuote } from '@/core/swap/routeChoice';
import { useT } from '@/lib/i18n';
import { shortAddress } from '@/lib/i18n/format';
import styles from './swap.module.css';

export type SymbolOf = (token: Address) => string;

/**
 * The quote as read at its block: what comes out, the least it may, the route, the price impact,
 * and what the proofs say of it where they were asked. A quote the proofs contradict is not shown.
 */
export function QuotePanel({
  reading,
  proof,
  symbolIn,
  symbolOut,
  decimalsOut,
  leastOut,
  slippageBps,
  symbolOf,
}: {
  reading: QuoteReading;
  /** Undefined where the network's checks do not take in quotes. */
  proof?: QuoteProof | undefined;
  symbolIn: string;
  symbolOut: string;
  decimalsOut: number;
  leastOut: bigint | undefined;
  slippageBps: bigint | undefined;
  symbolOf: SymbolOf;
}) {
  const t = useT('swap');
  const pair = { in: untrustedValue(symbolIn, 'symbol'), out: untrustedValue(symbolOut, 'symbol') };
  if (proof?.state === 'contradicted')
    return (
      <p role="alert" className={ui.noticeDanger}>
        <T message={proof.problem} />
      </p>
    );
  if (reading.kind === 'noRoute')
    return (
      <p role="alert" className={ui.noticeWarning}>
        <T id="swap:quote.noRoute" values={pair} />
      </p>
    );
  if (reading.kind === 'noLiquidity')
    return (
      <p role="alert" className={ui.noticeWarning}>
        <T id="swap:quote.noLiquidity" values={pair} />
      </p>
    );
  const { best } = reading;
  return (
    <section className={styles.quote} aria-labelledby="swap-quote-title">
      <h2 id="swap-quote-title">{t('swap:quote.title')}</h2>
      <dl className={ui.facts}>
        <dt>{t('swap:quote.receive')}</dt>
        <dd>
          <Amount value={best.amountOut} decimals={decimalsOut} symbol={symbolOut} />
        </dd>
        {leastOut !== undefined && slippageBps !== undefined && (
          <>
            <dt>{t('swap:quote.least')}</dt>
            <dd>
              <T
                id="swap:quote.leastValue"
                values={{ slippage: amountValue(slippageBps, 2) }}
                tags={{ 0: <Amount value={leastOut} decimals={decimalsOut} symbol={symbolOut} /> }}
              />
            </dd>
          </>
        )}
        <dt>{t('swap:quote.route')}</dt>
        <dd>
          <RouteText quote={best} symbolOf={symbolOf} symbolIn={symbolIn} symbolOut={symbolOut} />
        </dd>
        <dt>{t('swap:quote.impact')}</dt>
        <dd>{t('swap:quote.impactValue', { impact: amountValue(best.priceImpactBps, 2) })}</dd>
        <dt>{t('swap:quote.block')}</dt>
        <dd>{t('swap:quote.blockValue', { block: reading.block.toString() })}</dd>
        {proof && (
          <>
            <dt>{t('swap:quote.proof')}</dt>
            <dd>
              {proof.state === 'verified' ? (
                t('swap:quote.proven', { block: proof.block.toString() })
              ) : (
                <T id="swap:quote.unproven" values={{ reason: proof.reason }} />
              )}
            </dd>
          </>
        )}
      </dl>
      {impactBlocks(best) && (
        <p role="alert" className={ui.noticeDanger}>
          <T
            id="swap:quote.impactTooHigh"
            values={{
              impact: amountValue(best.priceImpactBps, 2),
              limit: amountValue(PRICE_IMPACT_BLOCK_BPS, 2),
            }}
          />
        </p>
      )}
    </section>
  );
}

/**
 * "Uniswap v3: ETH → USDC (0.05 %) → DAI (0.01 %)". The ends are named as the person chose them
 * (the coin, though v3 swaps it as its wrapped token); tokens between by `symbolOf`.
 */
function RouteText({
  quote,
  symbolOf,
  symbolIn,
  symbolOut,
}: {
  quote: SwapQuote;
  symbolOf: SymbolOf;
  symbolIn: string;
  symbolOut: string;
}) {
  const t = useT('swap');
  const { route } = quote;
  const first = route.hops[0];
  if (!first) return null;
  const last = route.hops.length - 1;
  const steps = route.hops.map((hop, i) =>
    t('swap:quote.routeHop', {
      token: untrustedValue(i === last ? symbolOut : symbolOf(hop.tokenOut), 'symbol'),
      fee: amountValue(BigInt(hop.fee), 4),
    }),
  );
  return (
    <T
      id="swap:quote.routeValue"
      values={{
        protocol: route.protocol,
        start: untrustedValue(symbolIn, 'symbol'),
        hops: steps.join(' '),
      }}
    />
  );
}

/** Names a token in the route: the coin for the zero address, else what `known` says, else a short address. */
export function routeSymbols(
  known: readonly { address: Address; symbol: string }[],
  wrapped: Address,
  native: string,
): SymbolOf {
  return (token) => {
    if (sameAddress(token, NATIVE)) return native;
    if (sameAddress(token, wrapped)) return `W${native}`;
    const found = known.find((k) => sameAddress(k.address, token));
    return found?.symbol ?? shortAddress(token);
  };
}
