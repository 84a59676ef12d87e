import { type Address, type Hex, parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { proofsProxy } from '@/testing/settledChain';
import { testNode } from '@/testing/txFixtures';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { readPortfolio } from '../assets/portfolio';
import { portfolioClaims } from '../assets/portfolioClaims';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { type BalanceCheck, caughtLying, type FigureCheck } from './figureChecks';
import { type HeadLedger, verifyHeadClaims } from './headClaims';
import { memoryLayoutBook } from './layoutBook';
import { headerFrom, type Source, sourcesOf } from './sources';
import { type HeaderTrust, trusted } from './trustedHeader';

// A node that lies only at its head (its answers at `latest`), honest at every numbered block: the
// balances proven at the trusted block are shown, and the node is held to its head's figures. A
// development node's state no block has sealed is asked again after the next block, not called a lie.
const url = localChainUrl();
const node = testNode(url);
const contracts = demoContractAddresses();
// The demo account, and one no other test uses, whose balance the tests set.
const accounts = [demoAddress(0), '0x00000000000000000000000000000000000c0ffe'] as Address[];
const tokens = [contracts.DAI] as Address[];
const request = { accounts, tokens, feeds: [] };
let counter = 0;

const proxy = proofsProxy(url);

const networkOf = (...rpcUrls: string[]) => ({
  ...localNetwork(rpcUrls[0] as string),
  rpcUrls,
  id: `head-claims-${counter++}`,
});
const honest = () => sourcesOf(networkOf(url))[0] as Source;
const head = async () => BigInt(await honest().client.request({ method: 'eth_blockNumber' }));

/**
 * Sets `account`'s balance in a block of its own. Hardhat writes hardhat_setBalance into the state
 * of the block at the head when it is called, whose proofs then never lead to its header's root
 * again: a fresh block takes it, and the next seals it.
 */
async function setBalanceMined(account: Address, value: bigint) {
  await node.mine({ blocks: 1 });
  await node.setBalance({ address: account, value });
  await node.mine({ blocks: 1 });
}

/** The portfolio as `rpcUrl` claims it, at the head or at `block`. */
const claimsFrom = (rpcUrl: string) => async (block?: bigint) =>
  portfolioClaims((await readPortfolio(chainClient(networkOf(rpcUrl)), request, true, block)).snapshot, request);

async function pinAt(number: bigint): Promise<HeaderTrust> {
  const header = await headerFrom(honest(), number);
  return { kind: 'pinned', number, hash: header?.hash as Hex };
}

async function signedAt(number: bigint): Promise<HeaderTrust> {
  const header = await headerFrom(honest(), number);
  if (!header) throw new Error(`no block ${number}`);
  return { kind: 'given', header: trusted(header, 'lightClient', ['http://beacon.test']) };
}

/** One check of what `rpcUrls[0]` claims now, under `trust`, carrying `ledger`. */
async function checkNow(trust: HeaderTrust, ledger: HeadLedger, rpcUrls = [proxy.url]) {
  const read = claimsFrom(rpcUrls[0] as string);
  return verifyHeadClaims(
    {
      sources: sourcesOf(networkOf(...rpcUrls)),
      chainId: 31337,
      trust,
      claims: await read(),
      book: memoryLayoutBook(),
      claimsAt: read,
    },
    ledger,
  );
}

const nativeOf = (check: BalanceCheck, index: number): FigureCheck | undefined =>
  check.native.get((accounts[index] as Address).toLowerCase());
const codes = (check: BalanceCheck) => check.problems.map((p) => p.code);

describe('a node that lies only at its head', () => {
  it('under a pin: shows the balance proven there, asks its own proof again after the next block, then calls it a lie', async () => {
    const pin = await pinAt(await head());
    await node.mine({ blocks: 1 });
    proxy.setFault({ kind: 'lie', lie: 'headBalance' });
    const held = await node.getBalance({ address: accounts[0] as Address });

    const first = await checkNow(pin, { claims: [] });
    // The doubled head figure is never shown: the balance proven at the pinned block is.
    expect(nativeOf(first.check, 0)).toMatchObject({ state: 'moved', claimed: held * 2n, proven: held });
    expect(codes(first.check)).toEqual(['VERIFY_PROOF_UNSETTLED']);
    expect(caughtLying(first.check)).toBe(false);
    // A pin never reaches the head: nothing is held for a later header.
    expect(first.ledger.claims).toEqual([]);

    await node.mine({ blocks: 1 });
    const second = await checkNow(pin, first.ledger);
    expect(nativeOf(second.check, 0)).toEqual({
      state: 'contradicted',
      claimed: held * 2n,
      proven: held,
      source: proxy.url,
    });
    expect(caughtLying(second.check)).toBe(true);
  });

  it('under a pin: a balance that honestly moved since is shown as proven at the pin, and is no lie', async () => {
    const pin = await pinAt(await head());
    const account = accounts[1] as Address;
    const before = await node.getBalance({ address: account });
    await setBalanceMined(account, before + parseEther('1'));
    const { check, ledger } = await checkNow(pin, { claims: [] });
    expect(nativeOf(check, 1)).toMatchObject({ state: 'moved', claimed: before + parseEther('1'), proven: before });
    expect(check.problems).toEqual([]);
    expect(ledger.unsettledAt).toBeUndefined();
  });

  it('under a light client: holds an honest head figure until the signed head reaches it, then lets it go', async () => {
    // A fresh block: the next one comes within the two slots' time.
    await node.mine({ blocks: 1 });
    const signed = await head();
    const account = accounts[1] as Address;
    const before = await node.getBalance({ address: account });
    await setBalanceMined(account, before + parseEther('2'));
    const first = await checkNow(await signedAt(signed), { claims: [] });
    expect(nativeOf(first.check, 1)).toMatchObject({ state: 'moved', proven: before, block: signed, at: signed + 2n });
    expect(first.check.problems).toEqual([]);
    const headHash = (await headerFrom(honest(), signed + 2n))?.hash;
    expect(first.ledger.claims).toEqual([
      {
        account: account.toLowerCase(),
        asset: 'native',
        claimed: before + parseEther('2'),
        block: signed + 2n,
        hash: headHash,
        source: proxy.url,
      },
    ]);
    // The signed head reaches the block: the claim is borne out there, and let go.
    const second = await checkNow(await signedAt(signed + 2n), first.ledger);
    expect(second.check.problems).toEqual([]);
    expect(second.ledger.claims).toEqual([]);
  });

  it('under a light client: a held claim the proof of its block does not bear out is a lie', async () => {
    const block = await head();
    const account = (accounts[0] as Address).toLowerCase();
    const held = await node.getBalance({ address: accounts[0] as Address });
    const hash = (await headerFrom(honest(), block))?.hash;
    const claim = { account, asset: 'native', claimed: held * 2n, block, hash, source: proxy.url };
    const { check, ledger } = await checkNow(await signedAt(block), { claims: [claim] });
    expect(codes(check)).toEqual(['VERIFY_HEAD_CLAIM_FALSE']);
    expect(check.problems[0]?.text.values).toMatchObject({ account: { text: account }, block: block.toString() });
    expect(caughtLying(check)).toBe(true);
    expect(ledger.claims).toEqual([]);
    // The same figure, borne out: no lie.
    const borne = await checkNow(await signedAt(block), { claims: [{ ...claim, claimed: held }] });
    expect(caughtLying(borne.check)).toBe(false);
  });

  it('under a light client: a claim of a block the chain does not have is a lie while the node still names it', async () => {
    const block = await head();
    const account = (accounts[0] as Address).toLowerCase();
    const claim = { account, asset: 'native', claimed: 1n, block, source: proxy.url };
    // The liar names another block at that height (every header with another state root).
    proxy.setFault({ kind: 'lie', lie: 'header' });
    const its = (await headerFrom(sourcesOf(networkOf(proxy.url))[0] as Source, block))?.hash as Hex;
    const lie = await checkNow(await signedAt(block), { claims: [{ ...claim, hash: its }] });
    expect(codes(lie.check)).toContain('VERIFY_HEAD_CLAIM_FALSE');
    expect(lie.check.problems.find((p) => p.code === 'VERIFY_HEAD_CLAIM_FALSE')?.text.id).toBe(
      'core.chain:verify.headNotChain',
    );
    // A node that now names the chain's block followed a reorg: not a lie.
    proxy.setFault({ kind: 'none' });
    const reorg = await checkNow(await signedAt(block), { claims: [{ ...claim, hash: its }] });
    expect(caughtLying(reorg.check)).toBe(false);
    expect(reorg.ledger.claims).toEqual([]);
  });

  it('under a light client: refuses a head more than two slots past the signed one', async () => {
    await node.mine({ blocks: 1 });
    const signed = await head();
    const account = accounts[1] as Address;
    await setBalanceMined(account, parseEther('33'));
    await node.mine({ blocks: 1 });
    const { check, ledger } = await checkNow(await signedAt(signed), { claims: [] });
    expect(codes(check)).toEqual(['VERIFY_HEAD_TOO_FAR']);
    expect(nativeOf(check, 1)).toMatchObject({ state: 'moved', block: signed });
    expect(ledger.claims).toEqual([]);
  });
});

describe('a development node’s state that no block has sealed', () => {
  it('is asked again after the next block, never called a lie; the lying proxy still is', async () => {
    const account = accounts[1] as Address;
    const agreement: HeaderTrust = { kind: 'agreement' };
    // hardhat_setBalance and no block: every proof at the head leads to no root of its header.
    await node.setBalance({ address: account, value: parseEther('7') });
    const unsealed = await checkNow(agreement, { claims: [] }, [url, proxy.url]);
    expect(codes(unsealed.check).every((code) => code === 'VERIFY_PROOF_UNSETTLED')).toBe(true);
    expect(unsealed.check.problems.length).toBeGreaterThan(0);
    expect(caughtLying(unsealed.check)).toBe(false);
    // The next block seals it: proven, and nothing left to ask.
    await node.mine({ blocks: 1 });
    const sealed = await checkNow(agreement, unsealed.ledger, [url, proxy.url]);
    expect(sealed.check.problems).toEqual([]);
    expect(nativeOf(sealed.check, 1)).toMatchObject({ state: 'verified' });
    expect(sealed.ledger.unsettledAt).toBeUndefined();

    // A proxy whose proofs fail at every block is a liar at the second.
    proxy.setFault({ kind: 'lie', lie: 'proofNode' });
    const once = await checkNow(agreement, sealed.ledger, [proxy.url, url]);
    expect(caughtLying(once.check)).toBe(false);
    await node.mine({ blocks: 1 });
    const twice = await checkNow(agreement, once.ledger, [proxy.url, url]);
    expect(codes(twice.check)).toContain('VERIFY_PROOF_FAILED');
    expect(caughtLying(twice.check)).toBe(true);
  });
});

describe('agreement, with a first source that freezes its head and lies there', () => {
  it('asks again while no source names a newer block, and calls it a lie once another does', async () => {
    proxy.setFault({ kind: 'lie', lie: 'proofNode' });
    const frozenAt = await head();
    const lying = sourcesOf(networkOf(proxy.url))[0] as Source;
    const frozen: Source = {
      url: proxy.url,
      client: {
        request: async (args: { method: string; params?: unknown[] }) =>
          args.method === 'eth_blockNumber' ? `0x${frozenAt.toString(16)}` : lying.client.request(args as never),
      } as never,
    };
    const read = () => claimsFrom(proxy.url)(frozenAt);
    const checkFrozen = async (ledger: HeadLedger) =>
      verifyHeadClaims(
        {
          sources: [frozen, honest()],
          chainId: 31337,
          trust: { kind: 'agreement' },
          claims: await read(),
          book: memoryLayoutBook(),
          claimsAt: read,
        },
        ledger,
      );
    try {
      const once = await checkFrozen({ claims: [] });
      expect(codes(once.check)).toContain('VERIFY_PROOF_UNSETTLED');
      expect(caughtLying(once.check)).toBe(false);
      // No block yet anywhere: as a development node's unsealed state, still asked again.
      const again = await checkFrozen(once.ledger);
      expect(caughtLying(again.check)).toBe(false);
      // The honest source moves on; the liar's head stays where it lies.
      await node.mine({ blocks: 1 });
      const moved = await checkFrozen(again.ledger);
      expect(moved.check.header?.number).toBe(frozenAt);
      expect(codes(moved.check)).toContain('VERIFY_PROOF_FAILED');
      expect(caughtLying(moved.check)).toBe(true);
    } finally {
      proxy.setFault({ kind: 'none' });
    }
  });
});

describe('agreement, with a source ahead of the other', () => {
  it('names the source ahead, and proves at the newest block both have', async () => {
    await node.mine({ blocks: 2 });
    const top = await head();
    // The second source has not seen the newest block yet.
    const real = honest();
    const behind: Source = {
      url: 'http://behind.test',
      client: {
        request: async (args: { method: string; params?: unknown[] }) => {
          if (args.method === 'eth_blockNumber') return `0x${(top - 1n).toString(16)}`;
          if (args.method === 'eth_getBlockByNumber' && BigInt(String(args.params?.[0])) >= top) return null;
          return real.client.request(args as never);
        },
      } as never,
    };
    const read = claimsFrom(url);
    const claims = await read();
    expect(claims.blockNumber).toBe(top);
    const { check } = await verifyHeadClaims(
      {
        sources: [real, behind],
        chainId: 31337,
        trust: { kind: 'agreement' },
        claims,
        book: memoryLayoutBook(),
        claimsAt: read,
      },
      { claims: [] },
    );
    expect(codes(check)).toEqual(['VERIFY_SOURCE_AHEAD']);
    expect(check.problems[0]?.text.values).toMatchObject({
      source: { text: url },
      other: { text: 'http://behind.test' },
    });
    expect(check.block).toBe(top - 1n);
    expect(nativeOf(check, 0)).toEqual({ state: 'verified', block: top - 1n });
    expect(caughtLying(check)).toBe(false);
  });
});
