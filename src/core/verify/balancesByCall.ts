import { type Address, decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex, hexToBigInt } from 'viem';
import { sameHex } from '../bytes';
import { MULTICALL3_ADDRESS, MULTICALL3_CODE_HASH } from '../chain/localChain';
import { multicall3Abi } from '../chain/multicall';
import { VerifyError } from '../errors/verify';
import { codeValue, msg } from '../i18n/message';
import type { Source } from './sources';
import type { TrustedHeader } from './trustedHeader';

/**
 * Balances of tokens whose storage layout Cairn does not know, proven by running their balanceOf
 * in Cairn's own EVM over proven state (verifiedCall, loaded here on first use): one Multicall3
 * aggregate3 for every holder of every such token. Keyed by token, then holder (lower case); a
 * call that reverts or returns no word is left out; `requests`, the HTTP requests it took. Throws verifiedCall's errors, and
 * VERIFY_CALL_UNRUNNABLE when the code at Multicall3's address is not Multicall3's.
 */
export async function balancesByCall(
  source: Source,
  header: TrustedHeader,
  tokens: readonly Address[],
  holders: readonly Address[],
): Promise<{ balances: Map<string, Map<string, bigint>>; requests: number }> {
  const pairs = tokens.flatMap((token) => holders.map((holder) => ({ token, holder })));
  const calls = pairs.map(({ token, holder }) => ({
    target: token,
    allowFailure: true,
    callData: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder] }),
  }));
  const { verifiedCall } = await import('./verifiedCall');
  const result = await verifiedCall(source, header, {
    to: MULTICALL3_ADDRESS,
    data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }),
  });
  if (!sameHex(result.calleeCodeHash, MULTICALL3_CODE_HASH) || result.reverted)
    throw new VerifyError(
      'VERIFY_CALL_UNRUNNABLE',
      msg('core.chain:verify.callUnrunnable', {
        reason: codeValue(result.reverted ? 'the balances call reverted' : 'no Multicall3 at its canonical address'),
      }),
    );
  const answers = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: result.data });
  const balances = new Map<string, Map<string, bigint>>();
  answers.forEach((answer, i) => {
    const pair = pairs[i];
    if (!pair || !answer.success || answer.returnData.length < 66) return;
    const perHolder = balances.get(pair.token.toLowerCase()) ?? new Map<string, bigint>();
    perHolder.set(pair.holder.toLowerCase(), hexToBigInt(answer.returnData.slice(0, 66) as Hex));
    balances.set(pair.token.toLowerCase(), perHolder);
  });
  return { balances, requests: result.rounds };
}
