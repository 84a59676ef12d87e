import type { Network } from '../chain/networks';
import type { VerifyError } from '../errors/verify';
import { codeValue, type Message, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import { alarmWith, balanceCaught, type Contradiction, type VerificationAlarm } from './alarm';
import type { CallCheck } from './checkedCall';
import { type BalanceCheck, caughtLying, isLie } from './figureChecks';
import type { VerifyMode } from './verificationSetting';

// What each finished check makes of a network's alarm, as pure rules: the verifier (verifier.ts)
// applies them to the one alarm store (alarm.ts), whatever screen is open. Light enough for the
// start-up chunk, which builds the verifier: no chain client, no proofs' code.

/**
 * The chains whose EVM is Ethereum's own, fork for fork (mainnet, Sepolia, Hoodi, Holesky, the
 * local chain): there a call Cairn's EVM answers otherwise than the node is the node's lie. On
 * other chains (rollups add precompiles and opcodes of their own) an honest node can differ.
 */
const ETHEREUM_EVM_CHAINS: readonly number[] = [1, 11155111, 560048, 17000, 31337];

/** Whether a call that differs on `chainId` means the node lied, not only that its EVM is another. */
const differsIsLie = (chainId: number): boolean => ETHEREUM_EVM_CHAINS.includes(chainId);

/** What a balance check's contradictions are named by: the native coin and the tokens read (others are left out). */
export type AlarmAssets = {
  native: { symbol: string; decimals: number };
  tokens: readonly { address: string; symbol: string; decimals: number }[];
};

/**
 * The call a review checked: which source answered it, the transaction, and about which block;
 * `differs` says what a call that differs was (a review's transaction when not given).
 */
export type CheckedCallRef = { source: string; transaction: string; block: bigint; differs?: Message };

/**
 * A call check, with what it proved of the preview's changes when it held them against the run
 * (core/simulation/previewCheck.ts): the part of its ChangesProof read here.
 */
export type NotedCheck = CallCheck & { changes?: { readonly state: string; readonly [part: string]: unknown } };

/**
 * The alarm after a finished balance check: a lie caught raises it (kept as it was, acknowledged
 * or not, while the same lie lasts; a new one asks again). The balances' part ends only with a
 * check that had a trusted header and met no problem at all: a node caught lying cannot end it by
 * then refusing its proofs. A clean check leaves a call's lie standing, unless the node that told
 * it is no longer among `network`'s RPC URLs.
 */
export function balanceCheckAlarm(
  before: VerificationAlarm | undefined,
  network: { readonly rpcUrls: readonly string[] },
  check: BalanceCheck,
  assets: AlarmAssets,
): VerificationAlarm | undefined {
  if (!caughtLying(check)) {
    const clean = check.header !== undefined && check.problems.length === 0;
    if (!before || !clean) return before;
    // A call's lie stands through clean balances, while its node is listed.
    const calls = before.calls.filter((call) => network.rpcUrls.includes(call.source));
    return alarmWith(before, { problems: [], contradictions: [], calls, block: calls[0]?.block ?? before.block });
  }
  const contradictions: Contradiction[] = [];
  for (const [account, figure] of check.native)
    if (figure.state === 'contradicted') contradictions.push({ account, asset: 'native', ...assets.native, ...figure });
  for (const [account, perToken] of check.tokens) {
    for (const [token, figure] of perToken) {
      const known = assets.tokens.find((t) => sameAddress(t.address, token));
      if (figure.state === 'contradicted' && known)
        contradictions.push({ account, asset: token, symbol: known.symbol, decimals: known.decimals, ...figure });
    }
  }
  const problems = check.problems.filter(isLie).map((problem) => problem.text);
  // The same lie at the next block: the alarm stands as it was (an alert that changed at every
  // block would be read out again at every block).
  if (before && balanceCaught(before.problems, before.contradictions) === balanceCaught(problems, contradictions))
    return before;
  return alarmWith(before, { block: check.block, problems, contradictions });
}

/**
 * What a call check says is a lie, if anything: on Ethereum's EVM, a call the node answers
 * otherwise, or a preview whose changes differ from the proven run's; or a proof that failed.
 */
function lieOf(chainId: number, outcome: NotedCheck | VerifyError, differs?: Message): Message | undefined {
  if ('code' in outcome) return isLie(outcome) ? outcome.text : undefined;
  if (!differsIsLie(chainId)) return undefined;
  const values = { source: codeValue(outcome.source), block: outcome.header.number.toString() };
  if (outcome.state === 'differs') return differs ?? msg('core.chain:verify.callDiffers', values);
  if (outcome.changes?.state === 'differs') return msg('core.chain:verify.changesDiffer', values);
  return undefined;
}

/** The RPC URL a lie names, when its sentence names one (a proof, a header from another source). */
function sourceNamed(problem: Message): string | undefined {
  const source = problem.values?.source;
  return typeof source === 'object' && source !== null && 'kind' in source && source.kind === 'code'
    ? source.text
    : undefined;
}

/**
 * The alarm after a review's call check (or a swap quote's): a call the node answers otherwise
 * than Cairn's EVM over proven state, or a preview whose changes differ from that run's, on a
 * chain whose EVM is Ethereum's (elsewhere an honest node can differ, and the review alone says
 * so), or a proof that failed on the way, each kept under the source that told it and the
 * transaction. Only that transaction checking out (no lie found) ends it; other failures (no
 * proofs, a node that did not answer) change nothing.
 */
export function callCheckAlarm(
  before: VerificationAlarm | undefined,
  network: Pick<Network, 'chainId'>,
  call: CheckedCallRef,
  outcome: NotedCheck | VerifyError,
): VerificationAlarm | undefined {
  const calls = before?.calls ?? [];
  const clean = !('code' in outcome) && outcome.state === 'verified' && outcome.changes?.state !== 'differs';
  if (clean) {
    // Every source it took was honest about this call: the lies told about it end.
    const left = calls.filter((lie) => lie.transaction !== call.transaction);
    return left.length === calls.length ? before : alarmWith(before, { calls: left });
  }
  const problem = lieOf(network.chainId, outcome, call.differs);
  if (!problem) return before;
  const source = 'code' in outcome ? (sourceNamed(problem) ?? call.source) : outcome.source;
  const key = JSON.stringify([source, call.transaction]);
  const block = 'code' in outcome ? call.block : outcome.header.number;
  const lie = { key, transaction: call.transaction, problem, block, source };
  const balances = before && (before.problems.length > 0 || before.contradictions.length > 0);
  return alarmWith(before, {
    calls: [...calls.filter((kept) => kept.key !== key), lie],
    block: balances ? before.block : block,
  });
}

/** The person read the alarm and chose to send anyway, while it lasts (sendingGate.ts then lets sending through). */
export const acknowledgedAlarm = (alarm: VerificationAlarm | undefined): VerificationAlarm | undefined =>
  alarm && { ...alarm, acknowledged: true };

/**
 * What is left of the alarm once the network checks `mode`: none with checks off; no call's lie
 * where previews are no longer checked.
 */
export function alarmUnderMode(before: VerificationAlarm | undefined, mode: VerifyMode): VerificationAlarm | undefined {
  if (mode === 'off') return undefined;
  if (mode === 'balances' && before?.calls.length) return alarmWith(before, { calls: [] });
  return before;
}
