import type { BalanceCheck, BalanceClaims, FigureCheck } from './figureChecks';

/**
 * A check of earlier claims, carried over to newer ones while the newer ones' own check is on its
 * way (or failed): a figure the node still claims the same keeps its state; one that moved shows
 * the balance last proven, marked with its block (moved), or has none when none was proven; a
 * contradicted one stays contradicted (with its proven balance) until a newer check says
 * otherwise. A node's new figure is never shown plain before a check has said what it is: a liar
 * changing its lie at every block never has it shown. Without it every figure's mark would blink
 * out at each block.
 */
export function carriedCheck(check: BalanceCheck, checked: BalanceClaims, now: BalanceClaims): BalanceCheck {
  const carried: BalanceCheck = { ...check, native: new Map(), tokens: new Map() };
  const keep = (
    figure: FigureCheck | undefined,
    before: bigint | undefined,
    after: bigint | undefined,
  ): FigureCheck | undefined => {
    if (figure?.state === 'contradicted') return after === undefined ? figure : { ...figure, claimed: after };
    if (figure === undefined || before === undefined || after === undefined) return undefined;
    if (before === after) return figure;
    const at = now.blockNumber;
    if (figure.state === 'verified') return { state: 'moved', claimed: after, at, proven: before, block: figure.block };
    if (figure.state === 'moved')
      return after === figure.proven ? { state: 'verified', block: figure.block } : { ...figure, claimed: after, at };
    return undefined;
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
