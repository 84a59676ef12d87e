import { describe, expect, it } from 'vitest';
import {
  beaconData as data,
  FULU_ROOT,
  flipBit,
  flipByte,
  fuluNow,
  fuluRecorded,
  HELIOS_ROOT,
  heliosRecorded as helios,
  heliosNow,
  recordedApi,
  RECORDED_BEACON_URL as URL,
} from '../../../testing/recordedBeacon';
import { beaconApi } from './beaconApi';
import { BEACON_CHAINS, slotStartMs } from './beaconChains';
import { CHECKPOINT_MAX_AGE_DAYS, type LightClient, startLightClient } from './lightClient';

// Recorded mainnet Beacon-API answers (src/testing/vectors/verify/README.md, lightclient/).
const DAY_MS = 86_400_000;
const {
  bootstrap: heliosBootstrap,
  updates: heliosUpdates,
  finality: heliosFinality,
  optimistic: heliosOptimistic,
} = helios();

async function heliosClient(recorded = helios(), now = heliosNow) {
  const { api, asked } = recordedApi(recorded);
  const client = await startLightClient({ chain: 'mainnet', api, checkpointRoot: HELIOS_ROOT, now });
  return { client, asked };
}

async function codeOf(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return (error as { code?: string } | undefined)?.code ?? 'resolved';
}

describe('startLightClient', () => {
  it('starts from the recorded checkpoint: its header is the bootstrap block', async () => {
    const { client, asked } = await heliosClient();
    expect(asked).toEqual([`bootstrap ${HELIOS_ROOT}`]);
    const header = client.latest();
    expect(header).toMatchObject({ number: 17883333n, slot: 7069376, finalized: true });
    expect(header.hash).toBe(data(heliosBootstrap).header.execution.block_hash);
    expect(client.checkpointRoot()).toBe(HELIOS_ROOT);
  });

  it('refuses a bootstrap that is not the block the checkpoint names', async () => {
    const { api } = recordedApi(helios());
    const start = startLightClient({ chain: 'mainnet', api, checkpointRoot: FULU_ROOT, now: heliosNow });
    await expect(start).rejects.toMatchObject({ code: 'VERIFY_CHECKPOINT_INVALID' });
    await expect(start).rejects.toThrow(FULU_ROOT);
  });

  it('refuses a bootstrap whose sync committee its state does not hold', async () => {
    const recorded = helios();
    const committee = data(recorded.bootstrap).current_sync_committee;
    committee.pubkeys[7] = committee.pubkeys[8];
    const start = heliosClient(recorded);
    await expect(start).rejects.toMatchObject({ code: 'VERIFY_CHECKPOINT_INVALID' });
    await expect(start).rejects.toThrow(/current sync committee branch does not verify/);
  });

  it('refuses a bootstrap whose execution header its block does not hold', async () => {
    const recorded = helios();
    const execution = data(recorded.bootstrap).header.execution;
    execution.state_root = flipByte(execution.state_root);
    await expect(heliosClient(recorded)).rejects.toThrow(/bootstrap header's execution branch does not verify/);
  });

  it('refuses a root that is no root, without asking the beacon API', async () => {
    const { api, asked } = recordedApi(helios());
    const start = startLightClient({ chain: 'mainnet', api, checkpointRoot: '0x5afc', now: heliosNow });
    await expect(start).rejects.toMatchObject({ code: 'VERIFY_CHECKPOINT_INVALID' });
    expect(asked).toEqual([]);
  });

  it(`refuses a checkpoint older than ${CHECKPOINT_MAX_AGE_DAYS} days, and takes one a day younger`, async () => {
    const checkpointTime = slotStartMs(BEACON_CHAINS.mainnet, 7069376);
    const old = heliosClient(helios(), () => checkpointTime + 15 * DAY_MS);
    await expect(old).rejects.toMatchObject({ code: 'VERIFY_CHECKPOINT_OLD' });
    await expect(old).rejects.toThrow(/15 days old.*less than 14 days/);
    expect(await codeOf(heliosClient(helios(), () => checkpointTime + 13 * DAY_MS))).toBe('resolved');
  });
});

describe('LightClient.update on the recorded helios set', () => {
  it('follows the committees from period 862 to 867 and gives the finality update’s execution header', async () => {
    const { client, asked } = await heliosClient();
    const header = await client.update();
    expect(asked.slice(1)).toEqual(['updates 862 6', 'finality']);
    const execution = data(heliosFinality).finalized_header.execution;
    expect(header).toEqual({
      number: BigInt(execution.block_number),
      hash: execution.block_hash,
      stateRoot: execution.state_root,
      timestamp: BigInt(execution.timestamp),
      slot: 7109344,
      finalized: true,
    });
    expect(header.number).toBe(17923026n);
    expect(client.latest()).toEqual(header);
  });

  it('asks only for the finality update once the committees are current, and stays put on a stale one', async () => {
    const { client, asked } = await heliosClient();
    const first = await client.update();
    expect(await client.update()).toEqual(first);
    expect(asked.slice(3)).toEqual(['finality']);
  });

  it('gives the newer signed head when asked for it, as not finalized', async () => {
    const { client } = await heliosClient();
    const head = await client.update({ optimistic: true });
    const execution = data(heliosOptimistic).attested_header.execution;
    expect(head).toMatchObject({ number: 17923113n, hash: execution.block_hash, slot: 7109431, finalized: false });
  });

  it('rejects an update whose sync-aggregate signature was tampered with', async () => {
    const recorded = helios();
    const aggregate = data(recorded.updates[3]).sync_aggregate;
    aggregate.sync_committee_signature = flipByte(aggregate.sync_committee_signature, 40);
    const { client } = await heliosClient(recorded);
    const update = client.update();
    await expect(update).rejects.toMatchObject({ code: 'VERIFY_UPDATE_INVALID' });
    await expect(update).rejects.toThrow(`An update from ${URL} does not verify (the sync committee's signature`);
    // What verified before the bad update is kept.
    expect(client.latest().slot).toBe(7078240);
  });

  it('rejects an update with a participation bit turned off, or on', async () => {
    for (const bit of [0, 42]) {
      const recorded = helios();
      const aggregate = data(recorded.updates[2]).sync_aggregate;
      aggregate.sync_committee_bits = flipBit(aggregate.sync_committee_bits, bit);
      const { client } = await heliosClient(recorded);
      const update = client.update();
      await expect(update).rejects.toMatchObject({ code: 'VERIFY_UPDATE_INVALID' });
      await expect(update).rejects.toThrow(/signature does not verify/);
    }
  });

  it('rejects a finality update whose participation bit was flipped', async () => {
    const recorded = helios();
    const aggregate = data(recorded.finality).sync_aggregate;
    aggregate.sync_committee_bits = flipBit(aggregate.sync_committee_bits, 100);
    const { client } = await heliosClient(recorded);
    await expect(client.update()).rejects.toThrow(/signature does not verify/);
  });

  it('rejects a finalized execution header its beacon block does not hold', async () => {
    const recorded = helios();
    const execution = data(recorded.finality).finalized_header.execution;
    execution.state_root = flipByte(execution.state_root, 31);
    const { client } = await heliosClient(recorded);
    await expect(client.update()).rejects.toThrow(/finalized header's execution branch does not verify/);
  });

  it('rejects a finalized header the attested state does not hold (finality branch)', async () => {
    const recorded = helios();
    const update = data(recorded.finality);
    update.finalized_header.beacon.proposer_index = '1';
    const { client } = await heliosClient(recorded);
    await expect(client.update()).rejects.toThrow(/finality branch does not verify/);
  });

  it('rejects a next sync committee the attested state does not hold', async () => {
    const recorded = helios();
    const committee = data(recorded.updates[1]).next_sync_committee;
    committee.aggregate_pubkey = committee.pubkeys[0];
    const { client } = await heliosClient(recorded);
    await expect(client.update()).rejects.toThrow(/next sync committee branch does not verify/);
  });

  it('rejects an update signed by a committee it has not been handed (a period left out)', async () => {
    const recorded = helios();
    recorded.updates.splice(2, 1);
    const { client } = await heliosClient(recorded);
    await expect(client.update()).rejects.toThrow(/period 865, whose committee is not proven yet/);
  });

  it('rejects an update signed in a slot still to come', async () => {
    const { client } = await heliosClient(helios(), () => slotStartMs(BEACON_CHAINS.mainnet, 7104100));
    await expect(client.update()).rejects.toThrow(/still to come/);
  });
});

describe('a light client over beaconApi', () => {
  it('asks the beacon API’s routes and follows what they answer', async () => {
    const files: Record<string, unknown> = {
      [`/eth/v1/beacon/light_client/bootstrap/${HELIOS_ROOT}`]: heliosBootstrap,
      '/eth/v1/beacon/light_client/updates?start_period=862&count=6': heliosUpdates,
      '/eth/v1/beacon/light_client/finality_update': heliosFinality,
    };
    const fetch = async (url: string) => {
      const body = files[url.slice(URL.length)];
      return body ? new Response(JSON.stringify(body)) : new Response('not found', { status: 404 });
    };
    const api = beaconApi(URL, { fetch });
    const client = await startLightClient({ chain: 'mainnet', api, checkpointRoot: HELIOS_ROOT, now: heliosNow });
    expect((await client.update()).number).toBe(17923026n);
  });
});

describe('LightClient.update on the recorded Fulu set', () => {
  it('takes period 1711’s committee hand-over and the finality update, in Electra’s deeper state', async () => {
    const recorded = fuluRecorded();
    const { api, asked } = recordedApi(recorded);
    const client: LightClient = await startLightClient({
      chain: 'mainnet',
      api,
      checkpointRoot: FULU_ROOT,
      now: fuluNow,
    });
    const header = await client.update();
    expect(asked.slice(1)).toEqual(['updates 1711 1', 'finality']);
    const execution = data(recorded.finality).finalized_header.execution;
    expect(header).toEqual({
      number: 24784163n,
      hash: execution.block_hash,
      stateRoot: execution.state_root,
      timestamp: BigInt(execution.timestamp),
      slot: 14017952,
      finalized: true,
    });
  });

  it('rejects its finality update with the signature tampered with', async () => {
    const recorded = fuluRecorded();
    const aggregate = data(recorded.finality).sync_aggregate;
    aggregate.sync_committee_signature = flipByte(aggregate.sync_committee_signature, 3);
    const { api } = recordedApi(recorded);
    const client = await startLightClient({ chain: 'mainnet', api, checkpointRoot: FULU_ROOT, now: fuluNow });
    const update = client.update();
    await expect(update).rejects.toMatchObject({ code: 'VERIFY_UPDATE_INVALID' });
    await expect(update).rejects.toThrow(/signature does not verify/);
  });
});
