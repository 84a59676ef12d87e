import { codeValue, type Message, msg, untrustedValue } from '../i18n/message';
import type { DecodedTx } from './decodedTx';

export type NetworkCheck = { ok: true; warnings: Message[] } | { ok: false; refusal: Message; warnings: Message[] };

/**
 * Whether a decoded transaction may be sent to the selected network: refused when it is signed
 * for another chain id (both ids named) or when every node would refuse it (`problems`); a
 * legacy transaction without a chain id (before EIP-155) is allowed with a replay warning.
 */
export function checkForNetwork(decoded: DecodedTx, chainId: number, networkName?: string): NetworkCheck {
  const warnings = [...decoded.warnings];
  if (decoded.chainId === undefined) {
    warnings.unshift(msg('core.signing:network.noChainId'));
  } else if (decoded.chainId !== BigInt(chainId)) {
    const selected = codeValue(String(chainId));
    const signed = codeValue(String(decoded.chainId));
    const name = networkName ? untrustedValue(networkName, 'name') : undefined;
    const refusal =
      decoded.chainId === 0n
        ? name
          ? msg('core.signing:network.chainZeroNamed', { name, selected })
          : msg('core.signing:network.chainZero', { selected })
        : name
          ? msg('core.signing:network.otherChainNamed', { signed, name, selected })
          : msg('core.signing:network.otherChain', { signed, selected });
    return { ok: false, refusal, warnings };
  }
  const [problem] = decoded.problems;
  if (problem !== undefined) return { ok: false, refusal: problem, warnings };
  return { ok: true, warnings };
}
