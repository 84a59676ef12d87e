import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

describe('a node that answers for another chain', () => {
  let env: Environment;
  beforeAll(async () => {
    // The app expects the local chain (31337); this node says it is chain 1337.
    env = await startEnvironment({ chainId: 1337, seed: false });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('shows the wrong-chain state with both chain ids', async () => {
    const { page } = await env.newPage();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    await shell.problem.waitFor();
    const problem = (await shell.problem.textContent()) ?? '';
    expect(problem).toContain('Wrong chain');
    expect(problem).toContain('1337');
    expect(problem).toContain('31337');
    expect(problem).toContain(env.chain.url);
    expect(problem).toMatch(/will not read balances or sign/);
    expect(await shell.statusText()).toContain('Wrong chain');
  });
});
