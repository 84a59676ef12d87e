// One seeded chain per e2e worker, instead of a fresh chain started and seeded for each spec file
// (start and seed were about 4 s of every file). The global set-up starts one chain per worker,
// seeds it and takes an `evm_snapshot`; each spec file the worker runs takes the chain back to
// that snapshot with `evm_revert` before it starts. The revert restores the state, the blocks, the
// pending transactions and the next base fee; the clock, which Hardhat's node moves ahead on a
// revert, is put back to the present (devchain/revertChain.ts), and what the revert leaves
// (automine, interval mining) is set back to a fresh node's values here.
//
// Spec files run in processes of their own, so the chain's address, its current snapshot id and
// the seed's manifest are kept in a small file per worker (VITEST_POOL_ID, 1 to maxWorkers: no
// two files that run at once share one).
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type LocalChain, startChain } from '../../devchain/chain.ts';
import { revertToSnapshot } from '../../devchain/revertChain.ts';
import { type SeedManifest, seedChain } from '../../devchain/seed.ts';
import { findFreePort } from '../../scripts/serve/ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the shared chains' files (written by e2e/globalSetup.ts). */
    e2eSharedChains: string;
  }
}

/** What each spec file's chain starts from: 30 days of seeded history, ending at the present. */
export const chainGenesisDate = (): Date => new Date(Date.now() - 30 * 86_400_000);

type SharedChainRecord = { url: string; port: number; chainId: number; snapshot: string; manifest: SeedManifest };

const recordFile = (dir: string, poolId: number) => join(dir, `chain-${poolId}.json`);

// The manifest holds bigints (block number, amounts, expirations): kept as { bigint: "…" }.
const writeRecord = (file: string, record: SharedChainRecord) =>
  writeFileSync(
    file,
    JSON.stringify(record, (_, value) => (typeof value === 'bigint' ? { bigint: value.toString() } : value)),
  );
const readRecord = (file: string): SharedChainRecord =>
  JSON.parse(readFileSync(file, 'utf8'), (_, value) =>
    value && typeof value === 'object' && typeof value.bigint === 'string' && Object.keys(value).length === 1
      ? BigInt(value.bigint)
      : value,
  ) as SharedChainRecord;

/**
 * One JSON-RPC call on a connection of its own. A pooled keep-alive connection may have been
 * closed by the node while this worker's event loop was blocked (reactDevelopment.e2e.ts built
 * synchronously before it started its environment), and a call sent on it fails with "other side
 * closed"; fetch pools connections per process, and the files of a worker share one.
 */
function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          try {
            const answer = JSON.parse(text) as { result?: T; error?: { message: string } };
            if (answer.error || answer.result === undefined)
              throw new Error(`${method} on the shared chain failed: ${answer.error?.message ?? 'no result'}`);
            resolve(answer.result);
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

/**
 * For the global set-up: starts and seeds `count` chains, one per worker, each with a snapshot of
 * its seeded state, their files in `dir`. Returns what stops them all.
 */
export async function startSharedChains(dir: string, count: number): Promise<() => Promise<void>> {
  const chains: LocalChain[] = [];
  const stopAll = async () => {
    await Promise.all(chains.map((chain) => chain.stop()));
  };
  try {
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const chain = await startChain({ port: await findFreePort(), genesisDate: chainGenesisDate() });
        chains.push(chain);
        const manifest = await seedChain(chain.url);
        const snapshot = await rpc<string>(chain.url, 'evm_snapshot');
        writeRecord(recordFile(dir, i + 1), {
          url: chain.url,
          port: chain.port,
          chainId: chain.chainId,
          snapshot,
          manifest,
        });
      }),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

/**
 * For a spec file: this worker's shared chain, reverted to its seeded snapshot (and a new snapshot
 * taken for the next file), automine on and interval mining off as on a fresh node. Its `stop`
 * does nothing: the global set-up stops it after the run.
 */
export async function resetSharedChain(): Promise<{ chain: LocalChain; manifest: SeedManifest }> {
  const poolId = Number(process.env.VITEST_POOL_ID ?? 1);
  const file = recordFile(inject('e2eSharedChains'), poolId);
  const record = readRecord(file);
  const { url } = record;
  const next = await revertToSnapshot((method, params) => rpc(url, method, params), record.snapshot);
  if (!next) throw new Error(`The shared chain of worker ${poolId} has no snapshot ${record.snapshot} to go back to.`);
  // The next file goes back to this one.
  writeRecord(file, { ...record, snapshot: next });
  await rpc(url, 'evm_setAutomine', [true]);
  await rpc(url, 'evm_setIntervalMining', [0]);
  return {
    chain: { url, port: record.port, chainId: record.chainId, stop: async () => undefined },
    manifest: record.manifest,
  };
}
