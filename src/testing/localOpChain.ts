// A local OP Stack chain for the tests that use one: started and seeded on a free port in the
// file's `beforeAll`, so only those files pay for it (a few seconds), and stopped in `afterAll`.
import { afterAll, beforeAll } from 'vitest';
import { type LocalChain, startOpChain } from '../../devchain/chain.ts';
import { type OpSeedManifest, seedOpChain } from '../../devchain/opSeed.ts';
import { findFreePort } from '../../scripts/serve/ports.ts';

export type SeededOpChain = { chain: LocalChain; manifest: OpSeedManifest };

/** Starts a seeded OP chain for this file; read `current()` inside tests. */
export function useLocalOpChain(): { current(): SeededOpChain } {
  let seeded: SeededOpChain | undefined;
  beforeAll(async () => {
    const chain = await startOpChain({
      port: await findFreePort(),
      genesisDate: new Date(Date.now() - 10 * 86_400_000),
    });
    try {
      seeded = { chain, manifest: await seedOpChain(chain.url) };
    } catch (error) {
      await chain.stop();
      throw error;
    }
  }, 60_000);
  afterAll(async () => {
    await seeded?.chain.stop();
  });
  return {
    current() {
      if (!seeded) throw new Error('the OP chain has not started');
      return seeded;
    },
  };
}
