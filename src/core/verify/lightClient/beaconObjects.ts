// Beacon-API light-client objects (JSON, as `/eth/v1/beacon/light_client/*` sends them) read into
// bytes and numbers, strictly: every field present, every hex string of its exact length, every
// number a decimal of its range. Nothing read here is trusted yet: syncProtocol.ts checks it.
import { hexToBytes } from 'viem';
import { type BeaconChain, type BeaconFork, epochOf, forkAt, forkFrom } from './beaconChains';

export type BeaconBlockHeader = {
  slot: number;
  proposerIndex: bigint;
  parentRoot: Uint8Array;
  stateRoot: Uint8Array;
  bodyRoot: Uint8Array;
};

/** The execution block's header as the beacon block carries it (Capella on; blob gas from Deneb on). */
export type ExecutionPayloadHeader = {
  parentHash: Uint8Array;
  feeRecipient: Uint8Array;
  stateRoot: Uint8Array;
  receiptsRoot: Uint8Array;
  logsBloom: Uint8Array;
  prevRandao: Uint8Array;
  blockNumber: bigint;
  gasLimit: bigint;
  gasUsed: bigint;
  timestamp: bigint;
  extraData: Uint8Array;
  baseFeePerGas: bigint;
  blockHash: Uint8Array;
  transactionsRoot: Uint8Array;
  withdrawalsRoot: Uint8Array;
  blobGas?: { used: bigint; excess: bigint };
};

export type LightClientHeader = {
  beacon: BeaconBlockHeader;
  execution: ExecutionPayloadHeader;
  executionBranch: Uint8Array[];
};

export type SyncCommittee = { pubkeys: Uint8Array[]; aggregatePubkey: Uint8Array };

export type SyncAggregate = { bits: Uint8Array; signature: Uint8Array };

export type LightClientBootstrap = {
  header: LightClientHeader;
  currentSyncCommittee: SyncCommittee;
  currentSyncCommitteeBranch: Uint8Array[];
};

/**
 * A sync-committee, finality or optimistic update, as one shape (the spec's): the parts a kind
 * lacks are absent rather than zero-filled.
 */
export type LightClientUpdate = {
  attestedHeader: LightClientHeader;
  nextSyncCommittee?: { committee: SyncCommittee; branch: Uint8Array[] };
  finalized?: { header: LightClientHeader; branch: Uint8Array[] };
  syncAggregate: SyncAggregate;
  signatureSlot: number;
};

export const SYNC_COMMITTEE_SIZE = 512;

/** Beacon data that is malformed or does not verify; its message is the short technical reason. */
export class BeaconDataRejected extends Error {
  override readonly name = 'BeaconDataRejected';
}

type Json = Record<string, unknown>;

function field(object: unknown, name: string): unknown {
  if (typeof object !== 'object' || object === null || !Object.hasOwn(object, name))
    throw new BeaconDataRejected(`malformed: no ${name}`);
  return (object as Json)[name];
}

function bytes(object: unknown, name: string, length: number): Uint8Array {
  const value = field(object, name);
  if (typeof value !== 'string' || !new RegExp(`^0x[0-9a-fA-F]{${length * 2}}$`).test(value))
    throw new BeaconDataRejected(`malformed: ${name} is not ${length} bytes of hex`);
  return hexToBytes(value as `0x${string}`);
}

function byteList(object: unknown, name: string, limit: number): Uint8Array {
  const value = field(object, name);
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value) || value.length > 2 + limit * 2)
    throw new BeaconDataRejected(`malformed: ${name} is not hex of at most ${limit} bytes`);
  return hexToBytes(value as `0x${string}`);
}

function uint(object: unknown, name: string, bits: 64 | 256): bigint {
  const value = field(object, name);
  if (typeof value !== 'string' || !/^(0|[1-9][0-9]{0,77})$/.test(value) || BigInt(value) >= 1n << BigInt(bits))
    throw new BeaconDataRejected(`malformed: ${name} is not a uint${bits}`);
  return BigInt(value);
}

function slot(object: unknown, name: string): number {
  const value = uint(object, name, 64);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new BeaconDataRejected(`malformed: ${name} is out of range`);
  return Number(value);
}

function roots(object: unknown, name: string): Uint8Array[] {
  const value = field(object, name);
  if (!Array.isArray(value) || value.length > 16) throw new BeaconDataRejected(`malformed: ${name} is not a branch`);
  return value.map((_, i) => bytes(value, String(i), 32));
}

function beaconHeader(json: unknown): BeaconBlockHeader {
  return {
    slot: slot(json, 'slot'),
    proposerIndex: uint(json, 'proposer_index', 64),
    parentRoot: bytes(json, 'parent_root', 32),
    stateRoot: bytes(json, 'state_root', 32),
    bodyRoot: bytes(json, 'body_root', 32),
  };
}

function executionHeader(json: unknown, fork: BeaconFork): ExecutionPayloadHeader {
  const header: ExecutionPayloadHeader = {
    parentHash: bytes(json, 'parent_hash', 32),
    feeRecipient: bytes(json, 'fee_recipient', 20),
    stateRoot: bytes(json, 'state_root', 32),
    receiptsRoot: bytes(json, 'receipts_root', 32),
    logsBloom: bytes(json, 'logs_bloom', 256),
    prevRandao: bytes(json, 'prev_randao', 32),
    blockNumber: uint(json, 'block_number', 64),
    gasLimit: uint(json, 'gas_limit', 64),
    gasUsed: uint(json, 'gas_used', 64),
    timestamp: uint(json, 'timestamp', 64),
    extraData: byteList(json, 'extra_data', 32),
    baseFeePerGas: uint(json, 'base_fee_per_gas', 256),
    blockHash: bytes(json, 'block_hash', 32),
    transactionsRoot: bytes(json, 'transactions_root', 32),
    withdrawalsRoot: bytes(json, 'withdrawals_root', 32),
  };
  if (forkFrom(fork, 'deneb'))
    header.blobGas = { used: uint(json, 'blob_gas_used', 64), excess: uint(json, 'excess_blob_gas', 64) };
  return header;
}

function lightClientHeader(json: unknown, fork: BeaconFork): LightClientHeader {
  return {
    beacon: beaconHeader(field(json, 'beacon')),
    execution: executionHeader(field(json, 'execution'), fork),
    executionBranch: roots(json, 'execution_branch'),
  };
}

function syncCommittee(json: unknown): SyncCommittee {
  const pubkeys = field(json, 'pubkeys');
  if (!Array.isArray(pubkeys) || pubkeys.length !== SYNC_COMMITTEE_SIZE)
    throw new BeaconDataRejected(`malformed: a sync committee of other than ${SYNC_COMMITTEE_SIZE} keys`);
  return {
    pubkeys: pubkeys.map((_, i) => bytes(pubkeys, String(i), 48)),
    aggregatePubkey: bytes(json, 'aggregate_pubkey', 48),
  };
}

const isZero = (root: Uint8Array) => root.every((byte) => byte === 0);

/**
 * The object inside a `{version, data}` answer, once `version` is a fork this client reads and the
 * fork in force at the slot that decides it (`slotOf`).
 */
function versioned(chain: BeaconChain, answer: unknown, slotOf: (data: unknown) => number) {
  const version = field(answer, 'version');
  const data = field(answer, 'data');
  const epoch = epochOf(slotOf(data));
  if (chain.unknownFork && epoch >= chain.unknownFork.epoch)
    throw new BeaconDataRejected(`data of the ${chain.unknownFork.name} fork, which this light client cannot read`);
  const fork = forkAt(chain, epoch).fork;
  if (version !== fork) throw new BeaconDataRejected(`version ${String(version)} where the slot is ${fork}`);
  if (!forkFrom(fork, 'capella')) throw new BeaconDataRejected(`${fork} data carries no execution header`);
  return { data, fork };
}

const attestedSlot = (data: unknown) => slot(field(field(data, 'attested_header'), 'beacon'), 'slot');

export function readBootstrap(chain: BeaconChain, answer: unknown): LightClientBootstrap {
  const { data, fork } = versioned(chain, answer, (d) => slot(field(field(d, 'header'), 'beacon'), 'slot'));
  return {
    header: lightClientHeader(field(data, 'header'), fork),
    currentSyncCommittee: syncCommittee(field(data, 'current_sync_committee')),
    currentSyncCommitteeBranch: roots(data, 'current_sync_committee_branch'),
  };
}

/** The update's common parts: attested header, sync aggregate, signature slot. */
function updateBase(data: unknown, fork: BeaconFork): LightClientUpdate {
  const aggregate = field(data, 'sync_aggregate');
  return {
    attestedHeader: lightClientHeader(field(data, 'attested_header'), fork),
    syncAggregate: {
      bits: bytes(aggregate, 'sync_committee_bits', SYNC_COMMITTEE_SIZE / 8),
      signature: bytes(aggregate, 'sync_committee_signature', 96),
    },
    signatureSlot: slot(data, 'signature_slot'),
  };
}

/** The finalized header and its branch, or nothing when the branch is all zero (no finality proven). */
function finalizedPart(data: unknown, fork: BeaconFork): LightClientUpdate['finalized'] {
  const branch = roots(data, 'finality_branch');
  const header = lightClientHeader(field(data, 'finalized_header'), fork);
  if (branch.some((root) => !isZero(root))) return { header, branch };
  if (header.beacon.slot !== 0 || !isZero(header.beacon.bodyRoot))
    throw new BeaconDataRejected('a finalized header without a finality branch');
  return undefined;
}

/** An answer of `/light_client/updates` (one element of its list). */
export function readUpdate(chain: BeaconChain, answer: unknown): LightClientUpdate {
  const { data, fork } = versioned(chain, answer, attestedSlot);
  const update = updateBase(data, fork);
  const branch = roots(data, 'next_sync_committee_branch');
  const committee = syncCommittee(field(data, 'next_sync_committee'));
  if (branch.some((root) => !isZero(root))) update.nextSyncCommittee = { committee, branch };
  else if (!committee.pubkeys.every(isZero)) throw new BeaconDataRejected('a next sync committee without a branch');
  const finalized = finalizedPart(data, fork);
  if (finalized) update.finalized = finalized;
  return update;
}

/** An answer of `/light_client/finality_update`. */
export function readFinalityUpdate(chain: BeaconChain, answer: unknown): LightClientUpdate {
  const { data, fork } = versioned(chain, answer, attestedSlot);
  const update = updateBase(data, fork);
  const finalized = finalizedPart(data, fork);
  if (!finalized) throw new BeaconDataRejected('a finality update without a finalized header');
  update.finalized = finalized;
  return update;
}

/** An answer of `/light_client/optimistic_update`. */
export function readOptimisticUpdate(chain: BeaconChain, answer: unknown): LightClientUpdate {
  const { data, fork } = versioned(chain, answer, attestedSlot);
  return updateBase(data, fork);
}
