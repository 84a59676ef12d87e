import { afterEach, describe, expect, it } from 'vitest';
import { localNetwork } from '@/core/chain/networks';
import { VerifyError } from '@/core/errors/verify';
import { codeValue, msg } from '@/core/i18n/message';
import { EMPTY_CODE_HASH } from '@/core/verify/accountProof';
import type { CallCheck } from '@/core/verify/checkedCall';
import type { FigureCheck } from '@/core/verify/figureChecks';
import type { TrustedHeader } from '@/core/verify/trustedHeader';
import { balanceCheck } from '@/testing/balanceChecks';
import { acknowledgeAlarm, clearAlarm, currentAlarm, noteBalanceCheck } from './verificationAlarm';
import { dropCallAlarm, type NotedCheck, noteCallCheck } from './verificationCallAlarm';

const LIAR = 'http://liar.test';
const network = { ...localNetwork([LIAR, 'http://honest.test']), id: 'call-alarm-test' };
const assets = { native: { symbol: 'ETH', decimals: 18 }, tokens: [] };
const header = { number: 40n } as TrustedHeader;
const callA = { source: LIAR, transaction: 'send A', block: 41n };
const callB = { source: LIAR, transaction: 'send B', block: 41n };
const run = { effects: { logs: [], moves: [], readsBlock: false }, calleeCodeHash: EMPTY_CODE_HASH, read: new Map() };
const differs: CallCheck = {
  state: 'differs',
  header,
  node: { data: '0x01', reverted: false },
  proven: { data: '0x02', reverted: false },
  source: LIAR,
  ...run,
};
const agrees: CallCheck = { state: 'verified', header, reverted: false, source: LIAR, ...run };
/** The call's result true, the preview's changes not: the node hid what the call does. */
const hidden: NotedCheck = { ...agrees, changes: { state: 'differs', what: 'events', node: 0, proven: 1 } };
const contradicted: FigureCheck = { state: 'contradicted', claimed: 2n, proven: 1n, source: LIAR };
const cleanBalances = (on = network) => noteBalanceCheck(on, balanceCheck({ block: 41n }), assets);
const lyingBalances = () =>
  noteBalanceCheck(network, balanceCheck({ block: 41n, native: { '0xabc': contradicted } }), assets);

describe('a review’s call caught lying', () => {
  afterEach(() => clearAlarm(network));

  it('raises the alarm naming the source and the block, unacknowledged', () => {
    noteCallCheck(network, callA, differs);
    expect(currentAlarm(network)).toMatchObject({
      block: 40n,
      acknowledged: false,
      problems: [],
      calls: [{ problem: msg('core.chain:verify.callDiffers', { source: codeValue(LIAR), block: '40' }) }],
    });
  });

  it('raises it for a preview whose changes differ from the proven run’s, though the call’s result is true', () => {
    noteCallCheck(network, callA, hidden);
    expect(currentAlarm(network)).toMatchObject({
      acknowledged: false,
      calls: [{ problem: msg('core.chain:verify.changesDiffer', { source: codeValue(LIAR), block: '40' }) }],
    });
    // Changes not proven (here a preview made of balance readings) are no lie: the call checks out.
    noteCallCheck(network, callA, { ...agrees, changes: { state: 'unproven', reason: 'readings' } });
    expect(currentAlarm(network)).toBeUndefined();
    noteCallCheck(network, callA, hidden);
    noteCallCheck(network, callA, { ...agrees, changes: { state: 'proven' } });
    expect(currentAlarm(network)).toBeUndefined();
  });

  it('is ended by the same call checking out, not by another call nor a clean balance check', () => {
    noteCallCheck(network, callA, differs);
    cleanBalances();
    noteCallCheck(network, callB, agrees);
    expect(currentAlarm(network)?.calls).toHaveLength(1);
    noteCallCheck(network, callA, agrees);
    expect(currentAlarm(network)).toBeUndefined();
  });

  it('keeps each call’s lie until that call checks out', () => {
    noteCallCheck(network, callA, differs);
    noteCallCheck(network, callB, differs);
    noteCallCheck(network, callB, agrees);
    expect(currentAlarm(network)?.calls.map((lie) => lie.transaction)).toEqual(['send A']);
  });

  it('keeps an acknowledgement for the same lie told again, at a later block too, and asks again for a new one', () => {
    noteCallCheck(network, callA, differs);
    acknowledgeAlarm(network);
    noteCallCheck(network, callA, differs);
    expect(currentAlarm(network)?.acknowledged).toBe(true);
    noteCallCheck(network, { ...callA, block: 45n }, { ...differs, header: { number: 44n } as TrustedHeader });
    expect(currentAlarm(network)?.acknowledged).toBe(true);
    noteCallCheck(network, callB, differs);
    expect(currentAlarm(network)?.acknowledged).toBe(false);
  });

  it('raises it for a proof that failed on the way, not for a node that gave no proofs', () => {
    noteCallCheck(
      network,
      callA,
      new VerifyError('VERIFY_NO_PROOFS', msg('core.chain:verify.noProofs', { source: LIAR })),
    );
    expect(currentAlarm(network)).toBeUndefined();
    const failed = msg('core.chain:verify.proofFailed', {
      source: codeValue(LIAR),
      address: codeValue('0x1'),
      block: '41',
    });
    noteCallCheck(network, callA, new VerifyError('VERIFY_PROOF_FAILED', failed));
    expect(currentAlarm(network)).toMatchObject({ block: 41n, calls: [{ problem: failed, source: LIAR }] });
  });

  it('raises none where the chain’s EVM is not Ethereum’s: an honest rollup node can differ', () => {
    const rollup = { ...network, id: 'call-alarm-rollup', chainId: 10 };
    noteCallCheck(rollup, callA, differs);
    expect(currentAlarm(rollup)).toBeUndefined();
  });

  it('keeps a balance lie and a call lie side by side, each ended by its own rule', () => {
    lyingBalances();
    acknowledgeAlarm(network);
    noteCallCheck(network, callA, differs);
    // A new lie asks again, and the balances' contradiction still stands beside it.
    expect(currentAlarm(network)).toMatchObject({ acknowledged: false, contradictions: [{ claimed: 2n }] });
    acknowledgeAlarm(network);
    noteCallCheck(network, callA, agrees);
    expect(currentAlarm(network)).toMatchObject({ acknowledged: true, contradictions: [{ claimed: 2n }] });
    expect(currentAlarm(network)?.calls).toEqual([]);
    noteCallCheck(network, callA, differs);
    lyingBalances();
    expect(currentAlarm(network)?.calls).toHaveLength(1);
    cleanBalances();
    expect(currentAlarm(network)).toMatchObject({ contradictions: [], calls: [{ transaction: 'send A' }] });
  });

  it('ends with the node no longer listed, or with previews no longer checked', () => {
    noteCallCheck(network, callA, differs);
    cleanBalances({ ...network, rpcUrls: ['http://honest.test'] });
    expect(currentAlarm(network)).toBeUndefined();
    noteCallCheck(network, callA, differs);
    dropCallAlarm(network);
    expect(currentAlarm(network)).toBeUndefined();
  });
});
