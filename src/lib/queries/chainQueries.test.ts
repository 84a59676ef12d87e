import { describe, expect, it } from 'vitest';
import { localNetwork } from '@/core/chain/networks';
import { chainKeys, headRefetchInterval } from './chainQueries';

describe('chain head polling', () => {
  const network = localNetwork('http://127.0.0.1:8545');

  it('polls about once a block while the node answers', () => {
    expect(headRefetchInterval(network, 0)).toBe(1_000);
  });

  it('backs off while the node fails, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => headRefetchInterval(network, n))).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('keys chain data by network and RPC URLs', () => {
    const other = { ...network, rpcUrls: ['http://127.0.0.1:9999'] };
    expect(chainKeys.head(network)).not.toEqual(chainKeys.head(other));
  });
});
