// `npm start` as a newcomer runs it: builds, starts and seeds the chain, serves the wallet and
// the sample dApp, prints the URLs and the demo phrase, and stops everything on Ctrl-C.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { findFreePort, isPortFree } from '../scripts/serve/ports.ts';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';
import { projectRoot } from './support/paths.ts';

function startScript(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  // The same command as `npm start`, without npm in between: one process, so killing it is
  // exactly what a crash would do.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve/start.ts', ...args], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Two builds, a chain and a month of seeded history: about a minute alone, over two while other
 * e2e workers share the two cores. With --no-build, the chain and its history alone.
 */
const START_MS = 240_000;

/** The script's arguments for these ports. */
const portArgs = (ports: { app: number; chain: number; opChain: number; dapp: number }): string[] => [
  '--port',
  String(ports.app),
  '--chain-port',
  String(ports.chain),
  '--op-chain-port',
  String(ports.opChain),
  '--dapp-port',
  String(ports.dapp),
];

/**
 * Starts the script on free ports (no block timer, and `extra` arguments) and waits until it says
 * Cairn is running.
 */
async function startAndWait(extra: string[] = []): Promise<{
  run: ReturnType<typeof startScript>;
  appPort: number;
  chainPort: number;
  opChainPort: number;
  dappPort: number;
}> {
  const appPort = await findFreePort();
  const chainPort = await findFreePort();
  const opChainPort = await findFreePort();
  const dappPort = await findFreePort();
  const run = startScript([
    ...portArgs({ app: appPort, chain: chainPort, opChain: opChainPort, dapp: dappPort }),
    '--block-time',
    '0',
    ...extra,
  ]);
  try {
    await waitFor(() => run.output().includes('Cairn is running'), START_MS);
  } catch {
    run.child.kill('SIGKILL');
    throw new Error(`npm start did not come up:\n${run.output()}`);
  }
  return { run, appPort, chainPort, opChainPort, dappPort };
}

describe('npm start', () => {
  it(
    'serves the wallet against a seeded local chain, and the sample dApp, and stops everything on Ctrl-C',
    async () => {
      const { run, appPort, chainPort, opChainPort, dappPort } = await startAndWait();
      const output = run.output();
      // Given by name, where passkeys work (browsers refuse them at an IP address); still bound to 127.0.0.1.
      expect(output).toContain(`Wallet:       http://localhost:${appPort}/`);
      expect(output).not.toContain(`http://127.0.0.1:${appPort}`);
      expect(output).toContain(DEMO_MNEMONIC);
      expect(output).toMatch(/PUBLIC/);

      const html = await (await fetch(`http://127.0.0.1:${appPort}/`)).text();
      // The node listed twice: directly, then through a second local port, so balances are checked
      // by the two URLs' agreement.
      const listed = /<meta name="cairn-local-rpc-url" content="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
      expect(listed).toHaveLength(2);
      expect(listed[0]).toBe(`http://127.0.0.1:${chainPort}`);
      expect(listed[1]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const relayed = await fetch(listed[1] as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      expect(((await relayed.json()) as { result: string }).result).toBe('0x7a69');
      const rpc = await fetch(`http://127.0.0.1:${chainPort}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      });
      expect(Number(((await rpc.json()) as { result: string }).result)).toBeGreaterThanOrEqual(40);
      // The local OP chain beside it, seeded, listed twice the same way.
      const opListed = /<meta name="cairn-local-op-rpc-url" content="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
      expect(opListed[0]).toBe(`http://127.0.0.1:${opChainPort}`);
      expect(opListed).toHaveLength(2);
      const opChainId = await fetch(opListed[1] as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      expect(((await opChainId.json()) as { result: string }).result).toBe('0x385');
      expect(output).toContain(`Local OP chain: http://127.0.0.1:${opChainPort}`);

      expect(output).toContain(`Sample dApp:  http://localhost:${dappPort}/`);
      const dapp = await (await fetch(`http://127.0.0.1:${dappPort}/`)).text();
      expect(dapp).toContain(`<script src="http://localhost:${appPort}/connect.js"></script>`);
      // The companion extension is built to talk to this wallet, at the address it is opened at.
      const background = await (await fetch(`http://127.0.0.1:${appPort}/extension/background.js`)).text();
      expect(background).toContain(`"http://localhost:${appPort}/"`);

      run.child.kill('SIGINT');
      expect(await run.exited).toBe(0);
      // Both ports are released: no orphan chain or server is left behind.
      expect(await isPortFree(appPort)).toBe(true);
      expect(await isPortFree(chainPort)).toBe(true);
      expect(await isPortFree(opChainPort)).toBe(true);
      expect(await isPortFree(dappPort)).toBe(true);
    },
    START_MS + 60_000,
  );

  it(
    'serves the last build again with --no-build, and leaves no orphan chain when killed without a chance to clean up',
    async () => {
      // The build the test above made: only the chain starts anew.
      const { run, chainPort, opChainPort, appPort } = await startAndWait(['--no-build']);
      expect(run.output()).not.toContain('Building the wallet');
      expect(await (await fetch(`http://127.0.0.1:${appPort}/`)).text()).toContain('cairn-local-rpc-url');
      run.child.kill('SIGKILL');
      await run.exited;
      const deadline = Date.now() + 10_000;
      const released = async () => (await isPortFree(chainPort)) && (await isPortFree(opChainPort));
      while (!(await released()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await isPortFree(chainPort)).toBe(true);
      expect(await isPortFree(opChainPort)).toBe(true);
    },
    START_MS + 60_000,
  );

  it('names a busy port and how to choose another, and starts nothing', async () => {
    const busy = await findFreePort();
    const appPort = await findFreePort();
    const blocker = createServer().listen(busy, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    try {
      const dappPort = await findFreePort();
      const run = startScript(portArgs({ app: appPort, chain: busy, opChain: await findFreePort(), dapp: dappPort }));
      expect(await run.exited).toBe(1);
      const output = run.output();
      expect(output).toContain(`Port ${busy} on 127.0.0.1 is already in use`);
      expect(output).toContain(`CAIRN_CHAIN_PORT=${busy + 1} npm start`);
      expect(output).toContain(`npm start -- --chain-port ${busy + 1}`);
      expect(await isPortFree(appPort)).toBe(true);
      expect(await isPortFree(dappPort)).toBe(true);
    } finally {
      blocker.close();
    }
  });

  it('refuses two services on one port', async () => {
    const port = await findFreePort();
    const run = startScript(
      portArgs({ app: port, chain: await findFreePort(), opChain: await findFreePort(), dapp: port }),
    );
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`The ports of the wallet and the sample dApp must differ: both are ${port}.`);
  });
});
