// Vitest global setup for integration tests: one fresh, seeded local chain on a free port for
// the whole run. Tests read its URL with `inject('localChainUrl')`.
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startChain } from '../../devchain/chain.ts';
import { seedChain } from '../../devchain/seed.ts';
import { findFreePort } from '../../scripts/ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    localChainUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const chain = await startChain({ port: await findFreePort(), genesisDate: new Date(Date.now() - 30 * 86_400_000) });
  await seedChain(chain.url);
  project.provide('localChainUrl', chain.url);
  return () => chain.stop();
}
