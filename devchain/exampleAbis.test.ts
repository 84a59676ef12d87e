import { describe, expect, it } from 'vitest';
import { LOCAL_TOKEN_LIST } from '../src/core/assets/localChainAssets.ts';
import { customErrorsAbi } from '../src/core/contracts/exampleAbis/customErrorsAbi.generated.ts';
import { demoClaimAbi } from '../src/core/contracts/exampleAbis/demoClaimAbi.generated.ts';
import { demoCollectionAbi } from '../src/core/contracts/exampleAbis/demoCollectionAbi.generated.ts';
import { demoMarketplaceAbi } from '../src/core/contracts/exampleAbis/demoMarketplaceAbi.generated.ts';
import { demoSwapAbi } from '../src/core/contracts/exampleAbis/demoSwapAbi.generated.ts';
import { demoTokenAbi } from '../src/core/contracts/exampleAbis/demoTokenAbi.generated.ts';
import { feeTokenAbi } from '../src/core/contracts/exampleAbis/feeTokenAbi.generated.ts';
import { previewEvaderAbi } from '../src/core/contracts/exampleAbis/previewEvaderAbi.generated.ts';
import { LOCAL_EXAMPLES } from '../src/core/contracts/localExamples.ts';
import { translate } from '../src/lib/i18n/index.ts';
import { exampleAbis } from './exampleAbis.ts';
import { FEE_TOKEN, scenarioContractAddresses } from './scenarios.ts';
import { demoContractAddresses } from './seed.ts';

describe('the Contracts screen’s local examples match what the seed compiles and deploys', () => {
  it('bundles the compiler’s ABIs exactly (run npm run generate:examples after a contract change)', () => {
    expect({
      DemoSwap: demoSwapAbi,
      DemoMarketplace: demoMarketplaceAbi,
      DemoClaim: demoClaimAbi,
      FeeToken: feeTokenAbi,
      CustomErrors: customErrorsAbi,
      PreviewEvader: previewEvaderAbi,
      DemoToken: demoTokenAbi,
      DemoCollection: demoCollectionAbi,
    }).toEqual(exampleAbis());
    // In a fresh clone this call compiles every contract with solc: seconds on a busy machine.
  }, 60_000);

  it('offers each example at the address the seed deploys it to, with that contract’s ABI', () => {
    const deployed = { ...scenarioContractAddresses(), ...demoContractAddresses() };
    const abis = exampleAbis();
    const expectedAbi = {
      SWAP: abis.DemoSwap,
      MARKET: abis.DemoMarketplace,
      CLAIM: abis.DemoClaim,
      FEE: abis.FeeToken,
      FAULTY: abis.CustomErrors,
      EVADER: abis.PreviewEvader,
      DAI: abis.DemoToken,
      USDC: abis.DemoToken,
      NFT: abis.DemoCollection,
    };
    expect(LOCAL_EXAMPLES.map((e) => e.id)).toEqual([
      'SWAP',
      'MARKET',
      'CLAIM',
      'FEE',
      'FAULTY',
      'EVADER',
      'DAI',
      'USDC',
      'NFT',
    ]);
    for (const example of LOCAL_EXAMPLES) {
      expect(example.address, example.id).toBe(deployed[example.id]);
      expect(example.abi, example.id).toEqual(expectedAbi[example.id]);
      expect(translate(example.summary).length, example.id).toBeLessThan(200);
    }
  });

  it('says plainly that the drainer is a drainer', () => {
    const claim = LOCAL_EXAMPLES.find((e) => e.id === 'CLAIM');
    expect(claim && translate(claim.name)).toMatch(/drainer/);
    expect(claim && translate(claim.summary)).toMatch(/deliberate drainer/);
  });

  it('names the preview evader as such and says it is a deliberate trick', () => {
    const evader = LOCAL_EXAMPLES.find((e) => e.id === 'EVADER');
    expect(evader && translate(evader.name)).toBe('Preview evader');
    expect(evader && translate(evader.summary)).toMatch(/deliberate trick/);
  });

  it('lists the fee-on-transfer token at its deployed address', () => {
    expect(LOCAL_TOKEN_LIST.tokens.find((t) => t.symbol === 'FEE')).toEqual({
      chainId: 31337,
      address: scenarioContractAddresses().FEE,
      name: FEE_TOKEN.name,
      symbol: FEE_TOKEN.symbol,
      decimals: FEE_TOKEN.decimals,
      extensions: { cairnAsset: 'fee' },
    });
  });
});
