import type { Abi, Address } from 'viem';
import { customErrorsAbi } from './exampleAbis/customErrorsAbi.generated';
import { demoClaimAbi } from './exampleAbis/demoClaimAbi.generated';
import { demoCollectionAbi } from './exampleAbis/demoCollectionAbi.generated';
import { demoMarketplaceAbi } from './exampleAbis/demoMarketplaceAbi.generated';
import { demoSwapAbi } from './exampleAbis/demoSwapAbi.generated';
import { demoTokenAbi } from './exampleAbis/demoTokenAbi.generated';
import { feeTokenAbi } from './exampleAbis/feeTokenAbi.generated';

/** The seed's keys (devchain/scenarios.ts and devchain/seed.ts). */
export type LocalExampleId = 'SWAP' | 'MARKET' | 'CLAIM' | 'FEE' | 'FAULTY' | 'DAI' | 'USDC' | 'NFT';

/** A contract the local chain's seed deploys, offered on the Contracts screen with its ABI. */
export type LocalExample = {
  id: LocalExampleId;
  name: string;
  /** One sentence: what calling it demonstrates. */
  summary: string;
  address: Address;
  abi: Abi;
};

/**
 * The seeded contracts that exercise the transaction preview, then the demo tokens and NFT
 * collection their flows need (approve for the swap, setApprovalForAll for the marketplace and
 * the drainer). Same addresses on every run of the local chain; a test checks them against the seed.
 */
export const LOCAL_EXAMPLES: readonly LocalExample[] = [
  {
    id: 'SWAP',
    name: 'Demo swap',
    summary:
      'Swaps DAI, USDC and ETH at fixed rates (stablecoins 1:1, 1 ETH = 2000): approve the token to the swap first; ETH comes back through an internal call.',
    address: '0x0A867CA0442383c2A89951244B955AA19b615b58',
    abi: demoSwapAbi,
  },
  {
    id: 'MARKET',
    name: 'Demo NFT marketplace',
    summary:
      'Sells Cairn demo NFTs for ETH: buy(1) pays the listed price, moves the NFT to you and pays the seller minus a 2.5% fee through internal calls.',
    address: '0xc7C1e831b38382a2bdCd3708aB44d953758f624C',
    abi: demoMarketplaceAbi,
  },
  {
    id: 'CLAIM',
    name: 'Fake reward claim (a drainer)',
    summary:
      'A deliberate drainer, here to test warnings: “enable claiming” is setApprovalForAll on the NFT collection, and claim() then takes all your Cairn NFTs and any DAI you approved.',
    address: '0x6Fd09d4d9795a3e07EdDBD9a82c882B46a5A6deF',
    abi: demoClaimAbi,
  },
  {
    id: 'FEE',
    name: 'Fee-on-transfer token (FEE)',
    summary: 'Keeps 2% of every transfer, so the recipient gets less than the amount sent.',
    address: '0x6D8da4B12D658a36909ec1C75F81E54B8DB4eBf9',
    abi: feeTokenAbi,
  },
  {
    id: 'FAULTY',
    name: 'Custom errors',
    summary:
      'deposit() succeeds; withdraw(amount) beyond what you deposited fails with InsufficientBalance(available, required), a custom error with arguments.',
    address: '0x3690387DA29f99b86A93f1F12A2aC4a8d869e9af',
    abi: customErrorsAbi,
  },
  {
    id: 'DAI',
    name: 'Demo DAI',
    summary: 'The 18-decimal stablecoin: approve(spender, amount) lets the swap (or the drainer) move it.',
    address: '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f',
    abi: demoTokenAbi,
  },
  {
    id: 'USDC',
    name: 'Demo USDC',
    summary: 'The 6-decimal stablecoin: approve(spender, amount) lets the swap move it.',
    address: '0xB581C9264f59BF0289fA76D61B2D0746dCE3C30D',
    abi: demoTokenAbi,
  },
  {
    id: 'NFT',
    name: 'Cairn demo NFTs',
    summary:
      'The collection the marketplace sells and the drainer sweeps: setApprovalForAll(operator, true) lets the operator move every token you hold.',
    address: '0xb09da8a5B236fE0295A345035287e80bb0008290',
    abi: demoCollectionAbi,
  },
];
