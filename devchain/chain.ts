// Starts and stops Cairn's embedded local chains, each in a child process bound to 127.0.0.1: a real
// Hardhat node (EDR engine), and an OP Stack chain from the same EDR (op-node-process.cjs). A child
// exits when its IPC channel to this process closes, so it cannot outlive us even if we are killed
// without a chance to clean up.
import { type ChildProcess, fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOOPBACK } from '../scripts/serve/ports.ts';
import { LOCAL_OP_CHAIN_ID } from '../src/core/chain/localChain.ts';

const here = dirname(fileURLToPath(import.meta.url));
const nodeProcessScript = join(here, 'node-process.cjs');
const opNodeProcessScript = join(here, 'op-node-process.cjs');

export const LOCAL_CHAIN_ID = 31337;

export type ChainOptions = {
  port: number;
  /** Chain id the node reports; defaults to 31337. Tests use another to fake a wrong chain. */
  chainId?: number;
  /** Mine an empty block at this interval as well as on every transaction (0 = only on tx). */
  blockTimeMs?: number;
  /** Genesis timestamp, so seeded history can spread over past days. */
  genesisDate?: Date;
  /** A Hardhat hardfork name; 'berlin' makes a chain without EIP-1559 (legacy gas prices). */
  hardfork?: string;
};

export type LocalChain = {
  url: string;
  port: number;
  chainId: number;
  stop(): Promise<void>;
};

const READY_TIMEOUT_MS = 60_000;

export async function startChain(options: ChainOptions): Promise<LocalChain> {
  return startNodeProcess(nodeProcessScript, options, options.chainId ?? LOCAL_CHAIN_ID);
}

export type OpChainOptions = Omit<ChainOptions, 'hardfork'>;

/**
 * A local OP Stack chain (chain id 901 by default): EDR's OP chain type at its latest hardfork,
 * with the L2 predeploys (GasPriceOracle, L1Block) in its genesis and the demo accounts funded.
 * Receipts carry `l1Fee`; the L1Block values that price it are set by devchain/opSeed.ts.
 */
export async function startOpChain(options: OpChainOptions): Promise<LocalChain> {
  return startNodeProcess(opNodeProcessScript, options, options.chainId ?? LOCAL_OP_CHAIN_ID);
}

async function startNodeProcess(script: string, options: ChainOptions, chainId: number): Promise<LocalChain> {
  const url = `http://${LOOPBACK}:${options.port}`;
  const child = fork(script, [String(options.port)], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      CAIRN_CHAIN_ID: String(chainId),
      CAIRN_BLOCK_TIME_MS: String(options.blockTimeMs ?? 0),
      ...(options.genesisDate ? { CAIRN_GENESIS_DATE: options.genesisDate.toISOString() } : {}),
      ...(options.hardfork ? { CAIRN_HARDFORK: options.hardfork } : {}),
    },
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await waitUntilReady(url, chainId, exited);
  } catch (error) {
    child.kill('SIGKILL');
    const log = output.join('').trim();
    throw new Error(`${(error as Error).message}${log ? `\nNode output:\n${log}` : ''}`);
  }
  // Hardhat logs every request; keep only a short tail for error reports.
  return { url, port: options.port, chainId, stop: () => stopChild(child, exited) };
}

async function waitUntilReady(url: string, chainId: number, exited: Promise<number | null>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let stopped = false;
  let exitCode: number | null = null;
  void exited.then((code) => {
    stopped = true;
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (stopped) throw new Error(`The local chain exited during start-up (exit code ${exitCode}).`);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      const body = (await response.json()) as { result?: string };
      if (body.result && Number(body.result) === chainId) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The local chain did not answer on ${url} within ${READY_TIMEOUT_MS / 1000} s.`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
