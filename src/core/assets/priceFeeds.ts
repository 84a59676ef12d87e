import type { Address } from 'viem';

/** A Chainlink price feed quoting an asset in US dollars. `asset` is 'native' or a token address on that chain. */
export type PriceFeed = { chainId: number; asset: 'native' | Address; pair: string; address: Address };

type FeedRow = readonly [asset: 'native' | Address, pair: string, address: Address];

function onChain(chainId: number, rows: readonly FeedRow[]): PriceFeed[] {
  return rows.map(([asset, pair, address]) => ({ chainId, asset, pair, address }));
}

/**
 * Feed addresses from Chainlink's data feeds (data.chain.link), confirmed as listed in tokenLists/SOURCES.md.
 * Each is an AggregatorV3 proxy quoting USD (Chainlink lists them with 8 decimals; read `decimals()` anyway).
 * A wrapped native token (WETH, WPOL, WBNB, WXDAI, WAVAX) is priced by its native coin's feed, WBTC by BTC / USD.
 */
export const PRICE_FEEDS: readonly PriceFeed[] = [
  // Ethereum
  ...onChain(1, [
    ['native', 'ETH / USD', '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419'],
    ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'ETH / USD', '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419'],
    ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC / USD', '0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6'],
    ['0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT / USD', '0x3E7d1eAB13ad0104d2750B8863b489D65364e32D'],
    ['0x6B175474E89094C44Da98b954EedeAC495271d0F', 'DAI / USD', '0xAed0c38402a5d19df6E4c03F4E2DceD6e29c1ee9'],
    ['0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 'BTC / USD', '0xF4030086522a5bEEa4988F8cA5B36dbC97BeE88c'],
    ['0x514910771AF9Ca656af840dff83E8264EcF986CA', 'LINK / USD', '0x2c1d072e956AFFC0D435Cb7AC38EF18d24d9127c'],
  ]),
  // Sepolia (testnet feeds)
  ...onChain(11155111, [
    ['native', 'ETH / USD', '0x694AA1769357215DE4FAC081bf1f309aDC325306'],
    ['0xfFf9976782d46CC05630D1f6eBAb18b2324d6B14', 'ETH / USD', '0x694AA1769357215DE4FAC081bf1f309aDC325306'],
    ['0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238', 'USDC / USD', '0xA2F78ab2355fe2f984D808B5CeE7FD0A93D5270E'],
    ['0x779877A7B0D9E8603169DdbD7836e478b4624789', 'LINK / USD', '0xc59E3633BAAC79493d908e63626716e204A45EdF'],
  ]),
  // Base
  ...onChain(8453, [
    ['native', 'ETH / USD', '0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70'],
    ['0x4200000000000000000000000000000000000006', 'ETH / USD', '0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70'],
    ['0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 'USDC / USD', '0x7e860098F58bBFC8648a4311b374B1D669a2bc6B'],
    ['0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', 'cbBTC / USD', '0x07DA0E54543a844a80ABE69c8A12F22B3aA59f9D'],
    ['0x2Ae3F1Ec7F1F5012CFEab0185bfc7aa3cf0DEc22', 'cbETH / USD', '0xd7818272B9e248357d13057AAb0B417aF31E817d'],
  ]),
  // OP Mainnet
  ...onChain(10, [
    ['native', 'ETH / USD', '0x13e3Ee699D1909E989722E753853AE30b17e08c5'],
    ['0x4200000000000000000000000000000000000006', 'ETH / USD', '0x13e3Ee699D1909E989722E753853AE30b17e08c5'],
    ['0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 'USDC / USD', '0x16a9FA2FDa030272Ce99B29CF780dFA30361E0f3'],
    ['0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 'USDT / USD', '0xECef79E109e997bCA29c1c0897ec9d7b03647F5E'],
    ['0x4200000000000000000000000000000000000042', 'OP / USD', '0x0D276FC14719f9292D5C1eA2198673d1f4269246'],
  ]),
  // Arbitrum One
  ...onChain(42161, [
    ['native', 'ETH / USD', '0x639Fe6ab55C921f74e7fac1ee960C0B6293ba612'],
    ['0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 'ETH / USD', '0x639Fe6ab55C921f74e7fac1ee960C0B6293ba612'],
    ['0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 'USDC / USD', '0x50834F3163758fcC1Df9973b6e91f0F0F0434aD3'],
    ['0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 'USDT / USD', '0x3f3f5dF88dC9F13eac63DF89EC16ef6e7E25DdE7'],
    ['0x912CE59144191C1204E64559FE8253a0e49E6548', 'ARB / USD', '0xb2A824043730FE05F3DA2efaFa1CBbe83fa548D6'],
  ]),
  // Polygon (Chainlink still names the POL feed "MATIC / USD")
  ...onChain(137, [
    ['native', 'MATIC / USD', '0xAB594600376Ec9fD91F8e885dADF0CE036862dE0'],
    ['0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 'MATIC / USD', '0xAB594600376Ec9fD91F8e885dADF0CE036862dE0'],
    ['0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 'USDC / USD', '0xfE4A8cc5b5B2366C1B58Bea3858e81843581b2F7'],
    ['0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 'USDT / USD', '0x0A6513e40db6EB1b165753AD52E80663aeA50545'],
    ['0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', 'ETH / USD', '0xF9680D99D6C9589e2a93a78A04A279e509205945'],
  ]),
  // BNB Smart Chain
  ...onChain(56, [
    ['native', 'BNB / USD', '0x0567F2323251f0Aab15c8dFb1967E4e8A7D42aeE'],
    ['0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', 'BNB / USD', '0x0567F2323251f0Aab15c8dFb1967E4e8A7D42aeE'],
    ['0x55d398326f99059fF775485246999027B3197955', 'USDT / USD', '0xB97Ad0E74fa7d920791E90258A6E2085088b4320'],
    ['0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 'USDC / USD', '0x51597f405303C4377E36123cBc172b13269EA163'],
    ['0x2170Ed0880ac9A755fd29B2688956BD959F933F8', 'ETH / USD', '0x9ef1B8c0E4F7dc8bF5719Ea496883DC6401d5b2e'],
  ]),
  // Gnosis (xDAI is bridged DAI; Chainlink names its feed "DAI / USD")
  ...onChain(100, [
    ['native', 'DAI / USD', '0x678df3415fc31947dA4324eC63212874be5a82f8'],
    ['0xe91D153E0b41518A2Ce8Dd3D7944Fa863463a97d', 'DAI / USD', '0x678df3415fc31947dA4324eC63212874be5a82f8'],
    ['0xDDAfbb505ad214D7b80b1f830fcCc89B60fb7A83', 'USDC / USD', '0x26C31ac71010aF62E6B486D1132E266D6298857D'],
    ['0x6A023CCd1ff6F2045C3309768eAd9E68F978f6e1', 'ETH / USD', '0xa767f745331D267c7751297D982b050c93985627'],
    ['0x9C58BAcC331c9aa871AFD802DB6379a98e80CEdb', 'GNO / USD', '0x22441d81416430A54336aB28765abd31a792Ad37'],
  ]),
  // Avalanche C-Chain
  ...onChain(43114, [
    ['native', 'AVAX / USD', '0x0A77230d17318075983913bC2145DB16C7366156'],
    ['0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7', 'AVAX / USD', '0x0A77230d17318075983913bC2145DB16C7366156'],
    ['0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 'USDC / USD', '0xF096872672F44d6EBA71458D74fe67F9a77a23B9'],
    ['0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', 'USDT / USD', '0xEBE676ee90Fe1112671f19b6B7459bC678B67e8a'],
    ['0x49D5c2BdFfac6CE2BFdB6640F4F80f226bc10bAB', 'ETH / USD', '0x976B3D034E162d8bD72D6b9C989d545b839003b0'],
  ]),
];

/** A Chainlink L2 sequencer uptime feed (see core/prices/sequencerUptime.ts) on a rollup. */
export type SequencerUptimeFeed = { chainId: number; network: string; address: Address };

/**
 * Chainlink's L2 sequencer uptime feed proxies, from Chainlink's "L2 Sequencer Uptime Feeds"
 * page (docs.chain.link/data-feeds/l2-sequencer-feeds), confirmed as listed in
 * tokenLists/SOURCES.md. An L2 price feed counts only while its chain's says up (l2Pricing.ts).
 */
export const SEQUENCER_UPTIME_FEEDS: readonly SequencerUptimeFeed[] = [
  { chainId: 42161, network: 'Arbitrum One', address: '0xFdB631F5EE196F0ed6FAa767959853A9F217697D' },
  { chainId: 10, network: 'OP Mainnet', address: '0x371EAD81c9102C9BF4874A9075FFFf170F2Ee389' },
  { chainId: 8453, network: 'Base', address: '0xBCF85224fc0756B9Fa45aA7892530B47e10b6433' },
  { chainId: 534352, network: 'Scroll', address: '0x45c2b8C204568A03Dc7A2E32B71D67Fe97F908A9' },
  { chainId: 1088, network: 'Metis Andromeda', address: '0x58218ea7422255EBE94e56b504035a784b7AA204' },
];
