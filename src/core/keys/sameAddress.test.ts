import fc from 'fast-check';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { sameAddress } from './sameAddress';

const lower = '0x52908400098527886e0f7030069857d2e4169ee7';
const checksummed = '0x52908400098527886E0F7030069857D2E4169EE7';
const upper = `0x${lower.slice(2).toUpperCase()}`;

describe('sameAddress', () => {
  it('sees one address whatever the case of its digits', () => {
    expect(sameAddress(lower, checksummed)).toBe(true);
    expect(sameAddress(checksummed, lower)).toBe(true);
    expect(sameAddress(upper, lower)).toBe(true);
    expect(sameAddress('0x52908400098527886e0f7030069857D2E4169ee7', checksummed)).toBe(true);
  });

  it('tells different addresses apart', () => {
    expect(sameAddress(lower, '0x52908400098527886e0f7030069857d2e4169ee8')).toBe(false);
    expect(sameAddress(lower, `${lower}00`)).toBe(false);
  });

  it('agrees with viem wherever viem takes both as addresses', () => {
    const address = fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map((bytes) => getAddress(`0x${Buffer.from(bytes).toString('hex')}`));
    fc.assert(
      fc.property(address, address, fc.boolean(), (a, b, lowerCase) => {
        const written = lowerCase ? b.toLowerCase() : b;
        expect(sameAddress(a, written)).toBe(a === b);
      }),
    );
  });

  it('checks nothing: text equal but for case is the same, even when it is no address', () => {
    expect(sameAddress('0xAbC', '0xaBc')).toBe(true);
    expect(sameAddress('', '')).toBe(true);
    expect(sameAddress('cairn', 'CAIRN')).toBe(true);
    expect(sameAddress(' 0xabc', '0xabc')).toBe(false);
    expect(sameAddress('52908400098527886e0f7030069857d2e4169ee7', lower)).toBe(false);
  });

  it('never matches a missing address, not even another missing one', () => {
    expect(sameAddress(undefined, lower)).toBe(false);
    expect(sameAddress(lower, null)).toBe(false);
    expect(sameAddress(undefined, undefined)).toBe(false);
    expect(sameAddress(null, null)).toBe(false);
  });
});
