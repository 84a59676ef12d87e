import { describe, expect, it } from 'vitest';
import berlin from '../../testing/vectors/verify/headers/berlin.json' with { type: 'json' };
import cancun from '../../testing/vectors/verify/headers/cancun.json' with { type: 'json' };
import london from '../../testing/vectors/verify/headers/london.json' with { type: 'json' };
import paris from '../../testing/vectors/verify/headers/paris.json' with { type: 'json' };
import prague from '../../testing/vectors/verify/headers/prague.json' with { type: 'json' };
import pragueRequests from '../../testing/vectors/verify/headers/prague-requests.json' with { type: 'json' };
import shanghai from '../../testing/vectors/verify/headers/shanghai.json' with { type: 'json' };
import { headerHash, headerIsWhole, type RpcHeader } from './headerHash';

// Mainnet headers recorded from eth_getBlockByNumber (src/testing/vectors/verify/README.md).
const forks: [string, RpcHeader][] = [
  ['Berlin', berlin as RpcHeader],
  ['London (baseFeePerGas)', london as RpcHeader],
  ['Paris', paris as RpcHeader],
  ['Shanghai (withdrawalsRoot)', shanghai as RpcHeader],
  ['Cancun (blob gas, parent beacon root)', cancun as RpcHeader],
  ['Prague (requestsHash)', prague as RpcHeader],
  ['Prague, with requests', pragueRequests as RpcHeader],
];

describe('headerHash', () => {
  it.each(forks)('recomputes a %s header’s hash from its fields', (_, header) => {
    expect(headerHash(header)).toBe(header.hash);
    expect(headerIsWhole(header)).toBe(true);
  });

  it.each(forks)('catches a %s header with any field changed', (_, header) => {
    for (const field of ['stateRoot', 'number', 'timestamp', 'miner', 'extraData'] as const) {
      const value = header[field];
      const flipped = value === '0x' ? '0x00' : `${value.slice(0, -1)}${value.endsWith('1') ? '2' : '1'}`;
      const changed = { ...header, [field]: flipped };
      expect(headerIsWhole(changed), field).toBe(false);
    }
  });

  it('catches a header that drops a fork’s field', () => {
    const { requestsHash: _, ...withoutRequests } = prague as RpcHeader;
    expect(headerIsWhole(withoutRequests)).toBe(false);
  });
});

describe('the fork a header shows, for Cairn’s EVM', () => {
  it('runs each recorded header’s calls by its own fork’s rules', async () => {
    const { hardforkOf } = await import('./verifiedCall');
    expect(forks.map(([name, header]) => [name, hardforkOf(header)])).toEqual([
      ['Berlin', 'berlin'],
      ['London (baseFeePerGas)', 'london'],
      ['Paris', 'paris'],
      ['Shanghai (withdrawalsRoot)', 'shanghai'],
      ['Cancun (blob gas, parent beacon root)', 'cancun'],
      ['Prague (requestsHash)', 'osaka'],
      ['Prague, with requests', 'osaka'],
    ]);
  });
});
