import { describe, expect, it } from 'vitest';
import { decodeTokenString } from './tokenMetadata';

describe('token metadata', () => {
  it('decodes string and bytes32 token strings', () => {
    const string =
      `0x${'20'.padStart(64, '0')}${'4'.padStart(64, '0')}${Buffer.from('USDC').toString('hex').padEnd(64, '0')}` as const;
    expect(decodeTokenString(string)).toBe('USDC');
    expect(decodeTokenString(`0x${Buffer.from('MKR').toString('hex').padEnd(64, '0')}`)).toBe('MKR');
    expect(decodeTokenString('0x')).toBeUndefined();
    expect(decodeTokenString(`0x${'0'.repeat(64)}`)).toBeUndefined();
  });
});
