import { type Address, parseAbi } from 'viem';
import { readContract } from 'viem/actions';
import { erc1155Uri } from '../assets/nftLinks';
import type { ChainClient } from '../chain/client';
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

const key = (contract: string, tokenId: bigint) => `${contract.toLowerCase()}:${tokenId}`;

/**
 * The NFTs an account holds: every token its synced history shows arriving, checked now with
 * ownerOf / balanceOf (so one sent away, or received and sent on, is not listed), with the
 * collection name and metadata URI. One batch of reads.
 *
 * Errors: ChainError.
 */
export async function readHeldNfts(
  client: ChainClient,
  account: Address,
  items: readonly ActivityItem[],
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
  // A contract that reverts or lacks the function says "no"; a node that fails is an error.
  const quiet = <T>(promise: Promise<T>) =>
    promise.catch((error: unknown) => {
      const chainError = toChainError(error);
      if (['CHAIN_REVERTED', 'CHAIN_RPC_ERROR', 'CHAIN_MALFORMED_RESPONSE'].includes(chainError.code)) return undefined;
      throw chainError;
    });
  try {
    const answers = await Promise.all(
      list.map(async (nft) => {
        const [held, uri, collection] = await Promise.all([
          nft.standard === 'erc721'
            ? quiet(
                readContract(client, {
                  address: nft.contract,
                  abi: nftAbi,
                  functionName: 'ownerOf',
                  args: [nft.tokenId],
                }),
              ).then((owner) => (sameAddress(owner, account) ? 1n : 0n))
            : quiet(
                readContract(client, {
                  address: nft.contract,
                  abi: nftAbi,
                  functionName: 'balanceOf',
                  args: [account, nft.tokenId],
                }),
              ).then((balance) => balance ?? 0n),
          quiet(
            nft.standard === 'erc721'
              ? readContract(client, {
                  address: nft.contract,
                  abi: nftAbi,
                  functionName: 'tokenURI',
                  args: [nft.tokenId],
                })
              : readContract(client, {
                  address: nft.contract,
                  abi: nftAbi,
                  functionName: 'uri',
                  args: [nft.tokenId],
                }).then((template) => erc1155Uri(template, nft.tokenId)),
          ),
          quiet(readContract(client, { address: nft.contract, abi: nftAbi, functionName: 'name' })),
        ]);
        return { ...nft, balance: held, metadataUri: uri || undefined, collection: collection || undefined };
      }),
    );
    return answers
      .filter((nft) => nft.balance > 0n)
      .sort((a, b) =>
        a.contract === b.contract ? (a.tokenId < b.tokenId ? -1 : 1) : a.contract < b.contract ? -1 : 1,
      );
  } catch (error) {
    throw toChainError(error);
  }
}
