// What the seed's parts share: the demo accounts and the client that writes the chain.
import { type Address, createTestClient, http, publicActions, walletActions } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';

/** Demo account i of the public Hardhat mnemonic at m/44'/60'/0'/0/i. */
export function demoAddress(index: number): Address {
  return demoAccount(index).address;
}

/** The signing account of demo account i: past the node's twenty, the node holds no key for it. */
export function demoAccount(index: number) {
  return mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: index });
}

export function seedClient(rpcUrl: string) {
  return createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(rpcUrl) })
    .extend(publicActions)
    .extend(walletActions);
}

export type SeedClient = ReturnType<typeof seedClient>;
