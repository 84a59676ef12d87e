import type { Address } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { sealPendingWrites } from '@/testing/settledChain';
import { testNode } from '@/testing/txFixtures';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { readPortfolio } from '../assets/portfolio';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
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

let proxy: RpcFaultProxy;
beforeAll(async () => {
  await sealPendingWrites(url);
  proxy = await startRpcFaultProxy(url);
});
afterAll(async () => {
  await proxy.close();
});
beforeEach(() => proxy.setFault({ kind: 'none' }));

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

  it('refuses claims more than 64 blocks before the trusted header', async () => {
    const claims = await claimsThenMine(65);
    const trust = await lightClientTrust(claims.blockNumber + 65n);
    const check = await verifyBalances(sourcesOf(networkOf(url)), 31337, trust, claims, memoryLayoutBook());
    expect(check.problems.map((p) => p.code)).toEqual(['VERIFY_BLOCK_BEHIND']);
    expect(caughtLying(check)).toBe(false);
  });
});
