import type { DecodedTx } from './decodedTx';

export type NetworkCheck = { ok: true; warnings: string[] } | { ok: false; refusal: string; warnings: string[] };

/**
 * Whether a decoded transaction may be sent to the selected network: refused when it is signed
 * for another chain id (both ids named) or when every node would refuse it (`problems`); a
 * legacy transaction without a chain id (before EIP-155) is allowed with a replay warning.
 */
export function checkForNetwork(decoded: DecodedTx, chainId: number, networkName?: string): NetworkCheck {
  const warnings = [...decoded.warnings];
  const selected = networkName ? `the selected network (${networkName})` : 'the selected network';
  if (decoded.chainId === undefined) {
    warnings.unshift(
      'This transaction has no chain id (signed without EIP-155 replay protection): anyone can send it again on any network where this account has funds and this nonce is unused.',
    );
  } else if (decoded.chainId !== BigInt(chainId)) {
    const signedFor = decoded.chainId === 0n ? 'chain id 0, which is no network’s id' : `chain id ${decoded.chainId}`;
    return {
      ok: false,
      refusal: `This transaction is signed for ${signedFor}, but ${selected} is chain id ${chainId}. It can only be sent to the network it was signed for.`,
      warnings,
    };
  }
  const [problem] = decoded.problems;
  if (problem !== undefined) return { ok: false, refusal: problem, warnings };
  return { ok: true, warnings };
}
