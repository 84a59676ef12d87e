import { encodeFunctionData, parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { scenarioContractAddresses } from '../../../devchain/scenarios.ts';
import { demoAddress } from '../../../devchain/seed.ts';
import { simulationChain } from '../../testing/simulationChain';
import { previewEvaderAbi } from '../contracts/exampleAbis/previewEvaderAbi.generated';
import { describeEffects } from './effects';
import { DETECTABLE_NOTES } from './simulate';
import type { UnsignedTransaction } from './types';

// Accounts 70–71 of the demo mnemonic: this file's alone (see the other simulation tests' ranges).
const SENDER_INDEX = 70;
const STATE_OVERRIDE_SENDER_INDEX = 71;
const sender = demoAddress(SENDER_INDEX);
const { EVADER } = scenarioContractAddresses();
const value = parseEther('1');
const deposit: Omit<UnsignedTransaction, 'from'> = {
  to: EVADER,
  value,
  data: encodeFunctionData({ abi: previewEvaderAbi, functionName: 'deposit' }),
};
const chain = simulationChain(localChainUrl(), { clientId: 'evader-test', gas: 100_000n });

beforeAll(async () => {
  await chain.giveCoin(sender, parseEther('10'));
  await chain.giveCoin(demoAddress(STATE_OVERRIDE_SENDER_INDEX), parseEther('10'));
});

describe('the Preview evader: a contract that returns a deposit only when it thinks it is previewed', () => {
  it('is previewed as the loss it is when mined: with the real fees its gas price is not 0', async () => {
    const { result, receipt } = await chain.simulateThenMine(SENDER_INDEX, deposit);
    expect(result.strategy).toBe('structLogs');
    expect(result.changes).toEqual([
      { kind: 'native', address: sender, in: 0n, out: value },
      { kind: 'native', address: EVADER, in: value, out: 0n },
    ]);
    await chain.expectMatchesChain({ result, receipt });
  });

  it('returns the deposit in a preview without fee fields, as every preview ran before (the trick is real)', async () => {
    const free = { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n };
    const { result } = await chain.simulateThenMine(SENDER_INDEX, { ...deposit, ...free });
    const mine = result.changes.find((c) => c.address === sender);
    expect(mine).toEqual({ kind: 'native', address: sender, in: value, out: value });
  });

  it('warns, beside the coin it shows coming back, when the strategy puts code at the sender, which the evader can see', async () => {
    const from = demoAddress(STATE_OVERRIDE_SENDER_INDEX);
    const { result } = await chain.simulateThenMine(STATE_OVERRIDE_SENDER_INDEX, deposit, {
      strategy: 'stateOverride',
    });
    // The evader sees the simulator's code at the sender and sends the coin back in the preview:
    // the balance it reads is unchanged, "no change" where mining takes 1 ETH…
    expect(result.changes.find((c) => c.address === from)).toBeUndefined();
    expect(result.notes).toContain(DETECTABLE_NOTES.senderCode);
    // …and the review says, as a warning and not only in its limits, that what comes back may not.
    const shown = describeEffects(result, { own: [from], to: EVADER, known: new Set(), sends: { from, value } });
    expect(shown.warnings).toContainEqual({ kind: 'receipt-unverifiable' });
    // Previewed so, a plain payment raises no such warning: it goes out whole, nothing comes back.
    const payment = { to: sender, value: 1n };
    const paying = await chain.simulateThenMine(STATE_OVERRIDE_SENDER_INDEX, payment, { strategy: 'stateOverride' });
    const plain = describeEffects(paying.result, {
      own: [from],
      to: sender,
      known: new Set(),
      sends: { from, value: 1n },
    });
    expect(plain.warnings).toEqual([]);
  });

  it('runs the preview as the next block on Hardhat (its pending block), and notes the base fee it cannot set', async () => {
    const latest = await chain.direct.getBlockNumber();
    const { result } = await chain.simulateThenMine(SENDER_INDEX, { to: sender, value: 1n });
    expect(result.block).toBeGreaterThanOrEqual(latest);
    expect(result.notes).toContain(DETECTABLE_NOTES.block);
  });
});
