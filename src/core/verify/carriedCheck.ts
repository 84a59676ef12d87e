import type { BalanceCheck, BalanceClaims, FigureCheck } from './figureChecks';

/**
 * A check of earlier claims, carried over to newer ones while the newer ones' own check is on its
 * way: a figure the node still claims the same keeps its state, one that moved has none until
 * checked, except a contradicted one, which stays contradicted (with its proven balance) until a
 * newer check says otherwise: a liar changing its lie at every block never has it shown plain.
 * Without it every figure's mark would blink out at each block.
 */
export function carriedCheck(check: BalanceCheck, checked: BalanceClaims, now: BalanceClaims): BalanceCheck {
  const carried: BalanceCheck = { ...check, native: new Map(), tokens: new Map() };
  const keep = (figure: FigureCheck | undefined, before: bigint | undefined, after: bigint | undefined) => {
    if (figure?.state === 'contradicted') return after === undefined ? figure : { ...figure, claimed: after };
    return figure !== undefined && before !== undefined && before === after ? figure : undefined;
  };
  for (const [account, figure] of check.native) {
    const kept = keep(figure, checked.native.get(account), now.native.get(account));
    if (kept) carried.native.set(account, kept);
  }
  for (const [account, perToken] of check.tokens) {
    const keptTokens = new Map<string, FigureCheck>();
    for (const [token, figure] of perToken) {
      const kept = keep(
        figure,
        checked.tokenBalances.get(account)?.get(token),
        now.tokenBalances.get(account)?.get(token),
      );
      if (kept) keptTokens.set(token, kept);
    }
    carried.tokens.set(account, keptTokens);
  }
  return carried;
}
