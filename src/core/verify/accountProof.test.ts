import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import weth from '../../testing/vectors/verify/proofs/mainnet-weth-23223655.json' with { type: 'json' };
import withStorage from '../../testing/vectors/verify/proofs/ropsten-contract-with-storage.json' with { type: 'json' };
import nonexistent from '../../testing/vectors/verify/proofs/ropsten-nonexistent-account.json' with { type: 'json' };
import valid from '../../testing/vectors/verify/proofs/ropsten-valid-account.json' with { type: 'json' };
import {
  EMPTY_CODE_HASH,
  EMPTY_TRIE_ROOT,
  ProofFailedError,
  provenAccount,
  type RpcAccountProof,
} from './accountProof';
import { headerIsWhole, type RpcHeader } from './headerHash';

// eth_getProof answers recorded from mainnet and Ropsten (src/testing/vectors/verify/README.md).
type Recorded = { stateRoot: string; result: unknown };
const root = (recorded: Recorded) => recorded.stateRoot as Hex;
const proofOf = (recorded: Recorded) => structuredClone(recorded.result) as RpcAccountProof;
/** What was asked: the account and the slots the answer carries. */
const asked = (proof: RpcAccountProof) => ({
  address: proof.address,
  slots: proof.storageProof.map((entry) => entry.key),
});

describe('provenAccount', () => {
  it('proves mainnet WETH and a slot of it, from the block hash down', () => {
    expect(headerIsWhole(weth.block as RpcHeader)).toBe(true);
    expect(weth.block.stateRoot).toBe(weth.stateRoot);
    const proof = proofOf(weth);
    const account = provenAccount(root(weth), proof, asked(proof));
    expect(account.balance).toBe(BigInt(proof.balance));
    expect(account.nonce).toBe(BigInt(proof.nonce));
    expect(account.codeHash).toBe(proof.codeHash.toLowerCase());
    expect(account.storageRoot).toBe(proof.storageHash.toLowerCase());
    const [slot] = proof.storageProof;
    expect(account.storage.get(slot?.key as Hex)).toBe(BigInt(slot?.value as Hex));
  });

  it('proves a plain account, and one that does not exist', () => {
    const plain = provenAccount(root(valid), proofOf(valid), asked(proofOf(valid)));
    expect(plain.balance).toBe(BigInt(proofOf(valid).balance));
    const absent = provenAccount(root(nonexistent), proofOf(nonexistent), asked(proofOf(nonexistent)));
    expect(absent).toMatchObject({ balance: 0n, nonce: 0n, storageRoot: EMPTY_TRIE_ROOT, codeHash: EMPTY_CODE_HASH });
  });

  it('proves a present slot and an absent one (zero)', () => {
    const proof = proofOf(withStorage);
    const account = provenAccount(root(withStorage), proof, asked(proof));
    for (const entry of proof.storageProof) expect(account.storage.get(entry.key as Hex)).toBe(BigInt(entry.value));
    expect([...account.storage.values()]).toContain(0n);
  });

  it('refuses a balance changed inside the account proof, and a storage proof node changed', () => {
    const proof = proofOf(weth);
    const last = proof.accountProof.length - 1;
    const leaf = proof.accountProof[last] as Hex;
    // The balance sits inside the leaf's RLP: change one of its bytes.
    proof.accountProof[last] =
      `${leaf.slice(0, -80)}${leaf.slice(-80, -78) === 'ff' ? '00' : 'ff'}${leaf.slice(-78)}` as Hex;
    expect(() => provenAccount(root(weth), proof, asked(proof))).toThrow(ProofFailedError);

    const slotProof = proofOf(weth);
    const entry = slotProof.storageProof[0] as { proof: Hex[] };
    entry.proof[0] = `${(entry.proof[0] as Hex).slice(0, -2)}00` as Hex;
    let thrown: unknown;
    try {
      provenAccount(root(weth), slotProof, asked(slotProof));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProofFailedError);
    expect((thrown as ProofFailedError).failure.part).toBe('storage');
  });

  it('refuses an answer whose stated balance or slot value is not what its proof proves', () => {
    const balance = { ...proofOf(weth), balance: '0xde0b6b3a7640000' as Hex };
    expect(() => provenAccount(root(weth), balance, asked(balance))).toThrow(
      expect.objectContaining({ fault: 'stated' }),
    );
    const slot = proofOf(weth);
    (slot.storageProof[0] as { value: Hex }).value = '0x1';
    expect(() => provenAccount(root(weth), slot, asked(slot))).toThrow(
      expect.objectContaining({ fault: 'stated', failure: expect.objectContaining({ part: 'storage' }) }),
    );
  });

  it('refuses a proof of another account than the one asked for, and one that leaves out a slot asked for', () => {
    const proof = proofOf(weth);
    const other = { address: '0x0000000000000000000000000000000000000001' as Hex };
    expect(() => provenAccount(root(weth), proof, other)).toThrow(expect.objectContaining({ fault: 'stated' }));
    const slotAsked = `0x${'07'.repeat(32)}` as Hex;
    expect(() => provenAccount(root(weth), proof, { address: proof.address, slots: [slotAsked] })).toThrow(
      expect.objectContaining({ fault: 'stated', failure: { part: 'storage', slot: slotAsked } }),
    );
  });

  it('reads every slot of an account without storage as zero, from the empty root’s node or none', () => {
    const proof = proofOf(valid);
    const slot = `0x${'00'.repeat(31)}01` as Hex;
    for (const nodes of [[], ['0x80']] as Hex[][]) {
      const account = provenAccount(
        root(valid),
        { ...proof, storageProof: [{ key: slot, value: '0x0', proof: nodes }] },
        { address: proof.address, slots: [slot] },
      );
      expect(account.storageRoot).toBe(EMPTY_TRIE_ROOT);
      expect(account.storage.get(slot)).toBe(0n);
    }
  });

  it('reads an absent account stated with zero hashes, as geth from 1.13.4 and Erigon state it', () => {
    const proof = {
      ...proofOf(nonexistent),
      codeHash: `0x${'00'.repeat(32)}` as Hex,
      storageHash: `0x${'00'.repeat(32)}` as Hex,
    };
    expect(provenAccount(root(nonexistent), proof, asked(proof))).toMatchObject({
      balance: 0n,
      codeHash: EMPTY_CODE_HASH,
    });
    // Only for an account the trie proves absent.
    const present = { ...proofOf(valid), codeHash: `0x${'00'.repeat(32)}` as Hex };
    expect(() => provenAccount(root(valid), present, asked(present))).toThrow(
      expect.objectContaining({ fault: 'stated' }),
    );
  });
});
