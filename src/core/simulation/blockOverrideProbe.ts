import { type Hex, toHex, zeroAddress } from 'viem';
import type { ChainClient } from '../chain/client';

/**
 * Whether the node runs a call as the block it is told to (block overrides): eth_call's fourth
 * parameter, and debug_traceCall's `blockOverrides` option. eth_simulateV1 takes them by its
 * specification. Hardhat refuses the first and leaves the second aside.
 */
export type BlockOverrideSupport = { call: boolean; trace: boolean };

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

type Step = { op?: string; stack?: string[] };

/** Whether the step after NUMBER has the sentinel on top of its stack. */
function numberSeen(answer: unknown): boolean {
  const steps = (answer as { structLogs?: Step[] } | undefined)?.structLogs;
  if (!Array.isArray(steps)) return false;
  const at = steps.findIndex((step) => step.op === 'NUMBER');
  const top = steps[at + 1]?.stack?.at(-1);
  if (at < 0 || top === undefined) return false;
  try {
    return BigInt((top.startsWith('0x') ? top : `0x${top}`) as Hex) === SENTINEL;
  } catch {
    return false;
  }
}
