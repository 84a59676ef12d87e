// A plain local chain, as a person adds one by URL: a Hardhat node of a chain id of its own with
// nothing deployed but Multicall3 at its canonical address (as on every real chain Cairn reads
// in one aggregate3). The demo accounts hold the node's 10,000 test ETH each; no tokens, no price
// feeds, so Cairn shows its ETH without a price. The e2e tests and the networks bench add it.
import { type ChainOptions, type LocalChain, startChain } from './chain.ts';
import { placeMulticall3 } from './seedHistory.ts';
import { seedClient } from './seedSupport.ts';

/** Chain ids for plain chains: after Hardhat's own (31337), which the local chain has. */
export const PLAIN_CHAIN_IDS = [31338, 31339] as const;

export async function startPlainChain(options: ChainOptions & { chainId: number }): Promise<LocalChain> {
  const chain = await startChain(options);
  try {
    const client = seedClient(chain.url, options.chainId);
    await placeMulticall3(client);
    // Sealed in a block, as deployed code is (a development node's unsealed writes prove nothing).
    await client.mine({ blocks: 1 });
    return chain;
  } catch (error) {
    await chain.stop();
    throw error;
  }
}
