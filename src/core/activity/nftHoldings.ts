import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from 'viem';
import { call } from 'viem/actions';
import { erc1155Uri } from '../assets/nftLinks';
import type { ChainClient } from '../chain/client';
import { aggregate3, type Call3, type CallOutcome } from '../chain/multicall';
import { toChainError } from '../chain/toChainError';
import { sameAddress } from '../keys/sameAddress';
import type { ActivityItem } from './item';

const nftAbi = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function name() view returns (string)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function uri(uint256 id) view returns (string)',
]);

/** An NFT the account holds now, confirmed on chain. */
export type HeldNft = {
  standard: 'erc721' | 'erc1155';
  contract: Address;
  tokenId: bigint;
  /** 1 for ERC-721; the count held for ERC-1155. */
  balance: bigint;
  collection: string | undefined;
  /** tokenURI / uri(id) with {id} filled in, when the contract has one. */
  metadataUri: string | undefined;
};

/** What a node says of a call that cannot run on this contract, as opposed to a node that failed. */
const SAYS_NO = ['CHAIN_REVERTED', 'CHAIN_RPC_ERROR', 'CHAIN_MALFORMED_RESPONSE'];

const erc1155UriOf = (template: string | undefined, tokenId: bigint) =>
  template === undefined ? undefined : erc1155Uri(template, tokenId);

const key = (contract: string, tokenId: bigint) => `${contract.toLowerCase()}:${tokenId}`;

/**
 * The NFTs an account holds: every token its synced history shows arriving, checked now with
 * ownerOf / balanceOf (so one sent away, or received and sent on, is not listed), with the
 * collection name (once per contract) and metadata URI. One eth_call through Multicall3 when the
 * node has it (`multicall`), else one batch of plain calls.
 *
 * Errors: ChainError.
 */
export async function readHeldNfts(
  client: ChainClient,
  account: Address,
  items: readonly ActivityItem[],
  multicall = false,
): Promise<HeldNft[]> {
  const candidates = new Map<string, { standard: HeldNft['standard']; contract: Address; tokenId: bigint }>();
  for (const item of items) {
    if ((item.asset.kind === 'erc721' || item.asset.kind === 'erc1155') && item.direction === 'in')
      candidates.set(key(item.asset.address, item.asset.tokenId), {
        standard: item.asset.kind,
        contract: item.asset.address,
        tokenId: item.asset.tokenId,
      });
  }
  const list = [...candidates.values()];
  const contracts = [...new Set(list.map((nft) => nft.contract))];
  const call3 = (target: Address, callData: Hex): Call3 => ({ target, allowFailure: true, callData });
  const calls = [
    ...list.flatMap((nft) =>
      nft.standard === 'erc721'
        ? [
            call3(nft.contract, encodeFunctionData({ abi: nftAbi, functionName: 'ownerOf', args: [nft.tokenId] })),
            call3(nft.contract, encodeFunctionData({ abi: nftAbi, functionName: 'tokenURI', args: [nft.tokenId] })),
          ]
        : [
            call3(
              nft.contract,
              encodeFunctionData({ abi: nftAbi, functionName: 'balanceOf', args: [account, nft.tokenId] }),
            ),
            call3(nft.contract, encodeFunctionData({ abi: nftAbi, functionName: 'uri', args: [nft.tokenId] })),
          ],
    ),
    ...contracts.map((contract) => call3(contract, encodeFunctionData({ abi: nftAbi, functionName: 'name' }))),
  ];
  // One call at a time: a contract that reverts, or that the node cannot run (out of gas, a bad
  // opcode), says "no"; a node that fails is an error.
  const oneByOne = () =>
    Promise.all(
      calls.map(async (c): Promise<CallOutcome> => {
        try {
          return { ok: true, data: (await call(client, { to: c.target, data: c.callData })).data };
        } catch (error) {
          const chainError = toChainError(error);
          if (SAYS_NO.includes(chainError.code)) return { ok: false, saidWhy: true };
          throw chainError;
        }
      }),
    );
  let outcomes: CallOutcome[];
  try {
    // Through Multicall3 when the node has it; should one costly contract sink the whole call, one by one.
    outcomes = calls.length === 0 ? [] : multicall ? await aggregate3(client, calls).catch(oneByOne) : await oneByOne();
  } catch (error) {
    throw toChainError(error);
  }
  // A contract that reverts, lacks the function or answers nonsense says "no".
  const answer = (index: number, functionName: 'ownerOf' | 'tokenURI' | 'balanceOf' | 'uri' | 'name') => {
    const outcome = outcomes[index];
    if (!outcome?.ok || !outcome.data || outcome.data === '0x') return undefined;
    try {
      return decodeFunctionResult({ abi: nftAbi, functionName, data: outcome.data } as never) as unknown;
    } catch {
      return undefined;
    }
  };
  const names = new Map(
    contracts.map((contract, i) => [contract, answer(list.length * 2 + i, 'name') as string | undefined]),
  );
  return list
    .map((nft, i) => {
      const balance =
        nft.standard === 'erc721'
          ? sameAddress(answer(2 * i, 'ownerOf') as Address | undefined, account)
            ? 1n
            : 0n
          : ((answer(2 * i, 'balanceOf') as bigint | undefined) ?? 0n);
      const uri =
        nft.standard === 'erc721'
          ? (answer(2 * i + 1, 'tokenURI') as string | undefined)
          : erc1155UriOf(answer(2 * i + 1, 'uri') as string | undefined, nft.tokenId);
      return { ...nft, balance, metadataUri: uri || undefined, collection: names.get(nft.contract) || undefined };
    })
    .filter((nft) => nft.balance > 0n)
    .sort((a, b) => (a.contract === b.contract ? (a.tokenId < b.tokenId ? -1 : 1) : a.contract < b.contract ? -1 : 1));
}
