import { bls12_381 } from '@noble/curves/bls12-381';
import { describe, expect, it } from 'vitest';
import { BEACON_CHAINS } from './beaconChains';
import { SYNC_COMMITTEE_SIZE, type SyncCommittee } from './beaconObjects';
import { signingRoot } from './sszRoots';
import { participantCount, syncAggregateVerifies, syncCommitteeDomain } from './syncSignature';

// A made-up committee (the recorded ones are signed by nearly all members, so only the path that
// takes absent keys away runs on them): eight keys, each sitting in 64 seats.
const DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const chain = BEACON_CHAINS.mainnet;
const SIGNATURE_SLOT = 7109431;
const secretKeys = Array.from({ length: 8 }, (_, i) => 7n ** 40n + BigInt(i));
const publicKeys = secretKeys.map((key) => bls12_381.getPublicKey(key));
const seatKey = (seat: number) => secretKeys[seat % secretKeys.length] as bigint;
const committee: SyncCommittee = {
  pubkeys: Array.from({ length: SYNC_COMMITTEE_SIZE }, (_, seat) => publicKeys[seat % publicKeys.length] as Uint8Array),
  aggregatePubkey: new Uint8Array(),
};
committee.aggregatePubkey = bls12_381.aggregatePublicKeys(committee.pubkeys);
const headerRoot = new Uint8Array(32).fill(0xab);

/**
 * The aggregate of the seats `signs` picks, signing the header in SIGNATURE_SLOT: the sum of their
 * signatures is one signature with the sum of their keys, which is quicker to make.
 */
function signedBy(signs: (seat: number) => boolean) {
  const bits = new Uint8Array(SYNC_COMMITTEE_SIZE / 8);
  let keySum = 0n;
  for (let seat = 0; seat < SYNC_COMMITTEE_SIZE; seat++) {
    if (!signs(seat)) continue;
    bits[seat >> 3] = (bits[seat >> 3] ?? 0) | (1 << (seat & 7));
    keySum += seatKey(seat);
  }
  const message = signingRoot(headerRoot, syncCommitteeDomain(chain, SIGNATURE_SLOT));
  const signed = bls12_381.G2.hashToCurve(message, { DST }).multiply(keySum % bls12_381.params.r);
  const signature = bls12_381.Signature.toRawBytes(bls12_381.G2.ProjectivePoint.fromAffine(signed.toAffine()));
  return { bits, signature };
}

describe('syncAggregateVerifies', () => {
  it.each([
    ['a few seats (adding their keys)', (seat: number) => seat % 5 === 0],
    ['most seats (taking the absent keys from the aggregate)', (seat: number) => seat % 7 !== 3],
  ])('takes a signature by %s', (_, signs) => {
    const aggregate = signedBy(signs);
    expect(participantCount(aggregate.bits)).toBeGreaterThan(0);
    expect(syncAggregateVerifies(chain, committee, aggregate, headerRoot, SIGNATURE_SLOT)).toBe(true);
  });

  it('refuses it for another header, another fork’s domain, or other signers', () => {
    const aggregate = signedBy((seat) => seat % 7 !== 3);
    expect(syncAggregateVerifies(chain, committee, aggregate, new Uint8Array(32), SIGNATURE_SLOT)).toBe(false);
    // Deneb's first slot, signed with Capella's version: the domain is the slot before's.
    expect(syncAggregateVerifies(chain, committee, aggregate, headerRoot, 269568 * 32 + 1)).toBe(false);
    const fewer = { ...aggregate, bits: aggregate.bits.map((byte, i) => (i === 0 ? byte & 0xfe : byte)) };
    expect(syncAggregateVerifies(chain, committee, fewer, headerRoot, SIGNATURE_SLOT)).toBe(false);
  });

  it('refuses bytes that are no signature, and a committee whose keys are no points', () => {
    const aggregate = signedBy((seat) => seat % 2 === 0);
    const garbled = { ...aggregate, signature: new Uint8Array(96).fill(0xff) };
    expect(syncAggregateVerifies(chain, committee, garbled, headerRoot, SIGNATURE_SLOT)).toBe(false);
    const broken = { ...committee, pubkeys: committee.pubkeys.map(() => new Uint8Array(48).fill(0xff)) };
    expect(syncAggregateVerifies(chain, broken, aggregate, headerRoot, SIGNATURE_SLOT)).toBe(false);
  });

  it('signs with the fork version of the slot before the signature slot', () => {
    const capellaDomain = syncCommitteeDomain(chain, 269568 * 32);
    const denebDomain = syncCommitteeDomain(chain, 269568 * 32 + 1);
    expect(capellaDomain).not.toEqual(denebDomain);
    expect(syncCommitteeDomain(chain, 269568 * 32 - 5)).toEqual(capellaDomain);
  });
});
