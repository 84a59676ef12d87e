import { createBeaconConfig } from '@lodestar/config';
import { mainnetChainConfig } from '@lodestar/config/networks';
import { ssz } from '@lodestar/types';
import { bytesToHex, hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import heliosBootstrap from '../../../testing/vectors/verify/lightclient/helios-capella/bootstrap.json' with {
  type: 'json',
};
import heliosUpdates from '../../../testing/vectors/verify/lightclient/helios-capella/updates.json' with {
  type: 'json',
};
import fuluBootstrap from '../../../testing/vectors/verify/lightclient/nimbus-fulu/bootstrap.json' with {
  type: 'json',
};
import fuluUpdates from '../../../testing/vectors/verify/lightclient/nimbus-fulu/updates.json' with { type: 'json' };
import { BEACON_CHAINS } from './beaconChains';
import { readBootstrap, readUpdate } from './beaconObjects';
import {
  beaconHeaderRoot,
  computeDomain,
  executionHeaderRoot,
  isValidMerkleBranch,
  signingRoot,
  syncCommitteeRoot,
} from './sszRoots';
import { syncCommitteeDomain } from './syncSignature';

// Lodestar's SSZ (@lodestar/types, on @chainsafe/ssz) is the reference: every root Cairn computes
// over the recorded mainnet objects must be the one it computes.
const chain = BEACON_CHAINS.mainnet;
const hex = (bytes: Uint8Array) => bytesToHex(bytes);
const first = <T>(list: T[]): T => list[0] ?? expect.unreachable('a recorded update');
const sets = [
  { name: 'Capella (helios)', fork: 'capella', bootstrap: heliosBootstrap, update: first(heliosUpdates) },
  { name: 'Fulu (nimbus)', fork: 'fulu', bootstrap: fuluBootstrap, update: first(fuluUpdates) },
] as const;

describe('sszRoots, against @lodestar/types', () => {
  it.each(sets)('gives the $name bootstrap’s header, execution header and committee roots', (set) => {
    const types = ssz[set.fork];
    const reference = types.LightClientBootstrap.fromJson(set.bootstrap.data);
    const mine = readBootstrap(chain, set.bootstrap);
    expect(hex(beaconHeaderRoot(mine.header.beacon))).toBe(
      hex(ssz.phase0.BeaconBlockHeader.hashTreeRoot(reference.header.beacon)),
    );
    expect(hex(executionHeaderRoot(mine.header.execution, set.fork !== 'capella'))).toBe(
      hex(types.ExecutionPayloadHeader.hashTreeRoot(reference.header.execution as never)),
    );
    expect(hex(syncCommitteeRoot(mine.currentSyncCommittee))).toBe(
      hex(ssz.altair.SyncCommittee.hashTreeRoot(reference.currentSyncCommittee)),
    );
  });

  it.each(sets)('gives the $name update’s roots and signing root', (set) => {
    const reference = ssz[set.fork].LightClientUpdate.fromJson(set.update.data);
    const mine = readUpdate(chain, set.update);
    expect(hex(beaconHeaderRoot(mine.attestedHeader.beacon))).toBe(
      hex(ssz.phase0.BeaconBlockHeader.hashTreeRoot(reference.attestedHeader.beacon)),
    );
    const next = mine.nextSyncCommittee;
    expect(next).toBeDefined();
    if (next)
      expect(hex(syncCommitteeRoot(next.committee))).toBe(
        hex(ssz.altair.SyncCommittee.hashTreeRoot(reference.nextSyncCommittee)),
      );
    const config = createBeaconConfig(
      { ...mainnetChainConfig, ELECTRA_FORK_EPOCH: 364032, FULU_FORK_EPOCH: 411392 },
      hexToBytes(chain.genesisValidatorsRoot),
    );
    const domain = config.getDomain(reference.signatureSlot - 1, Uint8Array.of(7, 0, 0, 0));
    expect(hex(syncCommitteeDomain(chain, mine.signatureSlot))).toBe(hex(domain));
    const headerRoot = beaconHeaderRoot(mine.attestedHeader.beacon);
    expect(hex(signingRoot(headerRoot, domain))).toBe(
      hex(ssz.phase0.SigningData.hashTreeRoot({ objectRoot: headerRoot, domain })),
    );
  });

  it('computes a domain as compute_domain does', () => {
    const root = hexToBytes(chain.genesisValidatorsRoot);
    const version = Uint8Array.of(3, 0, 0, 0);
    const forkDataRoot = ssz.phase0.ForkData.hashTreeRoot({ currentVersion: version, genesisValidatorsRoot: root });
    const domain = computeDomain(Uint8Array.of(7, 0, 0, 0), version, root);
    expect(hex(domain)).toBe(hex(Uint8Array.of(7, 0, 0, 0, ...forkDataRoot.subarray(0, 28))));
  });
});

describe('isValidMerkleBranch', () => {
  const update = readUpdate(chain, first(heliosUpdates));
  const stateRoot = update.attestedHeader.beacon.stateRoot;

  it('takes the recorded next-committee branch at its index, and nothing else', () => {
    const { committee, branch } = update.nextSyncCommittee ?? expect.unreachable('a committee update');
    const leaf = syncCommitteeRoot(committee);
    expect(isValidMerkleBranch(leaf, branch, 55, stateRoot)).toBe(true);
    expect(isValidMerkleBranch(leaf, branch, 54, stateRoot)).toBe(false);
    expect(isValidMerkleBranch(leaf, branch.slice(1), 55, stateRoot)).toBe(false);
    expect(isValidMerkleBranch(new Uint8Array(32), branch, 55, stateRoot)).toBe(false);
  });
});
