import { usdValue } from '@/core/assets/fiat';
import type { FeedAnswer } from '@/core/assets/portfolio';
import type { AnyPreparedSend } from '@/core/tx/prepare';
import { formatAmount } from '@/lib/i18n/format';
import { Amount, Fiat } from './Amount';
import { T } from './T';
import ui from './ui.module.css';

/** A fee per gas in gwei, as the number alone (the message says "gwei"). */
const gwei = (wei: bigint) => formatAmount(wei, 9, { maxFractionDigits: 3 });

/**
 * What a prepared transaction may cost in fees, as every review shows it: about and at most (in
 * dollars too when the coin has a price), then the gas limit, the fee per gas and any L1 data fee
 * (OP Stack, Scroll); on Arbitrum and ZKsync, whose gas limits include the L1 cost, a note saying
 * why they look large.
 */
export function NetworkFeeLines({
  prepared,
  native,
  nativePrice,
}: {
  prepared: AnyPreparedSend;
  native: { decimals: number; symbol: string };
  nativePrice?: FeedAnswer | undefined;
}) {
  const { cost, fees } = prepared;
  const amount = (value: bigint) => <Amount value={value} decimals={native.decimals} symbol={native.symbol} />;
  const costs = { 0: amount(cost.expected), 1: amount(cost.max) };
  // The gas limit as the node and the Ledger show it: digits, no grouping.
  const gasLimit = prepared.gasLimit.toString();
  const l1 = prepared.l1Fee > 0n ? { 0: amount(prepared.l1Fee) } : undefined;
  return (
    <>
      {nativePrice ? (
        <T
          id="common:fee.costsWithDollars"
          tags={{
            ...costs,
            2: <Fiat value={usdValue(cost.expected, native.decimals, nativePrice)} />,
            3: <Fiat value={usdValue(cost.max, native.decimals, nativePrice)} />,
          }}
        />
      ) : (
        <T id="common:fee.costs" tags={costs} />
      )}
      <br />
      <span className={ui.muted}>
        {fees.kind === 'eip1559' ? (
          <T
            id={l1 ? 'common:fee.eip1559WithL1' : 'common:fee.eip1559'}
            values={{ gasLimit, maxFee: gwei(fees.maxFeePerGas), priorityFee: gwei(fees.maxPriorityFeePerGas) }}
            tags={l1}
          />
        ) : (
          <T
            id={l1 ? 'common:fee.legacyWithL1' : 'common:fee.legacy'}
            values={{ gasLimit, gasPrice: gwei(fees.gasPrice) }}
            tags={l1}
          />
        )}
        {prepared.l1Cost === 'inGas' ? (
          <>
            {' '}
            <T id="common:fee.l1InGas" />
          </>
        ) : null}
      </span>
    </>
  );
}
