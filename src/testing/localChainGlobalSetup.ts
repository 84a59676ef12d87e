// Vitest global setup for integration tests: one fresh, seeded local chain on a free port for each
// of the project's workers, so two files never send, mine or count blocks on the same chain at
// once. Tests read their worker's chain with `localChainUrl()` (src/testing/localChainUrl.ts).
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { type LocalChain, startChain } from '../../devchain/chain.ts';
import { seedChain } from '../../devchain/seed.ts';
import { findFreePort } from '../../scripts/serve/ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One chain per worker, in the order of the workers' pool ids. */
    localChainUrls: string[];
    /** The `now` the chains were seeded with (ms since the epoch): the seeded Permit2 expirations follow from it. */
    localChainSeededAt: number;
  }
}

export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers ?? project.vitest.config.maxWorkers ?? 1));
  const seededAt = new Date();
  const genesisDate = new Date(Date.now() - 30 * 86_400_000);
  const chains: LocalChain[] = [];
  for (let i = 0; i < workers; i++) {
    // One after another: ports are taken free, and seeding is the CPU's work either way.
    const chain = await startChain({ port: await findFreePort(), genesisDate });
    chains.push(chain);
    await seedChain(chain.url, seededAt);
  }
  project.provide(
    'localChainUrls',
    chains.map((chain) => chain.url),
  );
  project.provide('localChainSeededAt', seededAt.getTime());
  return async () => {
    await Promise.all(chains.map((chain) => chain.stop()));
  };
}
