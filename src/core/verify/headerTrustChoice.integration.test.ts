import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { localNetwork } from '../chain/networks';
import { VerifyError } from '../errors/verify';
import { signedHeader } from './headerTrustChoice';
import type { TrustedExecutionHeader } from './lightClient/lightClient';
import { headerFrom, sourcesOf } from './sources';

// What the app does with a light client's head (the client itself is tested on recorded beacon
// data in core/verify/lightClient): the node's block at that height must hash to the signed hash,
// and its fields become the trusted header. A stand-in client signs the local chain's real head.
const url = localChainUrl();
const BEACON = 'http://beacon.test';
const [source] = sourcesOf({ ...localNetwork(url), id: 'light-client-trust' });
if (!source) throw new Error('no source');

const clientSigning = (head: Pick<TrustedExecutionHeader, 'number' | 'hash'>) => ({
  update: async () => ({ ...head, stateRoot: '0x' as const, timestamp: 0n, slot: 1, finalized: false }),
});

describe('a light client’s head, with the node’s fields', () => {
  it('trusts the node’s header at the signed height when it hashes to the signed hash', async () => {
    const number = BigInt(await source.client.request({ method: 'eth_blockNumber' }));
    const header = await headerFrom(source, number);
    if (!header) throw new Error('no head');
    const trusted = await signedHeader(clientSigning({ number, hash: header.hash }), BEACON, source);
    expect(trusted).toMatchObject({ number, hash: header.hash, stateRoot: header.stateRoot, via: 'lightClient' });
    expect(trusted.sources).toEqual([BEACON]);
  });

  it('keeps the mark of a finalized header given while the client takes no head yet', async () => {
    const number = BigInt(await source.client.request({ method: 'eth_blockNumber' }));
    const header = await headerFrom(source, number);
    if (!header) throw new Error('no head');
    const client = {
      update: async () => ({
        ...(await clientSigning({ number, hash: header.hash }).update()),
        finalized: true,
        headAwaitsSupermajority: true as const,
      }),
    };
    const trusted = await signedHeader(client, BEACON, source);
    expect(trusted).toMatchObject({ number, via: 'lightClient', headAwaitsSupermajority: true });
    expect(
      (await signedHeader(clientSigning({ number, hash: header.hash }), BEACON, source)).headAwaitsSupermajority,
    ).toBeUndefined();
  });

  it('names the node and the beacon API when the node gives another block there', async () => {
    const number = BigInt(await source.client.request({ method: 'eth_blockNumber' }));
    const signed = `0x${'ab'.repeat(32)}` as const;
    const error = await signedHeader(clientSigning({ number, hash: signed }), BEACON, source).catch((e) => e);
    expect(error).toBeInstanceOf(VerifyError);
    expect(error.code).toBe('VERIFY_SOURCES_DISAGREE');
    expect(error.text.values).toMatchObject({ source: { text: url }, other: { text: BEACON } });
  });

  it('says the node is behind when it has no block at the signed height yet', async () => {
    const number = BigInt(await source.client.request({ method: 'eth_blockNumber' })) + 1000n;
    const error = await signedHeader(clientSigning({ number, hash: `0x${'cd'.repeat(32)}` }), BEACON, source).catch(
      (e) => e,
    );
    expect(error.code).toBe('VERIFY_SOURCE_BEHIND');
  });
});
