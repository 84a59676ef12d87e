import type { Hex } from 'viem';

/** The networks whose beacon chain Cairn's light client can follow. */
export type BeaconChainName = 'mainnet' | 'sepolia';

/** The beacon chain's forks, in order. Light-client data from Capella on carries the execution block. */
export const BEACON_FORKS = ['phase0', 'altair', 'bellatrix', 'capella', 'deneb', 'electra', 'fulu'] as const;
export type BeaconFork = (typeof BEACON_FORKS)[number];

type ForkStep = { fork: BeaconFork; version: Hex; epoch: number };

/** What a light client must know of a beacon chain before it can check a signature. */
export type BeaconChain = {
  name: BeaconChainName;
  /** The execution chain (eth_chainId) whose blocks this beacon chain carries. */
  chainId: number;
  /** Seconds since the epoch. */
  genesisTime: number;
  genesisValidatorsRoot: Hex;
  /** Every fork with its version and first epoch, in order. */
  forks: readonly ForkStep[];
  /**
   * A fork scheduled on this chain that this client cannot read: from its first epoch every
   * signature uses a fork version Cairn does not know, and the header layout may differ.
   */
  unknownFork?: { name: string; epoch: number };
};

export const SECONDS_PER_SLOT = 12;
export const SLOTS_PER_EPOCH = 32;
/** A sync committee serves one period of 256 epochs (about 27 hours). */
export const EPOCHS_PER_SYNC_COMMITTEE_PERIOD = 256;

// Mainnet: consensus-specs configs/mainnet.yaml (Electra 2025-05-07, Fulu 2025-12-03).
// Sepolia: eth-clients/sepolia metadata/config.yaml; genesis from its genesis.ssz (lodestar's
// genesisData.sepolia). Both are checked against @lodestar/config's networks in beaconChains.test.ts.
export const BEACON_CHAINS: Record<BeaconChainName, BeaconChain> = {
  mainnet: {
    name: 'mainnet',
    chainId: 1,
    genesisTime: 1606824023,
    genesisValidatorsRoot: '0x4b363db94e286120d76eb905340fdd4e54bfe9f06bf33ff6cf5ad27f511bfe95',
    forks: [
      { fork: 'phase0', version: '0x00000000', epoch: 0 },
      { fork: 'altair', version: '0x01000000', epoch: 74240 },
      { fork: 'bellatrix', version: '0x02000000', epoch: 144896 },
      { fork: 'capella', version: '0x03000000', epoch: 194048 },
      { fork: 'deneb', version: '0x04000000', epoch: 269568 },
      { fork: 'electra', version: '0x05000000', epoch: 364032 },
      { fork: 'fulu', version: '0x06000000', epoch: 411392 },
    ],
  },
  sepolia: {
    name: 'sepolia',
    chainId: 11155111,
    genesisTime: 1655733600,
    genesisValidatorsRoot: '0xd8ea171f3c94aea21ebc42a1ed61052acf3f9209c00e4efbaaddac09ed9b8078',
    forks: [
      { fork: 'phase0', version: '0x90000069', epoch: 0 },
      { fork: 'altair', version: '0x90000070', epoch: 50 },
      { fork: 'bellatrix', version: '0x90000071', epoch: 100 },
      { fork: 'capella', version: '0x90000072', epoch: 56832 },
      { fork: 'deneb', version: '0x90000073', epoch: 132608 },
      { fork: 'electra', version: '0x90000074', epoch: 222464 },
      { fork: 'fulu', version: '0x90000075', epoch: 272640 },
    ],
    // GLOAS_FORK_EPOCH in eth-clients/sepolia's config.yaml (2026-10-06, version 0x90000076).
    unknownFork: { name: 'Gloas', epoch: 353024 },
  },
};

export const epochOf = (slot: number): number => Math.floor(slot / SLOTS_PER_EPOCH);

export const periodOf = (slot: number): number => Math.floor(epochOf(slot) / EPOCHS_PER_SYNC_COMMITTEE_PERIOD);

/** The fork in force at `epoch`, with its version. */
export function forkAt(chain: BeaconChain, epoch: number): ForkStep {
  let found = chain.forks[0] as ForkStep;
  for (const step of chain.forks) if (epoch >= step.epoch) found = step;
  return found;
}

/** True when `fork` is `than` or a later one. */
export const forkFrom = (fork: BeaconFork, than: BeaconFork): boolean =>
  BEACON_FORKS.indexOf(fork) >= BEACON_FORKS.indexOf(than);

/** The slot under way at `ms` (milliseconds since the epoch). */
export const slotAt = (chain: BeaconChain, ms: number): number =>
  Math.floor((ms / 1000 - chain.genesisTime) / SECONDS_PER_SLOT);

/** When `slot` starts, in milliseconds since the epoch. */
export const slotStartMs = (chain: BeaconChain, slot: number): number =>
  (chain.genesisTime + slot * SECONDS_PER_SLOT) * 1000;
