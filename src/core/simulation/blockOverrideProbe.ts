import { toHex, zeroAddress } from 'viem';
import type { ChainClient } from '../chain/client';
import { blockOverrides, type NextBlock } from './nextBlock';

/**
 * Whether the node runs a call as the block it is told to (block overrides): eth_call's fourth
 * parameter, and debug_traceCall's `blockOverrides` option. eth_simulateV1 takes them by its
 * specification. Hardhat refuses the first and leaves the second aside.
 */
export type BlockOverrideSupport = {
  call: boolean;
  trace: boolean;
  /** Which methods' overrides a preview has checked for the previous block's hash (askPreviousHash). */
  checked?: { call?: boolean; trace?: boolean } | undefined;
};

/** The method a strategy runs through, as BlockOverrideSupport names it. */
export type OverrideMethod = 'call' | 'trace';

type RawRequest = (args: { method: string; params: unknown[] }) => Promise<unknown>;

/** A block number no chain has reached: a node that answers it applied the override. */
const SENTINEL = 0x2a2a2a2a2an;
const SENTINEL_WORD = `0x${SENTINEL.toString(16).padStart(64, '0')}`;
/** Code that returns the block number: NUMBER PUSH1 0 MSTORE PUSH1 0x20 PUSH1 0 RETURN. */
const NUMBER_CODE = '0x4360005260206000f3';
/** Init code that reads the block number and stops: NUMBER STOP (its step shows the number on the stack). */
const NUMBER_INIT = '0x4300';

/** The two requests, asked with the strategy probes so they travel in the same batch. */
export function askBlockOverrides(client: ChainClient): Promise<BlockOverrideSupport> {
  const request = client.request as RawRequest;
  const override = { number: toHex(SENTINEL) };
  const call = request({
    method: 'eth_call',
    params: [{ to: zeroAddress }, 'latest', { [zeroAddress]: { code: NUMBER_CODE } }, override],
  }).then(
    (answer) => answer === SENTINEL_WORD,
    () => false,
  );
  const trace = request({
    method: 'debug_traceCall',
    params: [{ data: NUMBER_INIT }, 'latest', { disableStorage: true, disableMemory: true, blockOverrides: override }],
  }).then(numberSeen, () => false);
  return Promise.all([call, trace]).then(([call, trace]) => ({ call, trace }));
}

/** Code that returns BLOCKHASH(NUMBER − 1): NUMBER PUSH1 1 SWAP1 SUB BLOCKHASH PUSH1 0 MSTORE PUSH1 0x20 PUSH1 0 RETURN. */
export const PREVIOUS_HASH_CODE = '0x43600190034060005260206000f3';
/** Init code that reads BLOCKHASH(NUMBER − 1) and stops (its step shows the hash on the stack). */
export const PREVIOUS_HASH_INIT = '0x43600190034000';

/**
 * Whether the node, running a call as `block` by its block overrides through `method`, gives
 * BLOCKHASH(number − 1) as the mined transaction will read it: the latest block's hash. geth's
 * eth_call and debug_traceCall give 0 there (their lookup stops at the block they run on), which
 * a contract can test for. Needs the latest block, so it is asked beside a node's first preview
 * rather than with the probe. Undefined when it cannot tell: the node failed, its answer cannot be
 * read, or the latest block's hash is not known (asked again at the next preview).
 */
export function askPreviousHash(
  client: ChainClient,
  method: OverrideMethod,
  block: NextBlock,
): Promise<boolean | undefined> {
  const request = client.request as RawRequest;
  const expected = block.latestHash;
  if (expected === undefined) return Promise.resolve(undefined);
  const override = blockOverrides(block);
  const asked =
    method === 'call'
      ? request({
          method: 'eth_call',
          params: [{ to: zeroAddress }, 'latest', { [zeroAddress]: { code: PREVIOUS_HASH_CODE } }, override],
        }).then((answer) => wordOf(answer as string))
      : request({
          method: 'debug_traceCall',
          params: [
            { data: PREVIOUS_HASH_INIT },
            'latest',
            { disableStorage: true, disableMemory: true, blockOverrides: override },
          ],
        }).then((answer) => stackAfter(answer, 'BLOCKHASH'));
  return asked.then(
    (word) => (word === undefined ? undefined : word === BigInt(expected)),
    () => undefined,
  );
}

type Step = { op?: string; stack?: string[] };

/** Whether the step after NUMBER has the sentinel on top of its stack. */
function numberSeen(answer: unknown): boolean {
  return stackAfter(answer, 'NUMBER') === SENTINEL;
}

/** The word on top of the stack at the step after the first `op` of struct logs. */
function stackAfter(answer: unknown, op: string): bigint | undefined {
  const steps = (answer as { structLogs?: Step[] } | undefined)?.structLogs;
  if (!Array.isArray(steps)) return undefined;
  const at = steps.findIndex((step) => step.op === op);
  const top = steps[at + 1]?.stack?.at(-1);
  if (at < 0 || top === undefined) return undefined;
  return wordOf(top.startsWith('0x') ? top : `0x${top}`);
}

function wordOf(text: string | undefined): bigint | undefined {
  try {
    return typeof text === 'string' && text.startsWith('0x') && text.length > 2 ? BigInt(text) : undefined;
  } catch {
    return undefined;
  }
}
