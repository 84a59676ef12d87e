// Recorded mainnet Beacon-API answers (vectors/verify/README.md, lightclient/) served as a beacon
// API, and the tampering the light client's tests do to them.
import type { BeaconApi } from '../core/verify/lightClient/beaconApi.ts';
import { BEACON_CHAINS, periodOf, slotStartMs } from '../core/verify/lightClient/beaconChains.ts';
import heliosBootstrap from './vectors/verify/lightclient/helios-capella/bootstrap.json' with { type: 'json' };
import heliosFinality from './vectors/verify/lightclient/helios-capella/finality_update.json' with { type: 'json' };
import heliosOptimistic from './vectors/verify/lightclient/helios-capella/optimistic_update.json' with { type: 'json' };
import heliosUpdates from './vectors/verify/lightclient/helios-capella/updates.json' with { type: 'json' };
import fuluBootstrap from './vectors/verify/lightclient/nimbus-fulu/bootstrap.json' with { type: 'json' };
import fuluFinality from './vectors/verify/lightclient/nimbus-fulu/finality_update.json' with { type: 'json' };
import fuluOptimistic from './vectors/verify/lightclient/nimbus-fulu/optimistic_update.json' with { type: 'json' };
import fuluUpdates from './vectors/verify/lightclient/nimbus-fulu/updates.json' with { type: 'json' };

/** One set's answers, each a fresh copy a test may tamper with. */
export type RecordedBeacon = { bootstrap: unknown; updates: unknown[]; finality: unknown; optimistic?: unknown };

/** Bootstrap at period 862, six committee updates to 867, finality and optimistic updates of 867. */
export const heliosRecorded = (): RecordedBeacon =>
  structuredClone({
    bootstrap: heliosBootstrap,
    updates: heliosUpdates,
    finality: heliosFinality,
    optimistic: heliosOptimistic,
  });
/** Bootstrap, committee update, finality and optimistic updates, all of period 1711 (Electra's state). */
export const fuluRecorded = (): RecordedBeacon =>
  structuredClone({
    bootstrap: fuluBootstrap,
    updates: fuluUpdates,
    finality: fuluFinality,
    optimistic: fuluOptimistic,
  });

export const HELIOS_ROOT = '0x5afc212a7924789b2bc86acad3ab3a6ffb1f6e97253ea50bee7f4f51422c9275';
export const FULU_ROOT = '0x9bcb90ec3a294591b77dd2a58e973578715cdc0e6eeeb286bc06dd120057f18b';
export const RECORDED_BEACON_URL = 'https://beacon.example';
/** A little after each set's finality and optimistic updates were signed. */
export const heliosNow = () => slotStartMs(BEACON_CHAINS.mainnet, 7109440);
export const fuluNow = () => slotStartMs(BEACON_CHAINS.mainnet, 14018030);

/** A beacon API serving recorded answers, noting what it was asked. */
export function recordedApi(recorded: RecordedBeacon) {
  const asked: string[] = [];
  const updatePeriod = (answer: unknown) =>
    periodOf(
      Number((answer as { data: { attested_header: { beacon: { slot: string } } } }).data.attested_header.beacon.slot),
    );
  const api: BeaconApi = {
    url: RECORDED_BEACON_URL,
    bootstrap: async (root) => {
      asked.push(`bootstrap ${root}`);
      return recorded.bootstrap;
    },
    updates: async (start, count) => {
      asked.push(`updates ${start} ${count}`);
      return recorded.updates.filter((answer) => updatePeriod(answer) >= start && updatePeriod(answer) < start + count);
    },
    finalityUpdate: async () => {
      asked.push('finality');
      return recorded.finality;
    },
    optimisticUpdate: async () => {
      asked.push('optimistic');
      return recorded.optimistic;
    },
  };
  return { api, asked };
}

// biome-ignore lint/suspicious/noExplicitAny: reaching into recorded JSON to tamper with it
export type BeaconAnswer = any;
export const beaconData = (answer: unknown): BeaconAnswer => (answer as BeaconAnswer).data;

/** The hex string with one byte changed. */
export function flipByte(hex: string, index = 0): string {
  const at = 2 + index * 2;
  const byte = Number.parseInt(hex.slice(at, at + 2), 16) ^ 0x01;
  return `${hex.slice(0, at)}${byte.toString(16).padStart(2, '0')}${hex.slice(at + 2)}`;
}

/** A bitvector's hex with bit `index` flipped (bit i is bit i % 8 of byte i / 8). */
export function flipBit(hex: string, index: number): string {
  const at = 2 + (index >> 3) * 2;
  const byte = Number.parseInt(hex.slice(at, at + 2), 16) ^ (1 << (index & 7));
  return `${hex.slice(0, at)}${byte.toString(16).padStart(2, '0')}${hex.slice(at + 2)}`;
}
