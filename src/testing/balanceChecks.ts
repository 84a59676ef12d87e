// Finished balance checks (issue 39) as the UI receives them, written in a line each for the dom
// tests of what Home, Send and the alarm show: a trusted header (or none, when nothing could be
// checked), the problems met, and each figure by holder and token.
import type { Hex } from 'viem';
import type { VerifyError } from '@/core/errors/verify';
import type { BalanceCheck, FigureCheck } from '@/core/verify/figureChecks';
import type { RpcHeader } from '@/core/verify/headerHash';
import type { TrustedHeader } from '@/core/verify/trustedHeader';

const word = (byte: string): Hex => `0x${byte.repeat(32)}`;

/** A header trusted at `number` (its hash and state root made up: nothing here checks them). */
export function trustedHeaderAt(
  number: bigint,
  via: TrustedHeader['via'] = 'agreement',
  sources: readonly string[] = ['https://node-a.example/', 'https://node-b.example/'],
): TrustedHeader {
  const hash = word('aa');
  const stateRoot = word('5e');
  const fields = { hash, stateRoot, number: `0x${number.toString(16)}` } as RpcHeader;
  return { number, hash, stateRoot, timestamp: 1_700_000_000n, via, sources, fields };
}

/** A figure the node claimed and its proof contradicted, told by `source`. */
export const contradicted = (claimed: bigint, proven: bigint, source: string): FigureCheck => ({
  state: 'contradicted',
  claimed,
  proven,
  source,
});

/**
 * A check at `block`: trusted through `header` ('none': no header, nothing could be checked),
 * meeting `problems`, its native figures by lower-case holder, its token figures by holder, then
 * lower-case token address.
 */
export function balanceCheck({
  block,
  header = trustedHeaderAt(block),
  problems = [],
  native = {},
  tokens = {},
}: {
  block: bigint;
  header?: TrustedHeader | 'none';
  problems?: VerifyError[];
  native?: Record<string, FigureCheck>;
  tokens?: Record<string, Record<string, FigureCheck>>;
}): BalanceCheck {
  return {
    block,
    header: header === 'none' ? undefined : header,
    problems,
    native: new Map(Object.entries(native)),
    tokens: new Map(Object.entries(tokens).map(([holder, perToken]) => [holder, new Map(Object.entries(perToken))])),
    requests: 3,
  };
}
