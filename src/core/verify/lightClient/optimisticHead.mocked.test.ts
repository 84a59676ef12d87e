import { describe, expect, it, vi } from 'vitest';
import {
  beaconData,
  FULU_ROOT,
  flipBit,
  fuluNow,
  fuluRecorded,
  type RecordedBeacon,
  recordedApi,
} from '../../../testing/recordedBeacon';
import { startLightClient } from './lightClient';

// A head signed by a few committee members needs those members' own signature, which recorded
// answers cannot hold. An aggregate carrying this stand-in signature is taken as signed by exactly
// the members its bits name; every other signature is checked for real.
const { SIGNED_BY_ITS_BITS } = vi.hoisted(() => ({ SIGNED_BY_ITS_BITS: `0x${'5a'.repeat(96)}` }));
vi.mock('./syncSignature', async (importOriginal) => {
  const real = await importOriginal<typeof import('./syncSignature')>();
  const standIn = (signature: Uint8Array) => signature.every((byte) => byte === 0x5a);
  return {
    ...real,
    syncAggregateVerifies: (...args: Parameters<typeof real.syncAggregateVerifies>) =>
      standIn(args[2].signature) || real.syncAggregateVerifies(...args),
  };
});

/** The answer as signed by the committee's first `count` members. */
function signedBy(answer: unknown, count: number): unknown {
  const aggregate = beaconData(answer).sync_aggregate;
  let bits = `0x${'00'.repeat(64)}`;
  for (let index = 0; index < count; index++) bits = flipBit(bits, index);
  aggregate.sync_committee_bits = bits;
  aggregate.sync_committee_signature = SIGNED_BY_ITS_BITS;
  return answer;
}

/**
 * The recorded Fulu set (bootstrap, period update, finality and optimistic updates, all of period
 * 1711) as a beacon API that withholds news: in place of the finality update it serves the
 * period's update, older than the checkpoint, so nothing is finalized after the bootstrap.
 */
function withheld(options: { periodUpdate: boolean; headSigners?: number }): RecordedBeacon {
  const recorded = fuluRecorded();
  const [periodUpdate] = recorded.updates;
  recorded.finality = structuredClone(periodUpdate);
  if (!options.periodUpdate) recorded.updates = [];
  if (options.headSigners !== undefined) signedBy(recorded.optimistic, options.headSigners);
  return recorded;
}

async function headOf(recorded: RecordedBeacon) {
  const { api } = recordedApi(recorded);
  const client = await startLightClient({ chain: 'mainnet', api, checkpointRoot: FULU_ROOT, now: fuluNow });
  return client.update({ optimistic: true });
}

const BOOTSTRAP = { number: 24784068n, slot: 14017856, finalized: true };
const HEAD = { number: 24784229n, slot: 14018019, finalized: false };

describe('the light client’s optimistic head, with the period’s updates withheld', () => {
  it('takes no head signed by one committee member: the finalized header stands, and says why', async () => {
    const head = await headOf(withheld({ periodUpdate: false, headSigners: 1 }));
    expect(head).toMatchObject({ ...BOOTSTRAP, headAwaitsSupermajority: true });
  });

  it('takes none when the finality update is signed by that one member too', async () => {
    const recorded = withheld({ periodUpdate: false, headSigners: 1 });
    recorded.finality = signedBy(fuluRecorded().finality, 1);
    const head = await headOf(recorded);
    expect(head).toMatchObject({ ...BOOTSTRAP, headAwaitsSupermajority: true });
  });

  it('takes none signed by more than half the committee, short of two thirds', async () => {
    const head = await headOf(withheld({ periodUpdate: false, headSigners: 341 }));
    expect(head).toMatchObject({ ...BOOTSTRAP, headAwaitsSupermajority: true });
  });

  it('takes a head two thirds of the committee signed (the recorded one: 511 signers)', async () => {
    const head = await headOf(withheld({ periodUpdate: false }));
    expect(head).toMatchObject(HEAD);
    expect(head.headAwaitsSupermajority).toBeUndefined();
  });
});

describe('the light client’s optimistic head after the period’s update (512 signers)', () => {
  it('takes a head signed by more than half as many (the safety threshold: 257 of 512)', async () => {
    const head = await headOf(withheld({ periodUpdate: true, headSigners: 257 }));
    expect(head).toMatchObject(HEAD);
    expect(head.headAwaitsSupermajority).toBeUndefined();
  });

  it('refuses one signed by half or fewer, and keeps the finalized header', async () => {
    for (const headSigners of [1, 256]) {
      const head = await headOf(withheld({ periodUpdate: true, headSigners }));
      expect(head).toMatchObject(BOOTSTRAP);
      expect(head.headAwaitsSupermajority).toBeUndefined();
    }
  });
});
