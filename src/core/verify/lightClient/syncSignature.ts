// The sync committee's BLS signature over a beacon header, checked with @noble/curves (plain
// JavaScript, which Cairn's page policy allows, unlike the WebAssembly BLS of @chainsafe/bls).
import { bls12_381 } from '@noble/curves/bls12-381';
import { hexToBytes } from 'viem';
import { type BeaconChain, epochOf, forkAt } from './beaconChains';
import { SYNC_COMMITTEE_SIZE, type SyncAggregate, type SyncCommittee } from './beaconObjects';
import { computeDomain, signingRoot } from './sszRoots';

/** Ethereum's BLS ciphersuite: keys in G1, signatures in G2, the proof-of-possession scheme. */
const ETHEREUM_BLS_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const DOMAIN_SYNC_COMMITTEE = Uint8Array.of(7, 0, 0, 0);

export const isParticipant = (bits: Uint8Array, index: number): boolean =>
  (((bits[index >> 3] ?? 0) >> (index & 7)) & 1) === 1;

export function participantCount(bits: Uint8Array): number {
  let count = 0;
  for (let index = 0; index < SYNC_COMMITTEE_SIZE; index++) if (isParticipant(bits, index)) count++;
  return count;
}

/** The domain a sync committee signs with for a signature in `signatureSlot`: the fork of the slot before. */
export function syncCommitteeDomain(chain: BeaconChain, signatureSlot: number): Uint8Array {
  const { version } = forkAt(chain, epochOf(Math.max(signatureSlot, 1) - 1));
  return computeDomain(DOMAIN_SYNC_COMMITTEE, hexToBytes(version), hexToBytes(chain.genesisValidatorsRoot));
}

/** The sum of the participants' keys. */
function participantsKey(committee: SyncCommittee, bits: Uint8Array) {
  const { ProjectivePoint } = bls12_381.G1;
  const key = (index: number) => ProjectivePoint.fromHex(committee.pubkeys[index] as Uint8Array);
  let sum = ProjectivePoint.ZERO;
  if (participantCount(bits) * 2 > SYNC_COMMITTEE_SIZE) {
    // The committee's aggregate key is proven with its keys (one SSZ root), so when most of the
    // committee signs, taking the few absent keys from it costs a fraction of adding up the rest.
    sum = ProjectivePoint.fromHex(committee.aggregatePubkey);
    for (let index = 0; index < SYNC_COMMITTEE_SIZE; index++)
      if (!isParticipant(bits, index)) sum = sum.subtract(key(index));
  } else {
    for (let index = 0; index < SYNC_COMMITTEE_SIZE; index++) if (isParticipant(bits, index)) sum = sum.add(key(index));
  }
  return sum;
}

/**
 * True when the members of `committee` that `aggregate`'s bits name signed the beacon header whose
 * root is `headerRoot` in `signatureSlot` (FastAggregateVerify over its signing root).
 */
export function syncAggregateVerifies(
  chain: BeaconChain,
  committee: SyncCommittee,
  aggregate: SyncAggregate,
  headerRoot: Uint8Array,
  signatureSlot: number,
): boolean {
  const message = signingRoot(headerRoot, syncCommitteeDomain(chain, signatureSlot));
  try {
    return bls12_381.verify(aggregate.signature, message, participantsKey(committee, aggregate.bits), {
      DST: ETHEREUM_BLS_DST,
    });
  } catch {
    // A key or signature that is no curve point, or keys summing to none: no valid signature.
    return false;
  }
}
