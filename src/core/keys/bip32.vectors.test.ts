import { HDKey } from '@scure/bip32';
import { hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import bip32 from '@/testing/vectors/bip32/bip32-test-vectors.json';
import hdnodes from '@/testing/vectors/bip32/ethers-v5-testcases-hdnode-subset.json';
import { deriveAddresses, derivePrivateKey, nfkdBytes, seedFromPhrase } from './hd';
import { addressOfPrivateKey } from './privateKey';

describe('BIP32 test vectors 1–5', () => {
  for (const vector of bip32.valid) {
    it(`vector ${vector.vector}`, () => {
      const root = HDKey.fromMasterSeed(hexToBytes(`0x${vector.seed}`));
      for (const chain of vector.chains) {
        const node = chain.chain === 'm' ? root : root.derive(chain.chain.replace(/H/g, "'"));
        expect(node.privateExtendedKey, chain.chain).toBe(chain.ext_prv);
        expect(node.publicExtendedKey, chain.chain).toBe(chain.ext_pub);
      }
    });
  }

  it('refuses every invalid extended key of vector 5', () => {
    expect(bip32.invalid_ext_keys.length).toBeGreaterThan(10);
    for (const { key, reason } of bip32.invalid_ext_keys) {
      expect(() => HDKey.fromExtendedKey(key), reason).toThrow();
    }
  });
});

describe("Ethereum addresses at m/44'/60'/0'/0/0 (ethers hdnode cases)", () => {
  const withNodes = hdnodes.filter((c) => c.hdnodes.length > 0);
  it('covers the axic, trezor and random cases', () => expect(withNodes.length).toBeGreaterThanOrEqual(49));

  for (const testCase of withNodes) {
    it(testCase.name, async () => {
      const seed = await seedFromPhrase(
        nfkdBytes(testCase.mnemonic),
        nfkdBytes(testCase.name.startsWith('trezor') ? 'TREZOR' : ''),
      );
      expect(`0x${Buffer.from(seed).toString('hex')}`).toBe(testCase.seed);
      for (const node of testCase.hdnodes) {
        const key = derivePrivateKey(seed, node.path);
        expect(`0x${Buffer.from(key).toString('hex')}`).toBe(node.privateKey);
        expect(addressOfPrivateKey(key).toLowerCase()).toBe(node.address);
      }
    });
  }

  it('derives the same addresses in a batch as one by one', async () => {
    const seed = await seedFromPhrase(nfkdBytes('test test test test test test test test test test test junk'));
    const batch = deriveAddresses(seed, "m/44'/60'/0'/0/{i}", 0, 3);
    expect(batch.map((a) => a.address)).toEqual([
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    ]);
    expect(batch[1]?.path).toBe("m/44'/60'/0'/0/1");
  });
});
