// The alarm's rules in Node, one finished check at a time, as the screens' DOM tests meet them
// (features/network/VerificationAlarmPanel.dom.test.tsx, features/send/SendHold.dom.test.tsx):
// what counts as a lie, what is new, what an acknowledgement covers, whether sending is held.
import { describe, expect, it } from 'vitest';
import { balanceCheck, contradicted } from '@/testing/balanceChecks';
import { VerifyError } from '../errors/verify';
import { codeValue, msg } from '../i18n/message';
import { EMPTY_CODE_HASH } from './accountProof';
import type { VerificationAlarm } from './alarm';
import { acknowledgedAlarm, alarmUnderMode, balanceCheckAlarm, callCheckAlarm } from './alarmRules';
import type { CallCheck } from './checkedCall';
import type { BalanceCheck, FigureCheck } from './figureChecks';
import { holdsSending } from './sendingGate';
import type { TrustedHeader } from './trustedHeader';

const ETH = 10n ** 18n;
const NODE_A = 'https://node-a.example/rpc';
const NODE_B = 'https://node-b.example/rpc';
const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const ALSO_ME = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const DAI = { address: '0x00000000000000000000000000000000000000D1', symbol: 'DAI', decimals: 18 };
/** A token the check named that the portfolio does not hold (the alarm cannot name it). */
const UNKNOWN = '0x00000000000000000000000000000000000000e9';
const ASSETS = { native: { symbol: 'ETH', decimals: 18 }, tokens: [DAI] };
const network = { chainId: 31337, rpcUrls: [NODE_A, NODE_B] };
const BLOCK = 21_000_000n;

const check = (
  native: Record<string, FigureCheck>,
  tokens: Record<string, Record<string, FigureCheck>> = {},
  problems: VerifyError[] = [],
): BalanceCheck => balanceCheck({ block: BLOCK, native, tokens, problems });
const CLEAN = check({ [ME]: { state: 'verified', block: BLOCK } });
const noProofs = () => new VerifyError('VERIFY_NO_PROOFS', msg('core.chain:verify.noProofs', { source: NODE_A }));

/** The alarm after each check in turn, from none. */
const alarmAfter = (...checks: BalanceCheck[]): VerificationAlarm | undefined =>
  checks.reduce<VerificationAlarm | undefined>((alarm, c) => balanceCheckAlarm(alarm, network, c, ASSETS), undefined);
const note = (alarm: VerificationAlarm | undefined, c: BalanceCheck) => balanceCheckAlarm(alarm, network, c, ASSETS);

describe('a balance check’s lies in the alarm', () => {
  it('names each contradicted figure: the holder, the asset, the source, what it said, what the proof says', () => {
    const alarm = alarmAfter(
      check(
        { [ME]: contradicted(5n * ETH, ETH, NODE_A) },
        { [ALSO_ME]: { [DAI.address.toLowerCase()]: contradicted(1_000n * ETH, 250n * ETH, NODE_B) } },
      ),
    );
    expect(alarm).toMatchObject({ block: BLOCK, problems: [], calls: [], acknowledged: false });
    expect(alarm?.contradictions).toEqual([
      {
        account: ME,
        asset: 'native',
        symbol: 'ETH',
        decimals: 18,
        state: 'contradicted',
        claimed: 5n * ETH,
        proven: ETH,
        source: NODE_A,
      },
      {
        account: ALSO_ME,
        asset: DAI.address.toLowerCase(),
        symbol: 'DAI',
        decimals: 18,
        state: 'contradicted',
        claimed: 1_000n * ETH,
        proven: 250n * ETH,
        source: NODE_B,
      },
    ]);
    expect(holdsSending(alarm)).toBe(true);
  });

  it('keeps the acknowledgement, and the alarm as it stood, while the same lie is told again at a later block', () => {
    const acknowledged = acknowledgedAlarm(alarmAfter(check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) })));
    expect(holdsSending(acknowledged)).toBe(false);
    const again = note(
      acknowledged,
      balanceCheck({ block: BLOCK + 1n, native: { [ME]: contradicted(6n * ETH, ETH, NODE_A) } }),
    );
    expect(again).toBe(acknowledged);
    expect(again?.contradictions[0]).toMatchObject({ claimed: 5n * ETH, proven: ETH });
  });

  it('asks again when another lie is caught: another source, or another figure', () => {
    const first = acknowledgedAlarm(alarmAfter(check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) })));
    const otherSource = note(first, check({ [ME]: contradicted(5n * ETH, ETH, NODE_B) }));
    expect(holdsSending(otherSource)).toBe(true);
    const otherFigure = note(
      acknowledgedAlarm(otherSource),
      check({ [ME]: contradicted(5n * ETH, ETH, NODE_B), [ALSO_ME]: contradicted(3n * ETH, ETH, NODE_B) }),
    );
    expect(holdsSending(otherFigure)).toBe(true);
    expect(otherFigure?.contradictions).toHaveLength(2);
  });

  it('stands through a check that could not prove anything, or met a problem', () => {
    const lie = alarmAfter(check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) }));
    // The node now refuses its proofs: no header, no figures.
    expect(note(lie, balanceCheck({ block: BLOCK + 1n, header: 'none', problems: [noProofs()] }))).toBe(lie);
    // A header, every figure proven, but a problem met on the way.
    const problem = balanceCheck({
      block: BLOCK + 2n,
      native: { [ME]: { state: 'verified', block: BLOCK + 2n } },
      problems: [noProofs()],
    });
    expect(note(lie, problem)).toBe(lie);
    expect(holdsSending(note(lie, problem))).toBe(true);
  });

  it('ends with a clean check, and a new lie after that is held again', () => {
    const acknowledged = acknowledgedAlarm(alarmAfter(check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) })));
    expect(note(acknowledged, CLEAN)).toBeUndefined();
    const next = alarmAfter(
      check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) }),
      CLEAN,
      check({ [ME]: contradicted(2n * ETH, ETH, NODE_B) }),
    );
    expect(holdsSending(next)).toBe(true);
    // The same lie as before the clean check is new again too.
    expect(holdsSending(note(note(acknowledged, CLEAN), check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) })))).toBe(
      true,
    );
  });

  it('takes a lie among the problems, not a problem that only stopped a check', () => {
    const forged = new VerifyError(
      'VERIFY_PROOF_FAILED',
      msg('core.chain:verify.proofFailed', { source: NODE_B, address: ME, block: '21000000' }),
    );
    const alarm = alarmAfter(check({}, {}, [noProofs(), forged]));
    expect(alarm).toMatchObject({ problems: [forged.text], contradictions: [] });
    expect(holdsSending(alarm)).toBe(true);
  });

  it('leaves out a contradicted token the portfolio does not hold, naming the rest', () => {
    const alarm = alarmAfter(
      check({ [ME]: contradicted(3n * ETH, 2n * ETH, NODE_A) }, { [ME]: { [UNKNOWN]: contradicted(9n, 1n, NODE_A) } }),
    );
    expect(alarm?.contradictions.map((c) => [c.symbol, c.claimed])).toEqual([['ETH', 3n * ETH]]);
  });

  it('raises none for figures only not proven, nor for a check that could not prove anything', () => {
    expect(
      alarmAfter(check({ [ME]: { state: 'unverified', reason: msg('core.chain:verify.reason.notRead') } })),
    ).toBeUndefined();
    expect(alarmAfter(balanceCheck({ block: BLOCK, header: 'none', problems: [noProofs()] }))).toBeUndefined();
    expect(holdsSending(undefined)).toBe(false);
  });
});

describe('a call’s lie beside the balances’', () => {
  const differs: CallCheck = {
    state: 'differs',
    header: { number: BLOCK } as TrustedHeader,
    node: { data: '0x01', reverted: false },
    proven: { data: '0x02', reverted: false },
    source: NODE_A,
    effects: { logs: [], moves: [], readsBlock: false },
    calleeCodeHash: EMPTY_CODE_HASH,
    read: new Map(),
  };

  it('stands beside the balances’ lie, holds sending, and outlives a clean balance check while its node is listed', () => {
    const balances = alarmAfter(check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) }));
    const both = callCheckAlarm(balances, network, { source: NODE_A, transaction: 'a send', block: BLOCK }, differs);
    expect(both?.calls.map((c) => c.problem)).toEqual([
      msg('core.chain:verify.callDiffers', { source: codeValue(NODE_A), block: BLOCK.toString() }),
    ]);
    expect(both?.contradictions).toHaveLength(1);
    expect(holdsSending(both)).toBe(true);
    const clean = note(both, CLEAN);
    expect(clean).toMatchObject({ contradictions: [], problems: [], calls: [{ transaction: 'a send' }] });
    expect(holdsSending(clean)).toBe(true);
  });
});

describe('what the network’s checks leave of its alarm', () => {
  const lie = {
    block: 1n,
    problems: [],
    contradictions: [],
    calls: [
      {
        key: 'k',
        transaction: 't',
        problem: msg('core.chain:verify.noProofs', { source: NODE_A }),
        block: 1n,
        source: NODE_A,
      },
    ],
    acknowledged: false,
  } satisfies VerificationAlarm;

  it('ends every lie with checks off, a call’s lie with previews no longer checked, and nothing with previews', () => {
    expect(alarmUnderMode(lie, 'off')).toBeUndefined();
    expect(alarmUnderMode(lie, 'balances')).toBeUndefined();
    expect(alarmUnderMode(lie, 'previews')).toBe(lie);
    const balances = alarmAfter(check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) }));
    expect(alarmUnderMode(balances, 'balances')).toBe(balances);
  });
});
