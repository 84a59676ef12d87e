// The verifier a window builds at start: every check's outcome reaches the network's alarm
// through it (the rules are alarmRules.ts'), it follows each network's choice of checks, and it
// keeps what its checks learn (layouts, costs) where it was told at construction.
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { balanceCheck, contradicted } from '@/testing/balanceChecks';
import { localNetwork, type Network } from '../chain/networks';
import { VerifyError } from '../errors/verify';
import { codeValue, msg } from '../i18n/message';
import { EMPTY_CODE_HASH } from './accountProof';
import type { NotedCheck } from './alarmRules';
import type { CallCheck } from './checkedCall';
import type { FigureCheck } from './figureChecks';
import { type KeptLayout, memoryLayoutBook } from './layoutBook';
import type { TrustedHeader } from './trustedHeader';
import type { VerificationSettings } from './verificationSetting';
import { createVerifier } from './verifier';

const verifier = createVerifier();
const noteBalanceCheck: typeof verifier.noteBalanceCheck = (...args) => verifier.noteBalanceCheck(...args);
const noteCallCheck: typeof verifier.noteCallCheck = (...args) => verifier.noteCallCheck(...args);
const acknowledgeAlarm = (on: Network) => verifier.acknowledge(on);
const clearAlarm = (on: Network) => verifier.clear(on);
const currentAlarm = (on: Network) => verifier.alarm(on);
/** What the network's checks, now balances only, leave of its alarm. */
const dropCallAlarm = (on: Network) => {
  const stop = verifier.followSettings(settingsOf(on, { [on.id]: { mode: 'balances', trust: { kind: 'agreement' } } }));
  stop();
};
const settingsOf = (on: Network, verification: VerificationSettings) =>
  createStore<{ networks: readonly Network[]; verification: VerificationSettings }>()(() => ({
    networks: [on],
    verification,
  }));

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
const liarFigure: FigureCheck = contradicted(2n, 1n, LIAR);
const cleanBalances = (on = network) => noteBalanceCheck(on, balanceCheck({ block: 41n }), assets);
const lyingBalances = () =>
  noteBalanceCheck(network, balanceCheck({ block: 41n, native: { '0xabc': liarFigure } }), assets);

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

describe('a verifier following each network’s choice of checks', () => {
  afterEach(() => clearAlarm(network));

  it('ends the alarm when checks are turned off, and a call’s lie when previews no longer are', () => {
    const settings = settingsOf(network, { [network.id]: { mode: 'previews', trust: { kind: 'agreement' } } });
    const stop = verifier.followSettings(settings);
    lyingBalances();
    noteCallCheck(network, callA, differs);
    expect(currentAlarm(network)?.calls).toHaveLength(1);
    settings.setState({ verification: { [network.id]: { mode: 'balances', trust: { kind: 'agreement' } } } });
    expect(currentAlarm(network)).toMatchObject({ calls: [], contradictions: [{ claimed: 2n }] });
    settings.setState({ verification: { [network.id]: { mode: 'off', trust: { kind: 'agreement' } } } });
    expect(currentAlarm(network)).toBeUndefined();
    stop();
    lyingBalances();
    settings.setState({ verification: {} });
    expect(currentAlarm(network)).toBeDefined();
  });
});

describe('a check that ends after the network’s checks changed', () => {
  afterEach(() => clearAlarm(network));

  it('raises nothing the network’s mode ends: no lie with checks off, no call’s lie with balances only', () => {
    const settings = settingsOf(network, { [network.id]: { mode: 'off', trust: { kind: 'agreement' } } });
    const stop = verifier.followSettings(settings);
    lyingBalances();
    noteCallCheck(network, callA, differs);
    expect(currentAlarm(network)).toBeUndefined();
    settings.setState({ verification: { [network.id]: { mode: 'balances', trust: { kind: 'agreement' } } } });
    noteCallCheck(network, callA, differs);
    expect(currentAlarm(network)).toBeUndefined();
    lyingBalances();
    expect(currentAlarm(network)).toMatchObject({ calls: [], contradictions: [{ claimed: 2n }] });
    stop();
  });
});

describe('what a verifier keeps', () => {
  const layout = { kind: 'mapping', slot: 0n } as unknown as KeptLayout['layout'];

  it('loads the layouts kept in the store it was built with, and writes what it learns there', async () => {
    const saved: [string, KeptLayout][] = [];
    const store = {
      load: async (): Promise<[string, KeptLayout][]> => [['1:0xaa', { key: 'code-a', layout }]],
      save: async (token: string, kept: KeptLayout) => void saved.push([token, kept]),
      remove: async () => undefined,
    };
    const book = await createVerifier({ layouts: store }).layouts();
    expect(book.forToken(1, '0xAA')).toEqual({ key: 'code-a', layout });
    book.keep(1, '0xBB', 'code-b', layout);
    expect(saved).toEqual([['1:0xbb', { key: 'code-b', layout }]]);
    // Without a store, in memory: another verifier knows nothing of it.
    const memory = await createVerifier().layouts();
    expect(memory.forToken(1, '0xaa')).toBeUndefined();
    expect(Object.keys(memory)).toEqual(Object.keys(memoryLayoutBook()));
  });

  it('keeps the last check’s cost per node, beside the last plain read', () => {
    const own = createVerifier();
    expect(own.lastCheckCost(network)).toBeUndefined();
    own.noteBalancesRead(network, 12);
    own.noteCheckCost(network, 3, 40);
    expect(own.lastCheckCost(network)).toEqual({ requests: 3, ms: 40, readMs: 12 });
    expect(own.lastCheckCost({ ...network, rpcUrls: ['http://other.test'] })).toBeUndefined();
    expect(verifier.lastCheckCost(network)).toBeUndefined();
  });
});
