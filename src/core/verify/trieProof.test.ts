import { createMerkleProof, createMPT } from '@ethereumjs/mpt';
import fc from 'fast-check';
import { bytesToHex, type Hex, hexToBytes, keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { TrieProofError, valueInTrie } from './trieProof';

/** A secure trie (keys hashed, as Ethereum's state and storage tries) built by @ethereumjs/mpt. */
async function trieOf(entries: readonly [Hex, Hex][]) {
  const trie = await createMPT({ useKeyHashing: true });
  for (const [key, value] of entries) await trie.put(hexToBytes(key), hexToBytes(value));
  return {
    root: bytesToHex(trie.root()),
    proof: async (key: Hex) => (await createMerkleProof(trie, hexToBytes(key))).map((node) => bytesToHex(node)),
  };
}

const key = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => bytesToHex(b));
const value = fc.uint8Array({ minLength: 1, maxLength: 80 }).map((b) => bytesToHex(b));
const entries = fc.uniqueArray(fc.tuple(key, value), { minLength: 1, maxLength: 60, selector: ([k]) => k });

describe('valueInTrie', () => {
  it('finds every stored value, as the reference trie proves it', async () => {
    await fc.assert(
      fc.asyncProperty(entries, async (stored) => {
        const trie = await trieOf(stored);
        for (const [k, v] of stored)
          expect(bytesToHex(valueInTrie(trie.root, k, await trie.proof(k)) ?? new Uint8Array())).toBe(v);
      }),
      { numRuns: 40 },
    );
  });

  it('proves a key absent where the reference trie has nothing', async () => {
    await fc.assert(
      fc.asyncProperty(entries, key, async (stored, missing) => {
        fc.pre(!stored.some(([k]) => k === missing));
        const trie = await trieOf(stored);
        expect(valueInTrie(trie.root, missing, await trie.proof(missing))).toBeNull();
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a proof with any byte of any node changed, naming the node', async () => {
    await fc.assert(
      fc.asyncProperty(entries, fc.nat(), fc.nat(), async (stored, pick, at) => {
        const trie = await trieOf(stored);
        const [k] = stored[pick % stored.length] as [Hex, Hex];
        const proof = await trie.proof(k);
        const node = pick % proof.length;
        const bytes = hexToBytes(proof[node] as Hex);
        bytes[at % bytes.length] = (bytes[at % bytes.length] as number) ^ 1;
        const tampered = proof.map((n, i) => (i === node ? bytesToHex(bytes) : n));
        let thrown: unknown;
        try {
          valueInTrie(trie.root, k, tampered);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(TrieProofError);
        expect((thrown as TrieProofError).at).toBe(node);
        expect((thrown as TrieProofError).fault).toBe('hash');
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a proof cut short, one with a node too many, and a node swapped for another', async () => {
    const stored: [Hex, Hex][] = Array.from({ length: 40 }, (_, i) => [
      keccak256(`0x${i.toString(16).padStart(2, '0')}`).slice(0, 42) as Hex,
      `0x${'ab'.repeat(i + 1)}`,
    ]);
    const trie = await trieOf(stored);
    const [k] = stored[7] as [Hex, Hex];
    const [other] = stored[30] as [Hex, Hex];
    const proof = await trie.proof(k);
    expect(() => valueInTrie(trie.root, k, proof.slice(0, -1))).toThrow(expect.objectContaining({ fault: 'short' }));
    expect(() => valueInTrie(trie.root, k, [...proof, proof[0] as Hex])).toThrow(
      expect.objectContaining({ fault: 'extra' }),
    );
    const otherProof = await trie.proof(other);
    const swapped = [...proof];
    swapped[proof.length - 1] = otherProof[otherProof.length - 1] as Hex;
    expect(() => valueInTrie(trie.root, k, swapped)).toThrow(TrieProofError);
    expect(() => valueInTrie(keccak256('0x01'), k, proof)).toThrow(expect.objectContaining({ fault: 'hash', at: 0 }));
  });
});
