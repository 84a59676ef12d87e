import { type Abi, type Address, getAddress, isAddress } from 'viem';
import { CairnError } from '../errors/base';
import { ContractNotVerifiedError } from '../errors/explorer';
import { type ExplorerFetch, explorerContext, explorerRequest, fail, malformed, safe } from '../explorer/client';
import type { ExplorerConfig } from '../explorer/config';
import { codeValue, msg } from '../i18n/message';
import { parseAbiJson } from './abiJson';

/**
 * The ABI an Etherscan API v2 (or compatible) explorer holds for a verified contract, read with
 * `module=contract&action=getabi` and the person's own key. The request carries no cookies and
 * no referrer; the key never appears in an error.
 *
 * Throws ContractNotVerifiedError (EXPLORER_ABI_NOT_VERIFIED) when the explorer has no verified
 * source for the address, and ExplorerError: EXPLORER_INVALID_KEY, EXPLORER_RATE_LIMITED (after
 * three retries), EXPLORER_UNSUPPORTED_CHAIN, EXPLORER_UNAVAILABLE (network failure, timeout,
 * HTTP 5xx), EXPLORER_MALFORMED (an answer or an ABI Cairn cannot read), EXPLORER_ERROR (any
 * other refusal, a bad URL).
 */
export async function fetchVerifiedAbi(args: {
  config: ExplorerConfig;
  chainId: number;
  address: Address;
  fetch?: ExplorerFetch | undefined;
  sleep?: ((ms: number) => Promise<void>) | undefined;
}): Promise<Abi> {
  const ctx = explorerContext(args);
  if (!isAddress(args.address, { strict: false })) {
    throw fail(ctx, 'EXPLORER_ERROR', msg('core.contracts:verifiedAbi.invalidAddress'));
  }
  const address = getAddress(args.address.toLowerCase());
  const notVerified = () => new ContractNotVerifiedError({ host: ctx.host, address });
  const answer = await explorerRequest(ctx, { module: 'contract', action: 'getabi', address }, (text) => {
    if (/not verified|source code not/i.test(text)) throw notVerified();
    if (/invalid address/i.test(text)) {
      throw fail(
        ctx,
        'EXPLORER_ERROR',
        msg('core.contracts:verifiedAbi.explorerInvalidAddress', {
          host: codeValue(ctx.host),
          address: codeValue(address),
        }),
        safe(ctx, `getabi: ${text}`),
      );
    }
    const message = msg('core.contracts:verifiedAbi.refused', { host: codeValue(ctx.host) });
    throw fail(ctx, 'EXPLORER_ERROR', message, safe(ctx, `getabi: ${text}`));
  });
  if (answer.kind !== 'value') throw malformed(ctx, 'getabi: expected the ABI as text, got a list');
  // Some compatible explorers answer status "1" with the refusal as the result.
  if (/not verified/i.test(answer.value)) throw notVerified();
  try {
    return parseAbiJson(answer.value);
  } catch (error) {
    throw malformed(
      ctx,
      `getabi: the ABI it sent is not usable: ${error instanceof CairnError ? error.shortMessage : 'unreadable'}`,
    );
  }
}
