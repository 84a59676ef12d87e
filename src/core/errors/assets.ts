import { CairnError } from './base';

export const ASSET_ERROR_CODES = [
  'ASSET_NOT_A_CONTRACT',
  'ASSET_NOT_ERC20',
  'ASSET_DECIMALS_NEEDED',
  'ASSET_ALREADY_LISTED',
  'ASSET_NFT_METADATA',
  'ASSET_NFT_IMAGE',
] as const;

export type AssetErrorCode = (typeof ASSET_ERROR_CODES)[number];

/** A problem with a token a person asked Cairn to show. */
export class AssetError extends CairnError<AssetErrorCode> {
  override readonly name = 'AssetError';
}
