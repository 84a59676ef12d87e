// Tests on a worker's shared chain may leave hardhat_setBalance / hardhat_setCode writes that no
// block has sealed yet: the latest header's state root then does not cover the state the node
// proves, and an honest node's proofs fail against it. Verification tests mine one block first.
import { testNode } from './txFixtures';

/** Mines a block on `url`, so its latest state root covers every write made before. */
export async function sealPendingWrites(url: string): Promise<void> {
  await testNode(url).mine({ blocks: 1 });
}
