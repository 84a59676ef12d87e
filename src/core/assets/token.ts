import type { Address } from 'viem';

/** An ERC-20 token on one network. */
export type TokenInfo = { address: Address; name: string; symbol: string; decimals: number };

/** Where a token in the portfolio comes from: a bundled list, the person, or an unasked-for transfer. */
export type TokenOrigin = 'list' | 'custom' | 'unsolicited';

export type PortfolioToken = TokenInfo & { origin: TokenOrigin };

/** The Uniswap token-list format (tokenlists.org), as the bundled lists are written. */
export type TokenList = {
  name: string;
  timestamp: string;
  version: { major: number; minor: number; patch: number };
  tokens: {
    chainId: number;
    address: string;
    name: string;
    symbol: string;
    decimals: number;
    /** Cairn's id of the asset across networks (see assetGroups.ts): the same id on two networks is the same asset. */
    extensions?: { cairnAsset?: string };
  }[];
};
