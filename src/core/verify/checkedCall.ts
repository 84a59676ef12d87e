import { formatTransactionRequest, type Hex, numberToHex } from 'viem';
import { toChainError } from '../chain/toChainError';
import { designation } from './authorizations';
import type { CallEffects } from './callEffects';
import type { Wants } from './provenReads';
import type { Source } from './sources';
import { type HeaderTrust, type TrustedHeader, trustedHeaderFor } from './trustedHeader';
import type { CallRequest } from './verifiedCall';

/**
 * A transaction's call run twice at a trusted block: by the node (eth_call), and by Cairn's own
 * EVM over state proven against the block's root. The same outcome: the call's result can be
 * trusted that far (what it changes is for the caller to hold against `effects`, the proven
 * run's events and coin moves); another: the node is lying about the state the call reads.
 */
export type CallCheck = {
  header: TrustedHeader;
  source: string;
  effects: CallEffects;
  /** The proven code hash of the called address (the empty code's when it holds none). */
  calleeCodeHash: Hex;
  /** Every account and slot the proven run read: the hint for another run of the call. */
  read: Wants;
} & ({ state: 'verified'; reverted: boolean } | { state: 'differs'; node: CallOutcome; proven: CallOutcome });

/** What a call gave: its data, or that it reverted (a revert's data is not compared). */
export type CallOutcome = { data: Hex; reverted: boolean };

/** The node's answer to `call` at `block`: its data, or that it reverted. */
async function nodeAnswer(source: Source, call: CallRequest, block: bigint): Promise<CallOutcome> {
  try {
    const data = (await source.client.request({
      method: 'eth_call',
      params: [
        formatTransactionRequest({
          ...(call.from ? { from: call.from } : {}),
          to: call.to,
          data: call.data,
          ...(call.value ? { value: call.value } : {}),
          ...(call.gas ? { gas: call.gas } : {}),
          ...(call.authorizationList?.length ? { authorizationList: call.authorizationList } : {}),
        } as Parameters<typeof formatTransactionRequest>[0]),
        numberToHex(block),
        // Authorizations signed only at Confirm: their designators, as the preview has them.
        ...(call.upgrades?.length
          ? [Object.fromEntries(call.upgrades.map((u) => [u.authority, { code: designation(u.delegate) }]))]
          : []),
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
  const run = {
    header,
    source: source.url,
    effects: { logs: proven.logs, moves: proven.moves, readsBlock: proven.readsBlock },
    calleeCodeHash: proven.calleeCodeHash,
    read: proven.read,
  };
  if (same) return { ...run, state: 'verified', reverted: proven.reverted };
  return { ...run, state: 'differs', node, proven: { data: proven.data, reverted: proven.reverted } };
}
