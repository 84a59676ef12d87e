import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import cancun from '../../testing/vectors/verify/headers/cancun.json' with { type: 'json' };
import type { ChainClient } from '../chain/client';
import { headerHash, type RpcHeader } from './headerHash';
import type { Source } from './sources';
import { agreedHeader, MAX_BLOCKS_BEHIND } from './trustedHeader';

const recorded = cancun as RpcHeader;
const number = BigInt(recorded.number);

/** A source answering eth_getBlockByNumber with the headers given in turn, and eth_blockNumber with `head`. */
function source(url: string, headers: (RpcHeader | null)[], head = number): Source {
  let asked = 0;
  const client = {
    request: async ({ method }: { method: string }) => {
      if (method === 'eth_blockNumber') return `0x${head.toString(16)}`;
      const header = headers[Math.min(asked, headers.length - 1)];
      asked++;
      return header;
    },
  } as unknown as ChainClient;
  return { url, client };
}

const other: RpcHeader = (() => {
  const changed = { ...recorded, stateRoot: `0x${'11'.repeat(32)}` as Hex };
  return { ...changed, hash: headerHash(changed) };
})();
const noWait = async () => undefined;

describe('agreedHeader', () => {
  it('trusts a header every source gives, hashing whole', async () => {
    const header = await agreedHeader([source('http://a', [recorded]), source('http://b', [recorded])], number, noWait);
    expect(header).toMatchObject({ number, hash: recorded.hash, stateRoot: recorded.stateRoot, via: 'agreement' });
    expect(header.newestNamed).toBe(number);
  });

  it('keeps the newest block any source names, past the first source’s head', async () => {
    const header = await agreedHeader(
      [source('http://frozen', [recorded]), source('http://b', [recorded], number + 3n)],
      number,
      noWait,
    );
    expect(header).toMatchObject({ number, hash: recorded.hash, newestNamed: number + 3n });
  });

  it('asks again once when sources differ at the head, and trusts what they then agree on', async () => {
    let waited = 0;
    const header = await agreedHeader(
      [source('http://a', [recorded]), source('http://b', [other, recorded])],
      number,
      async () => {
        waited++;
      },
    );
    expect(waited).toBe(1);
    expect(header.hash).toBe(recorded.hash);
  });

  it('names both sources when they still differ', async () => {
    await expect(
      agreedHeader([source('http://a', [recorded]), source('http://b', [other])], number, noWait),
    ).rejects.toMatchObject({ code: 'VERIFY_SOURCES_DISAGREE', message: expect.stringContaining('http://b') });
  });

  it('calls a header that does not hash whole forged, unless no source’s does (a form Cairn cannot hash)', async () => {
    const forged = { ...recorded, stateRoot: `0x${'22'.repeat(32)}` as Hex };
    await expect(
      agreedHeader([source('http://a', [recorded]), source('http://b', [forged])], number, noWait),
    ).rejects.toMatchObject({ code: 'VERIFY_HEADER_FORGED', message: expect.stringContaining('http://b') });
    const unknownForm = { ...recorded, extDataHash: '0x01', hash: `0x${'33'.repeat(32)}` as Hex } as RpcHeader;
    await expect(
      agreedHeader([source('http://a', [unknownForm]), source('http://b', [unknownForm])], number, noWait),
    ).rejects.toMatchObject({ code: 'VERIFY_HEADER_UNSUPPORTED' });
  });

  it('calls a header every source gives forged when it does not hash and Cairn knows all its fields (as checkedHeader)', async () => {
    // The same rule as under a pin: a form Cairn cannot hash needs a field Cairn does not know.
    const altered = { ...recorded, stateRoot: `0x${'44'.repeat(32)}` as Hex };
    await expect(
      agreedHeader([source('http://a', [altered]), source('http://b', [altered])], number, noWait),
    ).rejects.toMatchObject({ code: 'VERIFY_HEADER_FORGED', message: expect.stringContaining('http://a') });
  });

  it('names the source whose head runs ahead of the others, not the one that lacks its block', async () => {
    // A liar listed first names a head the honest second source does not have yet.
    const ahead = agreedHeader(
      [source('http://liar', [recorded]), source('http://honest', [null], number - 1n)],
      number,
      noWait,
    );
    await expect(ahead).rejects.toMatchObject({ code: 'VERIFY_SOURCE_AHEAD', common: number - 1n });
    await expect(ahead).rejects.toMatchObject({
      text: { values: { source: { text: 'http://liar' }, other: { text: 'http://honest' } } },
    });
    // The same listed the other way round.
    await expect(
      agreedHeader([source('http://honest', [null], number - 1n), source('http://liar', [recorded])], number, noWait),
    ).rejects.toMatchObject({ code: 'VERIFY_SOURCE_AHEAD', text: { values: { source: { text: 'http://liar' } } } });
  });

  it('refuses a block far behind the newest a source names, and a source without the block', async () => {
    await expect(
      agreedHeader(
        [source('http://a', [recorded]), source('http://b', [recorded], number + MAX_BLOCKS_BEHIND + 1n)],
        number,
        noWait,
      ),
    ).rejects.toMatchObject({ code: 'VERIFY_BLOCK_BEHIND' });
    await expect(
      agreedHeader([source('http://a', [recorded]), source('http://b', [null])], number, noWait),
    ).rejects.toMatchObject({ code: 'VERIFY_SOURCE_BEHIND', message: expect.stringContaining('http://b') });
    await expect(agreedHeader([source('http://a', [recorded])], number, noWait)).rejects.toMatchObject({
      code: 'VERIFY_ONE_SOURCE',
    });
  });
});
