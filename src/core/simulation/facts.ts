import { type Address, encodeFunctionData, erc20Abi, type Hex, hexToBigInt, parseAbi } from 'viem';
import { call, getCode } from 'viem/actions';
import { sameHex } from '../bytes';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import { balanceKey, type EffectFacts, factsNeeded, receiverKey } from './effects';
import type { SimulationResult } from './types';

const receiverAbi = parseAbi([
  'function onERC721Received(address operator, address from, uint256 tokenId, bytes data) returns (bytes4)',
]);
const ON_ERC721_RECEIVED = '0x150b7a02';

/**
 * Whether `to` answers onERC721Received as the token contract would call it: with the selector.
 * The operator is taken to be the sender (a marketplace moving it would be another): receivers
 * seldom look at it.
 */
async function acceptsErc721(
  client: ChainClient,
  move: { token: Address; to: Address; from: Address; tokenId: bigint },
): Promise<boolean> {
  try {
    const { data } = await call(client, {
      account: move.token,
      to: move.to,
      data: encodeFunctionData({
        abi: receiverAbi,
        functionName: 'onERC721Received',
        args: [move.from, move.from, move.tokenId, '0x'],
      }),
    });
    return sameHex((data as Hex | undefined)?.slice(0, 10), ON_ERC721_RECEIVED);
  } catch (error) {
    // A revert (no such function, or a refusal) means the token would refuse the transfer or strand it.
    const chainError = toChainError(error);
    if (chainError.code === 'CHAIN_REVERTED') return false;
    throw chainError;
  }
}

/** The owner's balance of a token, or undefined when the token does not answer balanceOf with a word. */
async function balanceOf(client: ChainClient, read: { token: Address; owner: Address }): Promise<bigint | undefined> {
  try {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [read.owner] });
    const answer = (await call(client, { to: read.token, data })).data as Hex | undefined;
    return answer && answer.length >= 66 ? hexToBigInt(`0x${answer.slice(2, 66)}`) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the facts `describeEffects` needs (see `factsNeeded`) in one batch: the code at each
 * address, whether each contract recipient of an ERC-721 accepts it, and the granting account's
 * balance of each token it allows a spender (a token that does not answer is left unread).
 *
 * Errors: ChainError when the node fails to give the code.
 */
export async function readEffectFacts(
  client: ChainClient,
  needs: {
    code: readonly Address[];
    receivers: readonly { token: Address; to: Address; from: Address; tokenId: bigint }[];
    balances?: readonly { token: Address; owner: Address }[] | undefined;
  },
): Promise<EffectFacts> {
  try {
    // Asked together, these travel as one JSON-RPC batch.
    const [codes, accepts, held] = await Promise.all([
      Promise.all(needs.code.map((address) => getCode(client, { address }))),
      Promise.all(needs.receivers.map((move) => acceptsErc721(client, move))),
      Promise.all((needs.balances ?? []).map((read) => balanceOf(client, read))),
    ]);
    const code = new Map<string, boolean>();
    needs.code.forEach((address, i) => {
      const found = codes[i];
      code.set(address.toLowerCase(), found !== undefined && found !== '0x');
    });
    const receivers = new Map<string, boolean>();
    needs.receivers.forEach((move, i) => {
      receivers.set(receiverKey(move.token, move.to, move.tokenId), accepts[i] === true);
    });
    const balances = new Map<string, bigint>();
    (needs.balances ?? []).forEach((read, i) => {
      const balance = held[i];
      if (balance !== undefined) balances.set(balanceKey(read.token, read.owner), balance);
    });
    return { code, receivers, balances };
  } catch (error) {
    throw toChainError(error);
  }
}

/** Whether two previews need the same facts (factsNeeded): a review re-read at a new block reads them once. */
export function sameFactsNeeded(a: ReturnType<typeof factsNeeded>, b: ReturnType<typeof factsNeeded>): boolean {
  const text = (needs: ReturnType<typeof factsNeeded>) =>
    JSON.stringify(needs, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)).toLowerCase();
  return text(a) === text(b);
}

/** A preview and the facts its warnings need. */
export type PreviewWithFacts<R extends SimulationResult = SimulationResult> = { result: R; facts: EffectFacts };

/**
 * A preview (`simulate`) with the facts its warnings need for the person's accounts `own`, read
 * after it, unless the `previous` preview of the same content needed the same ones: read again at
 * each block, a review reads the code of its addresses once, not at every block.
 *
 * Errors: those of `simulate`, and of readEffectFacts.
 */
export async function previewWithFacts<R extends SimulationResult>(
  client: ChainClient,
  own: readonly Address[],
  simulate: () => Promise<R>,
  previous: PreviewWithFacts | undefined,
): Promise<PreviewWithFacts<R>> {
  const result = await simulate();
  const needs = factsNeeded(result, own);
  if (previous && sameFactsNeeded(factsNeeded(previous.result, own), needs)) return { result, facts: previous.facts };
  return { result, facts: await readEffectFacts(client, needs) };
}
