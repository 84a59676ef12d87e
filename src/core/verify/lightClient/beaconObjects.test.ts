import { describe, expect, it } from 'vitest';
import heliosBootstrap from '../../../testing/vectors/verify/lightclient/helios-capella/bootstrap.json' with {
  type: 'json',
};
import heliosFinality from '../../../testing/vectors/verify/lightclient/helios-capella/finality_update.json' with {
  type: 'json',
};
import heliosOptimistic from '../../../testing/vectors/verify/lightclient/helios-capella/optimistic_update.json' with {
  type: 'json',
};
import { BEACON_CHAINS } from './beaconChains';
import { readBootstrap, readFinalityUpdate, readOptimisticUpdate, readUpdate } from './beaconObjects';

const mainnet = BEACON_CHAINS.mainnet;
// biome-ignore lint/suspicious/noExplicitAny: reaching into recorded JSON to break it
const copy = (answer: unknown): any => structuredClone(answer);

describe('reading Beacon-API light-client objects', () => {
  it('reads the recorded objects, the finality update with its finalized header', () => {
    expect(readBootstrap(mainnet, heliosBootstrap).currentSyncCommittee.pubkeys).toHaveLength(512);
    const finality = readFinalityUpdate(mainnet, heliosFinality);
    expect(finality.finalized?.header.execution.blockNumber).toBe(17923026n);
    expect(finality.nextSyncCommittee).toBeUndefined();
    const head = readOptimisticUpdate(mainnet, heliosOptimistic);
    expect(head.finalized).toBeUndefined();
    expect(head.signatureSlot).toBe(7109432);
  });

  it('refuses a version other than the fork of the slot', () => {
    const answer = copy(heliosBootstrap);
    answer.version = 'deneb';
    expect(() => readBootstrap(mainnet, answer)).toThrow('version deneb where the slot is capella');
  });

  it('refuses hex of the wrong length, numbers that are not decimal, and missing fields', () => {
    const short = copy(heliosFinality);
    short.data.finalized_header.execution.block_hash = '0x1234';
    expect(() => readFinalityUpdate(mainnet, short)).toThrow('block_hash is not 32 bytes of hex');
    const hexNumber = copy(heliosFinality);
    hexNumber.data.signature_slot = '0x6c7b37';
    expect(() => readFinalityUpdate(mainnet, hexNumber)).toThrow('signature_slot is not a uint64');
    const missing = copy(heliosFinality);
    delete missing.data.sync_aggregate;
    expect(() => readFinalityUpdate(mainnet, missing)).toThrow('no sync_aggregate');
    expect(() => readUpdate(mainnet, heliosFinality)).toThrow('no next_sync_committee_branch');
  });

  it('refuses a finality update that proves no finalized header', () => {
    const answer = copy(heliosFinality);
    answer.data.finality_branch = answer.data.finality_branch.map(() => `0x${'00'.repeat(32)}`);
    expect(() => readFinalityUpdate(mainnet, answer)).toThrow('a finalized header without a finality branch');
  });

  it('refuses Sepolia data from the Gloas fork on, which it cannot read', () => {
    const answer = copy(heliosBootstrap);
    answer.data.header.beacon.slot = String(353024 * 32);
    answer.version = 'gloas';
    expect(() => readBootstrap(BEACON_CHAINS.sepolia, answer)).toThrow(
      /Gloas fork, which this light client cannot read/,
    );
  });
});
