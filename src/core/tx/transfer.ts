import { type Address, encodeFunctionData, erc20Abi, type Hex, parseAbi } from 'viem';

/**
 * What is being sent: the network's coin, an ERC-20 token, or one NFT (ERC-721, or an ERC-1155
 * id in a whole-number amount). `symbol` names it on screen; an NFT has 0 decimals.
 */
export type Asset =
  | { kind: 'native'; symbol: string; decimals: number }
  | { kind: 'token'; address: Address; symbol: string; decimals: number }
  | { kind: 'nft'; standard: 'erc721' | 'erc1155'; address: Address; tokenId: bigint; symbol: string; decimals: 0 };

const nftAbi = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
]);

/** A person's intent: send `amount` (base units) of `asset` from one address to another. */
export type TransferIntent = { from: Address; to: Address; asset: Asset; amount: bigint };

/**
 * A call to send. `To` admits undefined where a contract creation can flow (a site's deployment:
 * no `to`, the init code in `data`); Cairn's own screens always name a recipient.
 */
export type CallRequest<To extends Address | undefined = Address> = { to: To; value: bigint; data: Hex };

/** A call that may create a contract (what is signed, stored and sent). */
export type AnyCallRequest = CallRequest<Address | undefined>;

/** The call that carries out a transfer: a plain value transfer, or the token's transfer(to, amount). */
export function transferCall(intent: TransferIntent): CallRequest {
  if (intent.asset.kind === 'native') return { to: intent.to, value: intent.amount, data: '0x' };
  if (intent.asset.kind === 'nft') {
    // safeTransferFrom: a contract recipient must accept the token, or the transfer fails (and the estimate shows it).
    const { address, tokenId, standard } = intent.asset;
    const data =
      standard === 'erc721'
        ? encodeFunctionData({ abi: nftAbi, functionName: 'safeTransferFrom', args: [intent.from, intent.to, tokenId] })
        : encodeFunctionData({
            abi: nftAbi,
            functionName: 'safeTransferFrom',
            args: [intent.from, intent.to, tokenId, intent.amount, '0x'],
          });
    return { to: address, value: 0n, data };
  }
  return {
    to: intent.asset.address,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [intent.to, intent.amount] }),
  };
}
