import { afterEach, describe, expect, it } from 'vitest';
import { localNetwork } from '@/core/chain/networks';
import { VerifyError } from '@/core/errors/verify';
import { codeValue, msg } from '@/core/i18n/message';
import type { CallCheck } from '@/core/verify/checkedCall';
import type { TrustedHeader } from '@/core/verify/trustedHeader';
import { balanceCheck } from '@/testing/balanceChecks';
import { acknowledgeAlarm, currentAlarm, noteBalanceCheck, noteCallCheck } from './verificationAlarm';

const network = { ...localNetwork('http://127.0.0.1:8545'), id: 'call-alarm-test' };
const assets = { native: { symbol: 'ETH', decimals: 18 }, tokens: [] };
const header = { number: 40n } as TrustedHeader;
const LIAR = 'http://liar.test';
const differs: CallCheck = {
  state: 'differs',
  header,
  node: { data: '0x01', reverted: false },
  proven: { data: '0x02', reverted: false },
  source: LIAR,
};
const agrees: CallCheck = { state: 'verified', header, reverted: false };
const cleanBalances = () => noteBalanceCheck(network, balanceCheck({ block: 41n }), assets);

describe('a review’s call caught lying', () => {
  afterEach(() => noteCallCheck(network, 41n, agrees));

  it('raises the alarm naming the source and the block, and sending is held', () => {
    noteCallCheck(network, 41n, differs);
    expect(currentAlarm(network)).toMatchObject({
      block: 40n,
      acknowledged: false,
      byCall: true,
      problems: [msg('core.chain:verify.callDiffers', { source: codeValue(LIAR), block: '40' })],
    });
  });

  it('is not ended by a clean balance check, only by a review whose call checks out', () => {
    noteCallCheck(network, 41n, differs);
    acknowledgeAlarm(network);
    cleanBalances();
    expect(currentAlarm(network)?.acknowledged).toBe(true);
    // The same lie again keeps the acknowledgement.
    noteCallCheck(network, 42n, differs);
    expect(currentAlarm(network)?.acknowledged).toBe(true);
    noteCallCheck(network, 42n, agrees);
    expect(currentAlarm(network)).toBeUndefined();
  });

  it('raises it for a proof that failed on the way, not for a node that gave no proofs', () => {
    noteCallCheck(
      network,
      41n,
      new VerifyError('VERIFY_NO_PROOFS', msg('core.chain:verify.noProofs', { source: LIAR })),
    );
    expect(currentAlarm(network)).toBeUndefined();
    const failed = msg('core.chain:verify.proofFailed', {
      source: codeValue(LIAR),
      address: codeValue('0x1'),
      block: '41',
    });
    noteCallCheck(network, 41n, new VerifyError('VERIFY_PROOF_FAILED', failed));
    expect(currentAlarm(network)).toMatchObject({ block: 41n, problems: [failed], byCall: true });
  });

  it('raises none where the chain’s EVM is not Ethereum’s: an honest rollup node can differ', () => {
    const rollup = { ...network, id: 'call-alarm-rollup', chainId: 10 };
    noteCallCheck(rollup, 41n, differs);
    expect(currentAlarm(rollup)).toBeUndefined();
  });

  it('leaves a balance alarm to the balance checks: a call that checks out does not end it', () => {
    noteBalanceCheck(
      network,
      balanceCheck({
        block: 41n,
        native: { '0xabc': { state: 'contradicted', claimed: 2n, proven: 1n, source: LIAR } },
      }),
      assets,
    );
    noteCallCheck(network, 41n, agrees);
    expect(currentAlarm(network)?.contradictions).toHaveLength(1);
    cleanBalances();
    expect(currentAlarm(network)).toBeUndefined();
  });
});
