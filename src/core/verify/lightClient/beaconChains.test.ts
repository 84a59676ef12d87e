import type { ChainConfig } from '@lodestar/config';
import { genesisData, mainnetChainConfig, sepoliaChainConfig } from '@lodestar/config/networks';
import { bytesToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { BEACON_CHAINS, type BeaconChain, forkAt, periodOf, slotAt, slotStartMs } from './beaconChains';

/** Lodestar's fork schedule of a network, as this module writes it. */
function lodestarForks(config: ChainConfig) {
  const step = (fork: string, version: Uint8Array, epoch: number) => ({ fork, version: bytesToHex(version), epoch });
  return [
    step('phase0', config.GENESIS_FORK_VERSION, 0),
    step('altair', config.ALTAIR_FORK_VERSION, config.ALTAIR_FORK_EPOCH),
    step('bellatrix', config.BELLATRIX_FORK_VERSION, config.BELLATRIX_FORK_EPOCH),
    step('capella', config.CAPELLA_FORK_VERSION, config.CAPELLA_FORK_EPOCH),
    step('deneb', config.DENEB_FORK_VERSION, config.DENEB_FORK_EPOCH),
    step('electra', config.ELECTRA_FORK_VERSION, config.ELECTRA_FORK_EPOCH),
    step('fulu', config.FULU_FORK_VERSION, config.FULU_FORK_EPOCH),
  ];
}

const facts = (chain: BeaconChain) => ({
  genesisTime: chain.genesisTime,
  genesisValidatorsRoot: chain.genesisValidatorsRoot,
});

describe('BEACON_CHAINS', () => {
  // @lodestar/config 1.28.1 predates the later forks' epochs (Infinity): those come from the
  // networks' published configs (consensus-specs mainnet.yaml, eth-clients/sepolia config.yaml).
  it('are Lodestar’s mainnet, with Electra and Fulu at their epochs', () => {
    expect(BEACON_CHAINS.mainnet.forks).toEqual(
      lodestarForks({ ...mainnetChainConfig, ELECTRA_FORK_EPOCH: 364032, FULU_FORK_EPOCH: 411392 }),
    );
    expect(facts(BEACON_CHAINS.mainnet)).toEqual(genesisData.mainnet);
  });

  it('are Lodestar’s Sepolia, with Fulu at its epoch', () => {
    expect(BEACON_CHAINS.sepolia.forks).toEqual(lodestarForks({ ...sepoliaChainConfig, FULU_FORK_EPOCH: 272640 }));
    expect(facts(BEACON_CHAINS.sepolia)).toEqual(genesisData.sepolia);
  });

  it('tell the fork, period and time of a slot', () => {
    const mainnet = BEACON_CHAINS.mainnet;
    expect(forkAt(mainnet, 194047).fork).toBe('bellatrix');
    expect(forkAt(mainnet, 194048).fork).toBe('capella');
    expect(forkAt(mainnet, 411392)).toEqual({ fork: 'fulu', version: '0x06000000', epoch: 411392 });
    expect(periodOf(7069376)).toBe(862);
    expect(periodOf(862 * 8192 - 1)).toBe(861);
    expect(slotStartMs(mainnet, 0)).toBe(1606824023_000);
    expect(slotAt(mainnet, slotStartMs(mainnet, 7109440) + 11_999)).toBe(7109440);
  });
});
