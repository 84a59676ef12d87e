// The fee lines every review shows, by how the network's L1 cost shows in the fee: the L1 data
// fee named on OP Stack and Scroll, and on Arbitrum and ZKsync a note that the gas limit includes
// the L1 cost.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { parseEther, parseGwei } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { type L1CostForm, l1CostForm } from '@/core/chain/l1Fees';
import type { AnyPreparedSend } from '@/core/tx/prepare';
import { NetworkFeeLines } from './NetworkFeeLines';

afterEach(() => {
  document.body.replaceChildren();
});

const ETH = { decimals: 18, symbol: 'ETH' };

/** What the lines read of a prepared send (the rest of it plays no part). */
function prepared(l1Cost: L1CostForm, l1Fee: bigint, gasLimit = 21_000n): AnyPreparedSend {
  const shown: Pick<AnyPreparedSend, 'cost' | 'fees' | 'gasLimit' | 'l1Fee' | 'l1Cost'> = {
    cost: { expected: parseEther('0.0001') + l1Fee, max: parseEther('0.0002') + l1Fee },
    fees: { kind: 'eip1559', maxFeePerGas: parseGwei('2'), maxPriorityFeePerGas: parseGwei('0.001') },
    gasLimit,
    l1Fee,
    l1Cost,
  };
  return shown as AnyPreparedSend;
}

function render(send: AnyPreparedSend): string {
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  flushSync(() => root.render(<NetworkFeeLines prepared={send} native={ETH} />));
  const text = document.body.textContent ?? '';
  root.unmount();
  return text;
}

describe('NetworkFeeLines', () => {
  it('names the L1 data fee on OP Stack and Scroll', () => {
    const text = render(prepared('dataFee', 244_658_600_000n));
    expect(text).toContain('Gas limit 21000');
    expect(text).toContain('of L1 data fee');
    expect(text).toContain('0.0000002446586');
    expect(text).not.toContain('includes the cost of posting');
  });

  it('says on Arbitrum why the gas limit looks large, and names no L1 data fee', () => {
    const text = render(prepared('inGas', 0n, 1_250_000n));
    expect(text).toContain('Gas limit 1250000');
    expect(text).toContain('The gas limit includes the cost of posting this transaction to Ethereum (L1)');
    expect(text).not.toContain('L1 data fee');
  });

  it('says the same on ZKsync, whose gas pays for the data it publishes, and adds no L1 fee there', () => {
    // What prepare gives a ZKsync transaction: its family's form, and no L1 data fee read (l1Fees.test.ts).
    const text = render(prepared(l1CostForm({ kind: 'zkSync' }), 0n, 350_000n));
    expect(text).toContain('Gas limit 350000');
    expect(text).toContain('The gas limit includes the cost of posting this transaction to Ethereum (L1)');
    expect(text).not.toContain('L1 data fee');
  });

  it('adds neither on a network without an L1 cost', () => {
    const text = render(prepared('none', 0n));
    expect(text).not.toContain('L1');
  });
});
