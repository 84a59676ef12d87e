// The light client's update check (issue 39), in Node on recorded mainnet Beacon-API answers
// served from memory, so the figures are Cairn's own work: reading the JSON, SSZ roots, Merkle
// branches and the BLS signatures (@noble/curves, plain JavaScript, as in the browser). The
// Capella set is a bootstrap at period 862, the six committee updates to 867 and a finality
// update; the Fulu set a bootstrap, one update and a finality update in Electra's deeper state.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BeaconApi } from '../src/core/verify/lightClient/beaconApi.ts';
import { BEACON_CHAINS, slotStartMs } from '../src/core/verify/lightClient/beaconChains.ts';
import { startLightClient } from '../src/core/verify/lightClient/lightClient.ts';
import { type BenchRun, sized } from './benchRun.ts';
import type { Held } from './held.ts';
import { median } from './stats.ts';

const VECTORS = new URL('../src/testing/vectors/verify/lightclient/', import.meta.url);

type RecordedSet = { name: string; root: `0x${string}`; presentSlot: number; dir: string };
const SETS: RecordedSet[] = [
  {
    name: 'Capella, periods 862→867 (6 committee updates)',
    root: '0x5afc212a7924789b2bc86acad3ab3a6ffb1f6e97253ea50bee7f4f51422c9275',
    presentSlot: 7109440,
    dir: 'helios-capella',
  },
  {
    name: 'Fulu, period 1711 (1 committee update)',
    root: '0x9bcb90ec3a294591b77dd2a58e973578715cdc0e6eeeb286bc06dd120057f18b',
    presentSlot: 14018030,
    dir: 'nimbus-fulu',
  },
];

/** A beacon API answering from the recorded files, counting its requests. */
function recordedApi(dir: string) {
  const read = (file: string): unknown =>
    JSON.parse(readFileSync(fileURLToPath(new URL(`${dir}/${file}`, VECTORS)), 'utf8'));
  const answers = {
    bootstrap: read('bootstrap.json'),
    updates: read('updates.json'),
    finality: read('finality_update.json'),
    optimistic: read('optimistic_update.json'),
  };
  let requests = 0;
  const answer = async (value: unknown) => {
    requests++;
    // A fresh copy, as from the network: nothing parsed is shared between runs.
    return structuredClone(value);
  };
  const api: BeaconApi = {
    url: 'https://beacon.bench',
    bootstrap: () => answer(answers.bootstrap),
    updates: () => answer(answers.updates),
    finalityUpdate: () => answer(answers.finality),
    optimisticUpdate: () => answer(answers.optimistic),
  };
  return { api, requests: () => requests };
}

async function timeSet(set: RecordedSet, runs: number) {
  const startMs: number[] = [];
  const updateMs: number[] = [];
  let requests = 0;
  let block = 0n;
  for (let i = 0; i < runs; i++) {
    const served = recordedApi(set.dir);
    const now = () => slotStartMs(BEACON_CHAINS.mainnet, set.presentSlot);
    const started = performance.now();
    const client = await startLightClient({ chain: 'mainnet', api: served.api, checkpointRoot: set.root, now });
    const bootstrapped = performance.now();
    block = (await client.update()).number;
    updateMs.push(performance.now() - bootstrapped);
    startMs.push(bootstrapped - started);
    requests = served.requests();
  }
  return { start: median(startMs), update: median(updateMs), requests, block };
}

export async function benchLightClient(run: BenchRun, _held: Held): Promise<string> {
  const runs = sized(run, 9, 1);
  const lines = [
    `Light client (Node ${process.versions.node}; BLS by @noble/curves; median of ${runs} run${runs === 1 ? '' : 's'})`,
  ];
  for (const set of SETS) {
    const { start, update, requests, block } = await timeSet(set, runs);
    lines.push(
      `  ${set.name}: bootstrap ${start.toFixed(0)} ms + update check ${update.toFixed(0)} ms = ${(start + update).toFixed(0)} ms, ${requests} requests, finalized block ${block}`,
    );
  }
  return lines.join('\n');
}
