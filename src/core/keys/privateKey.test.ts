import fc from 'fast-check';
import { bytesToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import eip55 from '@/testing/vectors/eip55/eip55-checksum-addresses.json';
import accounts from '@/testing/vectors/eip55/ethers-testcases-accounts.json';
import type { KeyError } from '../errors/keys';
import { parseAddress } from './address';
import { addressOfPrivateKey, parsePrivateKey } from './privateKey';

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as KeyError).code;
  }
  return 'accepted';
}

describe('private keys', () => {
  it('map to their addresses (259 ethers cases)', () => {
    expect(accounts.length).toBe(259);
    for (const account of accounts) {
      const key = parsePrivateKey(account.privateKey);
      expect(addressOfPrivateKey(key)).toBe(account.address);
    }
  });

  it('are accepted with or without 0x and surrounding space', () => {
    const hex = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    expect(bytesToHex(parsePrivateKey(hex))).toBe(`0x${hex}`);
    expect(bytesToHex(parsePrivateKey(` 0x${hex.toUpperCase()}\n`))).toBe(`0x${hex}`);
  });

  it('are refused with the reason when malformed or out of range', () => {
    expect(code(() => parsePrivateKey(''))).toBe('KEYS_PRIVATE_KEY_FORMAT');
    expect(code(() => parsePrivateKey('0x1234'))).toBe('KEYS_PRIVATE_KEY_FORMAT');
    expect(code(() => parsePrivateKey('g'.repeat(64)))).toBe('KEYS_PRIVATE_KEY_FORMAT');
    expect(code(() => parsePrivateKey('0'.repeat(64)))).toBe('KEYS_PRIVATE_KEY_RANGE');
    expect(code(() => parsePrivateKey('f'.repeat(64)))).toBe('KEYS_PRIVATE_KEY_RANGE');
    expect(code(() => parsePrivateKey('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'))).toBe(
      'KEYS_PRIVATE_KEY_RANGE',
    );
    expect(code(() => parsePrivateKey('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140'))).toBe(
      'accepted',
    );
  });

  it('never echo the key in an error', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{60,70}$/), (hex) => {
        try {
          parsePrivateKey(`${hex}z`);
        } catch (error) {
          expect((error as KeyError).shortMessage).not.toContain(hex.slice(0, 20));
        }
      }),
    );
  });
});

describe('addresses (EIP-55)', () => {
  it('accepts every ERC-55 test case', () => {
    for (const group of Object.values(eip55.test_cases)) {
      for (const address of group) expect(parseAddress(address).toLowerCase()).toBe(address.toLowerCase());
    }
    for (const { input, checksummed } of eip55.examples) expect(parseAddress(input)).toBe(checksummed);
  });

  it('refuses a mixed-case address whose checksum is wrong', () => {
    for (const address of eip55.test_cases.Normal) {
      const i = address.slice(2).search(/[a-fA-F]/) + 2;
      const char = address[i] ?? '';
      const flipped = `${address.slice(0, i)}${char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase()}${address.slice(i + 1)}`;
      expect(code(() => parseAddress(flipped))).toBe('KEYS_ADDRESS_CHECKSUM');
    }
  });

  it('refuses malformed addresses with the reason', () => {
    expect(code(() => parseAddress(''))).toBe('KEYS_ADDRESS_FORMAT');
    expect(code(() => parseAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'))).toBe('KEYS_ADDRESS_FORMAT');
    expect(code(() => parseAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'))).toBe('KEYS_ADDRESS_FORMAT');
    expect(code(() => parseAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeZ'))).toBe('KEYS_ADDRESS_FORMAT');
  });
});
