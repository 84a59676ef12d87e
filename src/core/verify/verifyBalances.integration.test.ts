import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { proofsProxy } from '@/testing/settledChain';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { readPortfolio } from '../assets/portfolio';
import { chainClient } from '../chain/client';
import { localNetwork, type Network } from '../chain/networks';
import { type LayoutBook, memoryLayoutBook } from './layoutBook';
import { headerFrom, sourcesOf } from './sources';
import type { HeaderTrust } from './trustedHeader';
import { type BalanceCheck, type BalanceClaims, caughtLying, verifyBalances } from './verifyBalances';

// Walletbeat's test of chain verification: a lying RPC proxy in front of the node, listed first,
// and the node itself listed second. Each lie is caught and named.
const url = localChainUrl();
const contracts = demoContractAddresses();
const accounts = [0, 1, 2].map(demoAddress);
const tokens = [contracts.DAI, contracts.USDC, contracts.USDT, contracts.MKR] as Address[];
let counter = 0;

const proxy = proofsProxy(url);

const networkOf = (rpcUrls: string[]): Network => ({
  ...localNetwork(rpcUrls[0] as string),
  rpcUrls,
  id: `verify-test-${counter++}`,
});

/** The portfolio as the first URL claims it, then checked. */
async function check(book: LayoutBook, options: { rpcUrls?: string[]; trust?: HeaderTrust } = {}) {
  const network = networkOf(options.rpcUrls ?? [proxy.url, url]);
  const { snapshot } = await readPortfolio(chainClient(network), { accounts, tokens, feeds: [] }, true);
  const claims: BalanceClaims = {
    blockNumber: snapshot.blockNumber,
    accounts,
    tokens,
    native: snapshot.native,
    tokenBalances: snapshot.tokens,
  };
  proxy.resetCounts();
  const result = await verifyBalances(
    sourcesOf(network),
    network.chainId,
    options.trust ?? { kind: 'agreement' },
    claims,
    book,
  );
  return { result, claims };
}

const states = (result: BalanceCheck) => ({
  native: [...result.native.values()].map((f) => f.state),
  tokens: [...result.tokens.values()].flatMap((m) => [...m.values()].map((f) => f.state)),
});

/** A book that has seen the tokens through honest answers. */
async function honestBook(): Promise<LayoutBook> {
  const book = memoryLayoutBook();
  await check(book);
  return book;
}

describe('verified balances against a lying node', () => {
  it('proves every balance when the node tells the truth, in one request to each source once layouts are kept', async () => {
    const book = memoryLayoutBook();
    const first = await check(book);
    expect(first.result.problems).toEqual([]);
    expect(states(first.result).native).toEqual(['verified', 'verified', 'verified']);
    expect(states(first.result).tokens.every((s) => s === 'verified')).toBe(true);
    expect(first.result.header?.sources).toEqual([proxy.url, url]);
    // On first sight each token's balances come from a verified call (its rounds of proofs), and
    // its layout is learnt from the probed slot that holds the proven balance.
    expect(proxy.requests).toBe(4);
    // And one to the second source, for its header.
    expect(first.result.requests).toBe(5);

    const again = await check(book);
    expect(states(again.result).tokens.every((s) => s === 'verified')).toBe(true);
    expect(proxy.requests).toBe(1);
    expect(again.result.requests).toBe(2);
    expect(caughtLying(again.result)).toBe(false);
  });

  it('catches balanceOf multiplied by a million: each token figure contradicted, with the proven one', async () => {
    const book = await honestBook();
    proxy.setFault({ kind: 'lie', lie: 'balanceOf' });
    const { result, claims } = await check(book);
    expect(caughtLying(result)).toBe(true);
    const dai = result.tokens.get((accounts[0] as Address).toLowerCase())?.get(contracts.DAI.toLowerCase());
    const claimed = claims.tokenBalances.get((accounts[0] as Address).toLowerCase())?.get(contracts.DAI.toLowerCase());
    expect(dai).toEqual({
      state: 'contradicted',
      claimed,
      proven: (claimed as bigint) / 1_000_000n,
      source: proxy.url,
    });
    expect(states(result).native).toEqual(['verified', 'verified', 'verified']);
  });

  it('catches a lie it meets before any honest answer: the balance runs in Cairn’s own EVM over proven state', async () => {
    proxy.setFault({ kind: 'lie', lie: 'balanceOf' });
    const { result, claims } = await check(memoryLayoutBook());
    const holder = (accounts[0] as Address).toLowerCase();
    const claimed = claims.tokenBalances.get(holder)?.get(contracts.DAI.toLowerCase()) as bigint;
    expect(result.tokens.get(holder)?.get(contracts.DAI.toLowerCase())).toEqual({
      state: 'contradicted',
      claimed,
      proven: claimed / 1_000_000n,
      source: proxy.url,
    });
    expect(caughtLying(result)).toBe(true);
    // The verified call's rounds counted with the rest.
    expect(result.requests).toBeGreaterThan(3);
  });

  it('catches a changed eth_getBalance (and getEthBalance): native figures contradicted', async () => {
    proxy.setFault({ kind: 'lie', lie: 'balance' });
    const { result } = await check(await honestBook());
    expect(states(result).native).toEqual(['contradicted', 'contradicted', 'contradicted']);
    expect(caughtLying(result)).toBe(true);
  });

  it('catches a storage proof whose value was changed, naming the source and the token', async () => {
    const book = await honestBook();
    proxy.setFault({ kind: 'lie', lie: 'storageProofValue' });
    const { result } = await check(book);
    expect(caughtLying(result)).toBe(true);
    const problem = result.problems.find((p) => p.code === 'VERIFY_PROOF_FAILED');
    expect(problem?.shortMessage).toContain(proxy.url);
    expect(problem?.shortMessage).toContain(contracts.DAI);
    expect(states(result).tokens).not.toContain('verified');
  });

  it('catches a proof with a node swapped', async () => {
    proxy.setFault({ kind: 'lie', lie: 'proofNode' });
    const { result } = await check(await honestBook());
    expect(result.problems.map((p) => p.code)).toContain('VERIFY_PROOF_FAILED');
    expect(states(result).native).not.toContain('verified');
  });

  it('catches a different header: the sources disagree, and nothing is verified', async () => {
    proxy.setFault({ kind: 'lie', lie: 'header' });
    const { result } = await check(await honestBook());
    expect(result.problems.map((p) => p.code)).toEqual(['VERIFY_SOURCES_DISAGREE']);
    expect(result.problems[0]?.shortMessage).toContain(proxy.url);
    expect(result.problems[0]?.shortMessage).toContain(url);
    expect(caughtLying(result)).toBe(true);
    expect([...states(result).native, ...states(result).tokens]).not.toContain('verified');
  });

  it('names the source that failed to answer, the second as well as the first, without calling it a liar', async () => {
    // Listed second, the proxy gives only its header; it fails that request.
    proxy.setFault({ kind: 'status', status: 503 });
    const second = await check(memoryLayoutBook(), { rpcUrls: [url, proxy.url] });
    expect(second.result.problems.map((p) => p.code)).toEqual(['VERIFY_SOURCE_FAILED']);
    expect(second.result.problems[0]?.text.values).toMatchObject({ source: { text: proxy.url } });
    proxy.setFault({ kind: 'status', status: 503, methods: ['eth_getProof'] });
    const { result } = await check(memoryLayoutBook());
    expect(result.problems.map((p) => p.code)).toEqual(['VERIFY_SOURCE_FAILED']);
    expect(result.problems[0]?.text).toMatchObject({
      id: 'core.chain:verify.sourceFailed',
      values: { source: { kind: 'code', text: proxy.url } },
    });
    expect(caughtLying(result)).toBe(false);
  });

  it('names the source whose proofs alone failed, the header agreed', async () => {
    proxy.setFault({ kind: 'refuse', code: -32000, message: 'internal error', methods: ['eth_getProof'] });
    const { result } = await check(memoryLayoutBook());
    expect(result.header).toBeDefined();
    expect(new Set(result.problems.map((p) => p.code))).toEqual(new Set(['VERIFY_SOURCE_FAILED']));
    expect(result.problems[0]?.text.values).toMatchObject({ source: { text: proxy.url } });
    expect(states(result).native).toEqual(['unverified', 'unverified', 'unverified']);
    expect(caughtLying(result)).toBe(false);
  });

  it('says agreement needs two sources when the network lists one', async () => {
    const { result } = await check(memoryLayoutBook(), { rpcUrls: [url] });
    expect(result.problems.map((p) => p.code)).toEqual(['VERIFY_ONE_SOURCE']);
    expect(caughtLying(result)).toBe(false);
    expect(result.requests).toBe(0);
    expect(states(result)).toEqual({ native: [], tokens: [] });
  });

  it('proves against a pinned block, and refuses a pin the node does not have or one too far back', async () => {
    const network = networkOf([url]);
    const [source] = sourcesOf(network);
    const head = await chainClient(network).request({ method: 'eth_blockNumber' });
    const header = await headerFrom(source as never, BigInt(head));
    const pin = { kind: 'pinned' as const, number: BigInt(head), hash: header?.hash as `0x${string}` };
    const pinned = await check(await honestBook(), { rpcUrls: [url], trust: pin });
    expect(pinned.result.problems).toEqual([]);
    expect(pinned.result.header?.via).toBe('pinned');
    expect(states(pinned.result).native).toEqual(['verified', 'verified', 'verified']);

    const wrong = await check(memoryLayoutBook(), { rpcUrls: [url], trust: { ...pin, hash: `0x${'ab'.repeat(32)}` } });
    expect(wrong.result.problems.map((p) => p.code)).toEqual(['VERIFY_PIN_MISMATCH']);

    const old = await check(memoryLayoutBook(), { rpcUrls: [url], trust: { ...pin, number: -200n } });
    expect(old.result.problems.map((p) => p.code)).toEqual(['VERIFY_HEADER_TOO_OLD']);
  });

  it('catches a lie at a pinned block behind the head by reading the claims there too', async () => {
    const book = await honestBook();
    const network = networkOf([proxy.url]);
    const [source] = sourcesOf(networkOf([url]));
    const pinnedAt = BigInt(await chainClient(network).request({ method: 'eth_blockNumber' }));
    const header = await headerFrom(source as never, pinnedAt);
    await chainClient(networkOf([url])).request({ method: 'evm_mine' } as never);
    proxy.setFault({ kind: 'lie', lie: 'balanceOf' });
    const read = (block?: bigint) =>
      readPortfolio(chainClient(network), { accounts, tokens, feeds: [] }, true, block).then(({ snapshot }) => ({
        blockNumber: snapshot.blockNumber,
        accounts,
        tokens,
        native: snapshot.native,
        tokenBalances: snapshot.tokens,
      }));
    const claims = await read();
    expect(claims.blockNumber).toBeGreaterThan(pinnedAt);
    const pin = { kind: 'pinned' as const, number: pinnedAt, hash: header?.hash as `0x${string}` };
    const withoutClaimsThere = await verifyBalances(sourcesOf(network), network.chainId, pin, claims, book);
    expect(states(withoutClaimsThere).tokens).not.toContain('contradicted');
    const dai = (check: BalanceCheck) =>
      check.tokens.get((accounts[0] as Address).toLowerCase())?.get(contracts.DAI.toLowerCase())?.state;
    // Behind the head, a figure that differs may only have moved since: shown as proven at the
    // pin (headClaims.ts holds the node to its head), not a lie.
    expect(dai(withoutClaimsThere)).toBe('moved');
    const result = await verifyBalances(sourcesOf(network), network.chainId, pin, claims, book, read);
    expect(result.block).toBe(pinnedAt);
    expect(dai(result)).toBe('contradicted');
    expect(caughtLying(result)).toBe(true);
  });
});

describe('balance layouts learnt from proven balances, never from the node’s claims', () => {
  it('learns no layout from a claim a liar chose, and never marks its figures verified', async () => {
    proxy.setFault({ kind: 'lie', lie: 'balanceOf' });
    const book = memoryLayoutBook();
    await check(book);
    // The liar's claims matched no slot of the proven state: the layouts were learnt from the
    // proven balances, so an honest check afterwards proves everything in its first round.
    proxy.setFault({ kind: 'none' });
    const honest = await check(book);
    expect(states(honest.result).tokens.every((s) => s === 'verified')).toBe(true);
    expect(proxy.requests).toBe(1);
  });

  it('does not call a node lying on a kept layout the proven balance does not bear out', async () => {
    const book = await honestBook();
    const [token, kept] = [contracts.DAI.toLowerCase(), book.forToken(31337, contracts.DAI)];
    if (!kept) throw new Error('no layout kept for DAI');
    // A wrong layout kept for DAI (as a proxy sharing code could lend one): the first round says the
    // node lies, the verified call says it does not, and the layout is forgotten.
    book.keep(31337, contracts.DAI, kept.key, { kind: 'mapping', slot: '0x7' });
    const { result } = await check(book);
    expect(caughtLying(result)).toBe(false);
    expect(result.tokens.get((accounts[0] as Address).toLowerCase())?.get(token)?.state).toBe('verified');
    expect(book.forToken(31337, contracts.DAI)).toBeUndefined();
    await check(book);
    expect(book.forToken(31337, contracts.DAI)?.layout).toEqual(kept.layout);
  });
});
