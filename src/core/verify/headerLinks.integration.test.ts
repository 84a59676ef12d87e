import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { proofsProxy } from '@/testing/settledChain';
import { testNode } from '@/testing/txFixtures';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { readPortfolio } from '../assets/portfolio';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { checkedHeader, linkedHeader } from './headerChain';
import { headerHash, type RpcHeader } from './headerHash';
import { memoryLayoutBook } from './layoutBook';
import { headerFrom, type Source, sourcesOf } from './sources';
import { type HeaderTrust, trusted } from './trustedHeader';
import { type BalanceCheck, caughtLying, verifyBalances } from './verifyBalances';

// Claims read at an older block than the trusted header (a light client's, a pin) are proven
// where they were read: the headers between are linked back to the trusted one by parent hashes,
// in the same request as the proofs. A header is never trusted for naming a trusted parent.
const url = localChainUrl();
const contracts = demoContractAddresses();
const accounts = [0, 1].map(demoAddress);
const tokens = [contracts.DAI, contracts.USDC] as Address[];
const node = testNode(url);
let counter = 0;

const proxy = proofsProxy(url);

const networkOf = (rpcUrl: string) => ({ ...localNetwork(rpcUrl), id: `header-links-${counter++}` });
const honest = () => sourcesOf(networkOf(url))[0] as Source;

/** The portfolio as the node claims it at the head now, then `ahead` blocks mined after it. */
async function claimsThenMine(ahead: number) {
  const { snapshot } = await readPortfolio(chainClient(networkOf(url)), { accounts, tokens, feeds: [] }, true);
  await node.mine({ blocks: ahead });
  return {
    blockNumber: snapshot.blockNumber,
    accounts,
    tokens,
    native: snapshot.native,
    tokenBalances: snapshot.tokens,
  };
}

/** A header trusted as a light client gives it: block `number`, as the honest node has it. */
async function lightClientTrust(number: bigint): Promise<HeaderTrust> {
  const header = await headerFrom(honest(), number);
  if (!header) throw new Error(`no block ${number}`);
  return { kind: 'given', header: trusted(header, 'lightClient', ['http://beacon.test']) };
}

const states = (check: BalanceCheck) => [
  ...[...check.native.values()].map((f) => f.state),
  ...[...check.tokens.values()].flatMap((m) => [...m.values()].map((f) => f.state)),
];

describe('claims proven at their own block, linked back to a newer trusted header', () => {
  it('proves the claims where they were read, in one request with the headers between', async () => {
    const claims = await claimsThenMine(3);
    const trust = await lightClientTrust(claims.blockNumber + 3n);
    const book = memoryLayoutBook();
    await verifyBalances(sourcesOf(networkOf(url)), 31337, trust, claims, book);
    proxy.resetCounts();
    const check = await verifyBalances(sourcesOf(networkOf(proxy.url)), 31337, trust, claims, book);
    expect(check.problems).toEqual([]);
    expect(check.block).toBe(claims.blockNumber);
    expect(check.header?.number).toBe(claims.blockNumber);
    expect(check.header?.via).toBe('lightClient');
    expect(states(check).every((state) => state === 'verified')).toBe(true);
    // The three headers between and the proofs, in one batch; no claims read again elsewhere.
    expect(proxy.requests).toBe(1);
  });

  it('links back from a pin too, the pinned hash checked first', async () => {
    const claims = await claimsThenMine(2);
    const pinnedAt = claims.blockNumber + 2n;
    const pinned = await headerFrom(honest(), pinnedAt);
    const pin = { kind: 'pinned' as const, number: pinnedAt, hash: pinned?.hash as `0x${string}` };
    const check = await verifyBalances(sourcesOf(networkOf(url)), 31337, pin, claims, memoryLayoutBook());
    expect(check.problems).toEqual([]);
    expect(check.header).toMatchObject({ number: claims.blockNumber, via: 'pinned' });
    const wrong = { ...pin, hash: `0x${'ab'.repeat(32)}` as const };
    const refused = await verifyBalances(sourcesOf(networkOf(url)), 31337, wrong, claims, memoryLayoutBook());
    expect(refused.problems.map((p) => p.code)).toEqual(['VERIFY_PIN_MISMATCH']);
    expect(states(refused)).toEqual([]);
  });

  it('catches a header between that is not the parent its child names', async () => {
    const claims = await claimsThenMine(2);
    const trust = await lightClientTrust(claims.blockNumber + 2n);
    // Each header the liar gives has another state root, its hash recomputed: whole, but not the
    // block the trusted header names as its parent.
    proxy.setFault({ kind: 'lie', lie: 'header' });
    const check = await verifyBalances(sourcesOf(networkOf(proxy.url)), 31337, trust, claims, memoryLayoutBook());
    expect(check.problems.map((p) => p.code)).toEqual(['VERIFY_CHAIN_BROKEN']);
    expect(check.problems[0]?.text.values).toMatchObject({
      block: (claims.blockNumber + 1n).toString(),
      child: (claims.blockNumber + 2n).toString(),
    });
    expect(caughtLying(check)).toBe(true);
    expect(states(check)).toEqual([]);
  });

  it('links as far as 4 blocks back; older claims are read again at the trusted block', async () => {
    const book = memoryLayoutBook();
    const claims = await claimsThenMine(4);
    const four = await verifyBalances(
      sourcesOf(networkOf(url)),
      31337,
      await lightClientTrust(claims.blockNumber + 4n),
      claims,
      book,
    );
    expect(four.block).toBe(claims.blockNumber);
    expect(four.problems).toEqual([]);
    const older = await claimsThenMine(5);
    const trustedAt = older.blockNumber + 5n;
    const read: bigint[] = [];
    const claimsAt = async (block: bigint) => {
      read.push(block);
      const { snapshot } = await readPortfolio(
        chainClient(networkOf(url)),
        { accounts, tokens, feeds: [] },
        true,
        block,
      );
      return { ...older, blockNumber: block, native: snapshot.native, tokenBalances: snapshot.tokens };
    };
    const five = await verifyBalances(
      sourcesOf(networkOf(url)),
      31337,
      await lightClientTrust(trustedAt),
      older,
      book,
      claimsAt,
    );
    // The node chose how old a block to answer for: past 4 blocks, its claims are taken where the
    // beacon chain signed, not where it chose.
    expect(five.block).toBe(trustedAt);
    expect(read).toEqual([trustedAt]);
    expect(five.problems).toEqual([]);
    expect(states(five).every((state) => state === 'verified')).toBe(true);
  });

  it('asks once more, a moment later, when a link breaks (a reorg under the head), and no more', async () => {
    const source = honest();
    const head = BigInt(await source.client.request({ method: 'eth_blockNumber' }));
    const top = (await headerFrom(source, head)) as RpcHeader;
    const anchor = { number: head, hash: top.hash, header: top };
    // The node gives another block 1 below the head `lies` times (whole, but not the parent named).
    let lies = 1;
    const flaky: Source = {
      url: source.url,
      client: {
        request: async (args: { method: string; params?: unknown[] }) => {
          const answer = (await source.client.request(args as never)) as RpcHeader;
          if (args.method !== 'eth_getBlockByNumber' || BigInt(String(args.params?.[0])) !== head - 1n) return answer;
          if (lies-- <= 0) return answer;
          const other = { ...answer, stateRoot: `0x${'33'.repeat(32)}` as const };
          return { ...other, hash: headerHash(other) };
        },
      } as never,
    };
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    const linked = await linkedHeader(flaky, anchor, head - 2n, wait);
    expect(linked.hash).toBe((await headerFrom(source, head - 2n))?.hash);
    expect(waits).toEqual([1_000]);
    lies = 2;
    await expect(linkedHeader(flaky, anchor, head - 2n, wait)).rejects.toMatchObject({ code: 'VERIFY_CHAIN_BROKEN' });
    expect(waits).toEqual([1_000, 1_000]);
  });

  it('says a header it cannot hash for fields it does not know is unsupported, not forged', async () => {
    const source = honest();
    const number = BigInt(await source.client.request({ method: 'eth_blockNumber' }));
    const header = (await headerFrom(source, number)) as RpcHeader;
    // The node's own header: every key known, hashing whole.
    expect(checkedHeader(source, number, header)).toBe(header);
    const altered = { ...header, stateRoot: `0x${'11'.repeat(32)}` as const };
    expect(() => checkedHeader(source, number, altered)).toThrow(
      expect.objectContaining({ code: 'VERIFY_HEADER_FORGED' }),
    );
    // A later fork's field (EIP-7928's block access list hash) Cairn does not hash yet: another
    // form only if no trusted header says the chain's headers have no such field.
    const newerForm = { ...altered, blockAccessListHash: `0x${'22'.repeat(32)}` } as RpcHeader;
    expect(() => checkedHeader(source, number, newerForm)).toThrow(
      expect.objectContaining({ code: 'VERIFY_HEADER_UNSUPPORTED' }),
    );
    expect(() => checkedHeader(source, number, newerForm, ['blockAccessListHash'])).toThrow(
      expect.objectContaining({ code: 'VERIFY_HEADER_UNSUPPORTED' }),
    );
    expect(() => checkedHeader(source, number, newerForm, [])).toThrow(
      expect.objectContaining({ code: 'VERIFY_HEADER_FORGED' }),
    );
  });
});
