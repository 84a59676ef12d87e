// Vitest global setup for integration tests: one fresh, seeded local chain on a free port for
// the whole run. Tests read its URL with `inject('localChainUrl')`.
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startChain } from '../../devchain/chain.ts';
import { seedChain } from '../../devchain/seed.ts';
import { findFreePort } from '../../scripts/serve/ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    localChainUrl: string;
    /** The `now` the chain was seeded with (ms since the epoch): the seeded Permit2 expirations follow from it. */
    localChainSeededAt: number;
  }
}

export default async function setup(project: TestProject) {
  const chain = await startChain({ port: await findFreePort(), genesisDate: new Date(Date.now() - 30 * 86_400_000) });
  const seededAt = new Date();
  await seedChain(chain.url, seededAt);
  project.provide('localChainUrl', chain.url);
  project.provide('localChainSeededAt', seededAt.getTime());
  return () => chain.stop();
}
