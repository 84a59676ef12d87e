// SSZ hash_tree_root of the few beacon containers a light client checks, and Merkle branches.
// Written out rather than taken from @lodestar/types (@chainsafe/ssz): that one needs Node's Buffer
// in a browser build, and compiles a WebAssembly SHA-256 when it is imported, which Cairn's page
// policy refuses (src/core/build/securityHeaders.ts).
// sszRoots.test.ts checks every root here against @lodestar/types on recorded mainnet data.
import { sha256 } from '@noble/hashes/sha2';
import type { BeaconBlockHeader, ExecutionPayloadHeader, SyncCommittee } from './beaconObjects';

const CHUNK_BYTES = 32;

function hashPair(left: Uint8Array, right: Uint8Array): Uint8Array {
  const both = new Uint8Array(2 * CHUNK_BYTES);
  both.set(left);
  both.set(right, CHUNK_BYTES);
  return sha256(both);
}

/** The deepest tree hashed here: a sync committee's 512 keys. */
const MAX_DEPTH = 9;
/** ZERO_HASHES[d]: the root of a subtree of depth d whose leaves are all zero. */
const ZERO_HASHES: Uint8Array[] = [new Uint8Array(CHUNK_BYTES)];
for (let depth = 1; depth <= MAX_DEPTH; depth++) {
  const below = ZERO_HASHES[depth - 1] as Uint8Array;
  ZERO_HASHES.push(hashPair(below, below));
}

function zeroHash(depth: number): Uint8Array {
  const hash = ZERO_HASHES[depth];
  if (!hash) throw new Error(`no tree here is ${depth} levels deep`);
  return hash;
}

/** The root over `chunks`, padded with zero chunks to the power of two at or above `limit`. */
function merkleize(chunks: Uint8Array[], limit = chunks.length): Uint8Array {
  let depth = 0;
  while (2 ** depth < limit) depth++;
  let layer = chunks;
  for (let level = 0; level < depth; level++) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < layer.length; i += 2)
      next.push(hashPair(layer[i] as Uint8Array, layer[i + 1] ?? zeroHash(level)));
    layer = next;
  }
  return layer[0] ?? zeroHash(depth);
}

/** An unsigned integer as its chunk: little-endian, zero-padded. */
function uintChunk(value: bigint): Uint8Array {
  const chunk = new Uint8Array(CHUNK_BYTES);
  for (let i = 0, rest = value; rest > 0n; i++, rest >>= 8n) chunk[i] = Number(rest & 0xffn);
  return chunk;
}

function packed(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    const chunk = new Uint8Array(CHUNK_BYTES);
    chunk.set(bytes.subarray(at, at + CHUNK_BYTES));
    chunks.push(chunk);
  }
  return chunks;
}

/** A fixed-length byte vector's root (a root or hash is its own; a pubkey or the bloom spans chunks). */
const bytesRoot = (bytes: Uint8Array): Uint8Array => merkleize(packed(bytes));

/** A ByteList[limit]'s root: its chunks under the limit, mixed with its length. */
const byteListRoot = (bytes: Uint8Array, limit: number): Uint8Array =>
  hashPair(merkleize(packed(bytes), Math.ceil(limit / CHUNK_BYTES)), uintChunk(BigInt(bytes.length)));

export function beaconHeaderRoot(header: BeaconBlockHeader): Uint8Array {
  return merkleize([
    uintChunk(BigInt(header.slot)),
    uintChunk(header.proposerIndex),
    header.parentRoot,
    header.stateRoot,
    header.bodyRoot,
  ]);
}

export function syncCommitteeRoot(committee: SyncCommittee): Uint8Array {
  return hashPair(merkleize(committee.pubkeys.map(bytesRoot)), bytesRoot(committee.aggregatePubkey));
}

/** The execution header's root in the layout of its fork: with blob gas from Deneb on (`withBlobGas`). */
export function executionHeaderRoot(header: ExecutionPayloadHeader, withBlobGas: boolean): Uint8Array {
  const fields = [
    header.parentHash,
    bytesRoot(header.feeRecipient),
    header.stateRoot,
    header.receiptsRoot,
    bytesRoot(header.logsBloom),
    header.prevRandao,
    uintChunk(header.blockNumber),
    uintChunk(header.gasLimit),
    uintChunk(header.gasUsed),
    uintChunk(header.timestamp),
    byteListRoot(header.extraData, 32),
    uintChunk(header.baseFeePerGas),
    header.blockHash,
    header.transactionsRoot,
    header.withdrawalsRoot,
  ];
  if (withBlobGas) fields.push(uintChunk(header.blobGas?.used ?? 0n), uintChunk(header.blobGas?.excess ?? 0n));
  return merkleize(fields);
}

/** compute_domain: the domain type, then the first 28 bytes of the ForkData root. */
export function computeDomain(domainType: Uint8Array, forkVersion: Uint8Array, genesisValidatorsRoot: Uint8Array) {
  const domain = new Uint8Array(CHUNK_BYTES);
  domain.set(domainType);
  domain.set(hashPair(bytesRoot(forkVersion), genesisValidatorsRoot).subarray(0, 28), 4);
  return domain;
}

/** compute_signing_root: the SigningData root of an object's root under a domain. */
export const signingRoot = (objectRoot: Uint8Array, domain: Uint8Array): Uint8Array => hashPair(objectRoot, domain);

export const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/**
 * True when `branch` proves `leaf` at generalized index `gindex` of the tree whose root is `root`
 * (is_valid_merkle_branch with the depth and index `gindex` encodes).
 */
export function isValidMerkleBranch(leaf: Uint8Array, branch: Uint8Array[], gindex: number, root: Uint8Array) {
  const depth = Math.floor(Math.log2(gindex));
  if (branch.length !== depth) return false;
  let node = leaf;
  branch.forEach((sibling, level) => {
    node = (gindex >> level) & 1 ? hashPair(sibling, node) : hashPair(node, sibling);
  });
  return sameBytes(node, root);
}
