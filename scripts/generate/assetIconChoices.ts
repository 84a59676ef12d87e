// The choices behind Cairn's bundled token and network icons (see scripts/generate/assetIcons.ts): what
// @web3icons' own data cannot decide. A listed token whose address the package's data names on
// its chain gets that icon without an entry here; every other listed token needs one below, and
// the generator refuses to run until it has one.

/**
 * Where the package's token data keeps each chain's contract addresses: CoinGecko's platform
 * names, which are not the package's network names (OP Mainnet is `optimistic-ethereum`, Gnosis
 * `xdai`). Sepolia and the local chain have none.
 */
export const ADDRESS_PLATFORMS: Readonly<Record<number, string>> = {
  1: 'ethereum',
  8453: 'base',
  10: 'optimistic-ethereum',
  42161: 'arbitrum-one',
  137: 'polygon-pos',
  56: 'binance-smart-chain',
  100: 'xdai',
  43114: 'avalanche',
};

/** A token icon by the package's ticker (its file name, `dist/svgs/tokens/branded/<TICKER>.svg`). */
type TokenChoice = { chainId: number; address: string; icon: string; why: string };

/**
 * Listed tokens the package's data does not place. The rule: a wrapped or bridged token shows
 * the icon of the asset it holds one for one (WETH → ETH, Binance-Peg USDT → USDT, WXDAI →
 * DAI, since xDAI is bridged DAI), a testnet token that of its mainnet asset, and the local
 * chain's demo tokens those of the tokens they stand for. The symbol is always shown beside.
 * `icon: null` would list a token deliberately without an icon (it then shows a monogram).
 */
export const TOKEN_CHOICES: readonly (Omit<TokenChoice, 'icon'> & { icon: string | null })[] = [
  { chainId: 1, address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', icon: 'ETH', why: 'wrapped ETH' },
  {
    chainId: 11155111,
    address: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
    icon: 'USDC',
    why: "Circle's testnet USDC",
  },
  { chainId: 11155111, address: '0x779877A7B0D9E8603169DdbD7836e478b4624789', icon: 'LINK', why: 'testnet LINK' },
  { chainId: 11155111, address: '0xfFf9976782d46CC05630D1f6eBAb18b2324d6B14', icon: 'ETH', why: 'wrapped ETH' },
  { chainId: 8453, address: '0x4200000000000000000000000000000000000006', icon: 'ETH', why: 'wrapped ETH' },
  { chainId: 8453, address: '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', icon: 'BTC', why: 'wrapped BTC' },
  { chainId: 10, address: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', icon: 'USDT', why: 'bridged USDT' },
  { chainId: 10, address: '0x4200000000000000000000000000000000000006', icon: 'ETH', why: 'wrapped ETH' },
  { chainId: 42161, address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', icon: 'USDT', why: 'bridged USDT' },
  { chainId: 42161, address: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', icon: 'ETH', why: 'wrapped ETH' },
  { chainId: 137, address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', icon: 'USDT', why: 'bridged USDT' },
  { chainId: 137, address: '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', icon: 'ETH', why: 'bridged ETH' },
  { chainId: 137, address: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', icon: 'POL', why: 'wrapped POL' },
  { chainId: 56, address: '0x55d398326f99059fF775485246999027B3197955', icon: 'USDT', why: 'Binance-Peg USDT' },
  { chainId: 56, address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', icon: 'USDC', why: 'Binance-Peg USDC' },
  { chainId: 56, address: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', icon: 'BNB', why: 'wrapped BNB' },
  { chainId: 56, address: '0x2170Ed0880ac9A755fd29B2688956BD959F933F8', icon: 'ETH', why: 'Binance-Peg ETH' },
  {
    chainId: 100,
    address: '0xe91D153E0b41518A2Ce8Dd3D7944Fa863463a97d',
    icon: 'DAI',
    why: 'wrapped xDAI, which is bridged DAI',
  },
  { chainId: 100, address: '0xDDAfbb505ad214D7b80b1f830fcCc89B60fb7A83', icon: 'USDC', why: 'bridged USDC' },
  { chainId: 100, address: '0x6A023CCd1ff6F2045C3309768eAd9E68F978f6e1', icon: 'ETH', why: 'bridged ETH' },
  { chainId: 43114, address: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7', icon: 'AVAX', why: 'wrapped AVAX' },
  { chainId: 43114, address: '0x49D5c2BdFfac6CE2BFdB6640F4F80f226bc10bAB', icon: 'ETH', why: 'bridged ETH' },
  {
    chainId: 31337,
    address: '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f',
    icon: 'DAI',
    why: "the local chain's demo DAI",
  },
  {
    chainId: 31337,
    address: '0xB581C9264f59BF0289fA76D61B2D0746dCE3C30D',
    icon: 'USDC',
    why: "the local chain's demo USDC",
  },
  {
    chainId: 31337,
    address: '0xC469e7aE4aD962c30c7111dc580B4adbc7E914DD',
    icon: 'USDT',
    why: "the local chain's demo USDT",
  },
  {
    chainId: 31337,
    address: '0x43ca3D2C94be00692D207C6A1e60D8B325c6f12f',
    icon: 'MKR',
    why: "the local chain's demo MKR",
  },
  {
    chainId: 31337,
    address: '0x6D8da4B12D658a36909ec1C75F81E54B8DB4eBf9',
    icon: null,
    why: "the local chain's fee-on-transfer test token stands for no real token",
  },
  {
    chainId: 901,
    address: '0x538D2755B5Fb9A4f7c5769bdcf5103E569D6E241',
    icon: 'DAI',
    why: "the local OP chain's demo DAI",
  },
  {
    chainId: 901,
    address: '0x2bC4bda66711B1CEC35AC6492eC2d8d90A17D6e5',
    icon: 'USDC',
    why: "the local OP chain's demo USDC",
  },
];

/**
 * Each built-in network's native coin, by the package's ticker. Gnosis pays fees in xDAI, which
 * is bridged DAI; the package has no xDAI icon of its own.
 */
export const NATIVE_COINS: Readonly<Record<number, { icon: string; symbol: string }>> = {
  31337: { icon: 'ETH', symbol: 'ETH' },
  901: { icon: 'ETH', symbol: 'ETH' },
  1: { icon: 'ETH', symbol: 'ETH' },
  11155111: { icon: 'ETH', symbol: 'ETH' },
  8453: { icon: 'ETH', symbol: 'ETH' },
  10: { icon: 'ETH', symbol: 'ETH' },
  42161: { icon: 'ETH', symbol: 'ETH' },
  137: { icon: 'POL', symbol: 'POL' },
  56: { icon: 'BNB', symbol: 'BNB' },
  100: { icon: 'DAI', symbol: 'XDAI' },
  43114: { icon: 'AVAX', symbol: 'AVAX' },
  324: { icon: 'ETH', symbol: 'ETH' },
};

/**
 * The local chains' icon is Cairn's own (src/components/assetIcons/local-chain.svg: a laptop,
 * for "on this machine"), so it cannot be taken for a public network's.
 */
export const LOCAL_CHAIN_ICON = 'local-chain';
