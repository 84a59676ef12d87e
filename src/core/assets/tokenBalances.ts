import { type Address, encodeFunctionData, erc20Abi, type Hex, hexToBigInt } from 'viem';
import { call } from 'viem/actions';
import type { ChainClient } from '../chain/client';

/**
 * One owner's balance of each token (ERC-20 balanceOf), keyed by the token's address in lower
 * case. The reads are issued together, so a client with JSON-RPC batching sends them as one HTTP
 * request naming that owner only. A token that does not answer with a word (no such function, a
 * revert, a node that fails) is left out: unread, not zero.
 */
export async function readTokenBalances(
  client: ChainClient,
  owner: Address,
  tokens: readonly Address[],
): Promise<Map<string, bigint>> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  const answers = await Promise.all(
    tokens.map((token) =>
      call(client, { to: token, data }).then(
        (result) => result.data as Hex | undefined,
        () => undefined,
      ),
    ),
  );
  const balances = new Map<string, bigint>();
  tokens.forEach((token, i) => {
    const answer = answers[i];
    if (answer && answer.length >= 66) balances.set(token.toLowerCase(), hexToBigInt(`0x${answer.slice(2, 66)}`));
  });
  return balances;
}
