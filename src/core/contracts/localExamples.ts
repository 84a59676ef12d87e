import type { Abi, Address } from 'viem';
import { type Message, msg } from '../i18n/message';
import { customErrorsAbi } from './exampleAbis/customErrorsAbi.generated';
import { demoClaimAbi } from './exampleAbis/demoClaimAbi.generated';
import { demoCollectionAbi } from './exampleAbis/demoCollectionAbi.generated';
import { demoMarketplaceAbi } from './exampleAbis/demoMarketplaceAbi.generated';
import { demoSwapAbi } from './exampleAbis/demoSwapAbi.generated';
import { demoTokenAbi } from './exampleAbis/demoTokenAbi.generated';
import { feeTokenAbi } from './exampleAbis/feeTokenAbi.generated';
import { previewEvaderAbi } from './exampleAbis/previewEvaderAbi.generated';

/** The seed's keys (devchain/scenarios.ts and devchain/seed.ts). */
export type LocalExampleId = 'SWAP' | 'MARKET' | 'CLAIM' | 'FEE' | 'FAULTY' | 'EVADER' | 'DAI' | 'USDC' | 'NFT';

/** A contract the local chain's seed deploys, offered on the Contracts screen with its ABI. */
export type LocalExample = {
  id: LocalExampleId;
  name: Message;
  /** One sentence: what calling it demonstrates. */
  summary: Message;
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
    name: msg('core.contracts:example.swap.name'),
    summary: msg('core.contracts:example.swap.summary'),
    address: '0x0A867CA0442383c2A89951244B955AA19b615b58',
    abi: demoSwapAbi,
  },
  {
    id: 'MARKET',
    name: msg('core.contracts:example.market.name'),
    summary: msg('core.contracts:example.market.summary'),
    address: '0xc7C1e831b38382a2bdCd3708aB44d953758f624C',
    abi: demoMarketplaceAbi,
  },
  {
    id: 'CLAIM',
    name: msg('core.contracts:example.claim.name'),
    summary: msg('core.contracts:example.claim.summary'),
    address: '0x6Fd09d4d9795a3e07EdDBD9a82c882B46a5A6deF',
    abi: demoClaimAbi,
  },
  {
    id: 'FEE',
    name: msg('core.contracts:example.fee.name'),
    summary: msg('core.contracts:example.fee.summary'),
    address: '0x6D8da4B12D658a36909ec1C75F81E54B8DB4eBf9',
    abi: feeTokenAbi,
  },
  {
    id: 'FAULTY',
    name: msg('core.contracts:example.faulty.name'),
    summary: msg('core.contracts:example.faulty.summary'),
    address: '0x3690387DA29f99b86A93f1F12A2aC4a8d869e9af',
    abi: customErrorsAbi,
  },
  {
    id: 'EVADER',
    name: msg('core.contracts:example.evader.name'),
    summary: msg('core.contracts:example.evader.summary'),
    address: '0xd3607057231C1A98C6699b37a250d0e61852A0bf',
    abi: previewEvaderAbi,
  },
  {
    id: 'DAI',
    name: msg('core.contracts:example.dai.name'),
    summary: msg('core.contracts:example.dai.summary'),
    address: '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f',
    abi: demoTokenAbi,
  },
  {
    id: 'USDC',
    name: msg('core.contracts:example.usdc.name'),
    summary: msg('core.contracts:example.usdc.summary'),
    address: '0xB581C9264f59BF0289fA76D61B2D0746dCE3C30D',
    abi: demoTokenAbi,
  },
  {
    id: 'NFT',
    name: msg('core.contracts:example.nft.name'),
    summary: msg('core.contracts:example.nft.summary'),
    address: '0xb09da8a5B236fE0295A345035287e80bb0008290',
    abi: demoCollectionAbi,
  },
];
