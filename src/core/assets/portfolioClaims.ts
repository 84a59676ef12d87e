import type { BalanceClaims } from '../verify/figureChecks';
import type { PortfolioRequest, PortfolioSnapshot } from './portfolio';

/**
 * What a portfolio snapshot claims of the balances, for a check against proofs. Through
 * Multicall3 they are of one block (readPortfolio reads a straddling aggregate3 again); plain calls
 * may each read a newer block than the last.
 */
export function portfolioClaims(snapshot: PortfolioSnapshot, request: PortfolioRequest): BalanceClaims {
  return {
    blockNumber: snapshot.blockNumber,
    accounts: request.accounts,
    tokens: request.tokens,
    native: snapshot.native,
    tokenBalances: snapshot.tokens,
    oneBlock: snapshot.via === 'multicall',
    ...(snapshot.timestamp > 0 ? { timestamp: BigInt(snapshot.timestamp) } : {}),
  };
}
