import type { Address } from 'viem';
import localList from './tokenLists/local.json';
import localOpList from './tokenLists/local-op.json';

/** The demo tokens the local chain's seed deploys (same addresses on every run). */
export const LOCAL_TOKEN_LIST = localList;

/** The seed's mock price feeds (8 decimals, like Chainlink's USD feeds). MKR has none, on purpose. */
export const LOCAL_PRICE_FEEDS: readonly { asset: 'native' | Address; pair: string; address: Address }[] = [
  { asset: 'native', pair: 'ETH / USD', address: '0x5095d3313C76E8d29163e40a0223A5816a8037D8' },
  {
    asset: '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f',
    pair: 'DAI / USD',
    address: '0x391342f5acAcaaC9DE1dC4eC3E03f2678f7c78F1',
  },
  {
    asset: '0xB581C9264f59BF0289fA76D61B2D0746dCE3C30D',
    pair: 'USDC / USD',
    address: '0x6d925938Edb8A16B3035A4cF34FAA090f490202a',
  },
  {
    asset: '0xC469e7aE4aD962c30c7111dc580B4adbc7E914DD',
    pair: 'USDT / USD',
    address: '0xED8CAB8a931A4C0489ad3E3FB5BdEA84f74fD23E',
  },
];

/** The demo tokens the local OP chain's seed deploys (devchain/opSeed.ts), at addresses of their own. */
export const LOCAL_OP_TOKEN_LIST = localOpList;

/** The OP chain seed's mock price feeds. */
export const LOCAL_OP_PRICE_FEEDS: readonly { asset: 'native' | Address; pair: string; address: Address }[] = [
  { asset: 'native', pair: 'ETH / USD', address: '0x198c46853A9050A236bD0990bCeb99FD72D69F39' },
  {
    asset: '0x538D2755B5Fb9A4f7c5769bdcf5103E569D6E241',
    pair: 'DAI / USD',
    address: '0x7016805f0f1aB369A1e308038Db22EEfe3d4b49f',
  },
  {
    asset: '0x2bC4bda66711B1CEC35AC6492eC2d8d90A17D6e5',
    pair: 'USDC / USD',
    address: '0xB7B759dBFE611c61d456F3D4C670a74b79853213',
  },
];

/** The OP chain seed's L2 sequencer uptime feed (Chainlink's kind: 0 up, 1 down, since `startedAt`). */
export const LOCAL_OP_SEQUENCER_FEED: Address = '0x71EF432a9BDB258732972e86427b42853E238f6a';
