import type { Address } from 'viem';
import { LOCAL_CHAIN_ID, PERMIT2_ADDRESS } from './localChain';
import type { UniswapDeployment } from './uniswapDeployment';

/**
 * Uniswap's contracts on the local chain, as devchain/uniswap.ts deploys them: from demo account 22
 * of the demo mnemonic, at nonces 0–8 in `uniswapOrder`, so their addresses follow from the
 * deployer alone. devchain/localUniswap.test.ts checks these against `uniswapAddresses()`.
 */
export const LOCAL_UNISWAP_CONTRACTS = {
  WETH9: '0xDC2938e3D4Cf251d2C24A1A556BA71A78530DEf1',
  V3_FACTORY: '0x39aA6ED9Ad064424801e0745519C8f3589b846f2',
  V3_POSITIONS: '0xeB0016B153183FCe6c043621c35eE20534C3605d',
  QUOTER_V2: '0xAEE67eb9FEdEE8D62111b408B0a3C283217000A9',
  V4_POOL_MANAGER: '0xFE926FeF97FA7F98fe64D00662369a3A54D9f7FA',
  V4_QUOTER: '0x69bA6fDb168D8dfc6807fF4481dB51c9B3F9adc4',
  V4_STATE_VIEW: '0xE583d60047865e8Aa87D5C546b0c788b7Ed9f0cA',
  V4_POSITIONS: '0x7E3E5316EEBa84801B693A26a102C818D410F199',
  UNIVERSAL_ROUTER: '0xFA8EA6DCE10e63b59B4797C826f444DdD9D8312b',
} as const satisfies Record<string, Address>;

/** The local chain's row beside the generated presets: UniversalRouter from npm @uniswap/universal-router 2.1.0. */
export const LOCAL_UNISWAP_DEPLOYMENT: UniswapDeployment = {
  chainId: LOCAL_CHAIN_ID,
  wrappedNative: LOCAL_UNISWAP_CONTRACTS.WETH9,
  v3Factory: LOCAL_UNISWAP_CONTRACTS.V3_FACTORY,
  v3PoolInitCodeHash: '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54',
  quoterV2: LOCAL_UNISWAP_CONTRACTS.QUOTER_V2,
  universalRouter: LOCAL_UNISWAP_CONTRACTS.UNIVERSAL_ROUTER,
  universalRouterVersion: '2.1.0',
  // Uniswap's Permit2 code, put at its canonical address by the local chain's seed.
  permit2: PERMIT2_ADDRESS,
  v4: {
    poolManager: LOCAL_UNISWAP_CONTRACTS.V4_POOL_MANAGER,
    quoter: LOCAL_UNISWAP_CONTRACTS.V4_QUOTER,
    stateView: LOCAL_UNISWAP_CONTRACTS.V4_STATE_VIEW,
  },
  sources: ['devchain/uniswap.ts uniswapAddresses() (deployer: demo account 22, nonces 0–8)'],
};
