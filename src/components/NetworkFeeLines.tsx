import { usdValue } from '@/core/assets/fiat';
import type { FeedAnswer } from '@/core/assets/portfolio';
import type { PreparedSend } from '@/core/tx/prepare';
import { formatAmount } from '@/lib/format';
import { Amount, Fiat } from './Amount';
import ui from './ui.module.css';

const gwei = (wei: bigint) => `${formatAmount(wei, 9, { maxFractionDigits: 3 })} gwei`;

/**
 * What a prepared transaction may cost in fees, as every review shows it: about and at most (in
 * dollars too when the coin has a price), then the gas limit, the fee per gas and any L1 data fee.
 */
export function NetworkFeeLines({
  prepared,
  native,
  nativePrice,
}: {
  prepared: PreparedSend;
  native: { decimals: number; symbol: string };
  nativePrice?: FeedAnswer | undefined;
}) {
  const { cost, fees } = prepared;
  return (
    <>
      about <Amount value={cost.expected} decimals={native.decimals} symbol={native.symbol} />, at most{' '}
      <Amount value={cost.max} decimals={native.decimals} symbol={native.symbol} />
      {nativePrice && (
        <>
          {' '}
          (<Fiat value={usdValue(cost.expected, native.decimals, nativePrice)} /> to{' '}
          <Fiat value={usdValue(cost.max, native.decimals, nativePrice)} />)
        </>
      )}
      <br />
      <span className={ui.muted}>
        Gas limit {prepared.gasLimit.toString()};{' '}
        {fees.kind === 'eip1559'
          ? `max fee ${gwei(fees.maxFeePerGas)}, priority fee ${gwei(fees.maxPriorityFeePerGas)}`
          : `gas price ${gwei(fees.gasPrice)}`}
        {prepared.l1Fee > 0n && (
          <>
            ; includes about <Amount value={prepared.l1Fee} decimals={native.decimals} symbol={native.symbol} /> of L1
            data fee
          </>
        )}
      </span>
    </>
  );
}
