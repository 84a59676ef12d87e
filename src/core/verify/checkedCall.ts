import { type Hex, numberToHex } from 'viem';
import { toChainError } from '../chain/toChainError';
import type { Source } from './sources';
import { type HeaderTrust, type TrustedHeader, trustedHeaderFor } from './trustedHeader';
import type { CallRequest } from './verifiedCall';

/**
 * A transaction's call run twice at a trusted block: by the node (eth_call), and by Cairn's own
 * EVM over state proven against the block's root. The same outcome: the node's preview of it can
 * be trusted that far; another: the node is lying about the state the call reads.
 */
export type CallCheck =
  | { state: 'verified'; header: TrustedHeader; reverted: boolean }
  | { state: 'differs'; header: TrustedHeader; node: CallOutcome; proven: CallOutcome; source: string };

/**
 * The chains whose EVM is Ethereum's own, fork for fork (mainnet, Sepolia, Hoodi, Holesky, the
 * local chain): there a call Cairn's EVM answers otherwise than the node is the node's lie. On
 * other chains (rollups add precompiles and opcodes of their own) an honest node can differ.
 */
const ETHEREUM_EVM_CHAINS: readonly number[] = [1, 11155111, 560048, 17000, 31337];

/** Whether a call that differs on `chainId` means the node lied, not only that its EVM is another. */
export const differsIsLie = (chainId: number): boolean => ETHEREUM_EVM_CHAINS.includes(chainId);

/** What a call gave: its data, or that it reverted (a revert's data is not compared). */
export type CallOutcome = { data: Hex; reverted: boolean };

/** The node's answer to `call` at `block`: its data, or that it reverted. */
async function nodeAnswer(source: Source, call: CallRequest, block: bigint): Promise<CallOutcome> {
  try {
    const data = (await source.client.request({
      method: 'eth_call',
      params: [
        {
          ...(call.from ? { from: call.from } : {}),
          to: call.to,
          data: call.data,
          ...(call.value ? { value: numberToHex(call.value) } : {}),
          ...(call.gas ? { gas: numberToHex(call.gas) } : {}),
        },
        numberToHex(block),
      ],
    } as never)) as Hex;
    return { data, reverted: false };
  } catch (error) {
    if (toChainError(error, source.url).code === 'CHAIN_REVERTED') return { data: '0x', reverted: true };
    throw error;
  }
}

/**
 * Checks `call` at the trusted block from `trust` (the head's, by agreement). Loads Cairn's EVM on
 * first use. Throws VerifyError (no trusted header, a proof that fails, a call Cairn's EVM cannot
 * run), a ChainError when a source fails.
 */
export async function checkCall(
  sources: readonly Source[],
  trust: HeaderTrust,
  head: bigint,
  call: CallRequest,
): Promise<CallCheck> {
  const [source] = sources;
  if (!source) throw new Error('checkCall needs a source');
  const header = await trustedHeaderFor(sources, trust, head);
  const { verifiedCall } = await import('./verifiedCall');
  const [proven, node] = await Promise.all([
    verifiedCall(source, header, call),
    nodeAnswer(source, call, header.number),
  ]);
  // A revert's data is not compared: a node words its revert in its own error.
  const same = proven.reverted === node.reverted && (node.reverted || proven.data === node.data);
  if (same) return { state: 'verified', header, reverted: proven.reverted };
  return {
    state: 'differs',
    header,
    node,
    proven: { data: proven.data, reverted: proven.reverted },
    source: source.url,
  };
}
