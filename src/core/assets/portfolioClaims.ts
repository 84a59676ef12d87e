import { MAX_CALLS_PER_AGGREGATE } from '../chain/multicall';
import type { BalanceClaims } from '../verify/figureChecks';
import type { PortfolioRequest, PortfolioSnapshot } from './portfolio';

/**
 * What a portfolio snapshot claims of the balances, for a check against proofs. One aggregate3
 * reads them all at one block; several (more than MAX_CALLS_PER_AGGREGATE calls), or plain calls,
 * may each read a newer block than the last.
 */
export function portfolioClaims(snapshot: PortfolioSnapshot, request: PortfolioRequest): BalanceClaims {
  const calls = 2 + request.accounts.length * (1 + request.tokens.length) + 2 * request.feeds.length;
  return {
    blockNumber: snapshot.blockNumber,
    accounts: request.accounts,
    tokens: request.tokens,
    native: snapshot.native,
    tokenBalances: snapshot.tokens,
    oneBlock: snapshot.via === 'multicall' && calls <= MAX_CALLS_PER_AGGREGATE,
  };
}
