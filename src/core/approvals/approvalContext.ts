import type { Address } from 'viem';
import { getBlock, getCode } from 'viem/actions';
import { type ContractLabel, readContractLabels } from '../assets/tokenMetadata';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import type { CurrentApproval } from './currentApprovals';

/** What the Approvals screen shows around the approvals themselves. Keys are lower-case addresses and block numbers in decimal. */
export type ApprovalContext = {
  /** Each token's or collection's name, symbol and decimals (undefined fields when it has none). */
  labels: Map<string, ContractLabel>;
  /** Whether each spender or operator has code (a contract) or not (a person's account, or nothing yet). */
  hasCode: Map<string, boolean>;
  /** Unix time of each block an approval was granted in. */
  grantedAt: Map<string, number>;
};

export const spenderOf = (approval: CurrentApproval): Address =>
  approval.kind === 'operator' ? approval.operator : approval.kind === 'erc721' ? approval.approved : approval.spender;

/**
 * Labels of the tokens, code of the spenders and times of the blocks the approvals were granted
 * in, in one JSON-RPC batch (the client batches what is asked together).
 *
 * Errors: ChainError when the node fails.
 */
export async function readApprovalContext(
  client: ChainClient,
  approvals: readonly CurrentApproval[],
): Promise<ApprovalContext> {
  const unique = <T>(values: T[]) => [...new Set(values)];
  const tokens = unique(approvals.map((a) => a.token.toLowerCase())) as Address[];
  const spenders = unique(approvals.map((a) => spenderOf(a).toLowerCase())) as Address[];
  const blocks = unique(approvals.map((a) => a.blockNumber));
  try {
    const [labels, codes, times] = await Promise.all([
      readContractLabels(client, tokens),
      Promise.all(spenders.map((address) => getCode(client, { address }))),
      Promise.all(blocks.map((blockNumber) => getBlock(client, { blockNumber }))),
    ]);
    return {
      labels,
      hasCode: new Map(spenders.map((s, i) => [s, (codes[i] ?? '0x') !== '0x'])),
      grantedAt: new Map(blocks.map((b, i) => [String(b), Number(times[i]?.timestamp ?? 0n)])),
    };
  } catch (error) {
    throw toChainError(error);
  }
}
