import { CairnError } from './base';

export type AssetErrorCode =
  | 'ASSET_NOT_A_CONTRACT'
  | 'ASSET_NOT_ERC20'
  | 'ASSET_DECIMALS_NEEDED'
  | 'ASSET_ALREADY_LISTED'
  | 'ASSET_NFT_METADATA'
  | 'ASSET_NFT_IMAGE';

/** A problem with a token a person asked Cairn to show. */
export class AssetError extends CairnError<AssetErrorCode> {
  override readonly name = 'AssetError';
}
