// Every kind of approval granted on the local node by one account (index 49, this file's own),
// then found by the scan and read as the chain has it now: limited and unlimited ERC-20
// allowances, a USDT-style token, one set and then withdrawn, an operator for the NFT collection,
// a single NFT approval, and Permit2 allowances (in force, expired, locked down), through a node
// that answers any log range and one that refuses ranges over 7 blocks.
import { maxUint256, parseAbi, parseEther, parseUnits, zeroAddress } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { scenarioContractAddresses } from '../../../devchain/scenarios.ts';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { demoAddress, seedClient } from '../../../devchain/seedSupport.ts';
import { approvalCalls } from '../../testing/approvalCalls';
import { startRpcFaultProxy } from '../../testing/rpcFaultProxy';
import { simulationChain } from '../../testing/simulationChain';
import { chainClient } from '../chain/client';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import { localNetwork } from '../chain/networks';
import { memoryApprovalStore } from './approvalStore';
import { readCurrentApprovals } from './currentApprovals';
import { scanApprovals } from './scanApprovals';

const OWNER_INDEX = 49;
const owner = demoAddress(OWNER_INDEX);
const BOB = demoAddress(48);
const { DAI, USDC, USDT, NFT } = demoContractAddresses();
const { SWAP, MARKET } = scenarioContractAddresses();
const url = localChainUrl();
const chain = simulationChain(url, { clientId: 'approvals-test', gas: 1_000_000n });
const client = chainClient({ ...localNetwork(url), id: 'approvals-test' });
const seed = seedClient(url);
const abi = parseAbi([
  'function approve(address spender, uint256 value)',
  'function setApprovalForAll(address operator, bool approved)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'struct TokenSpenderPair { address token; address spender; }',
  'function lockdown(TokenSpenderPair[] approvals)',
]);
const DAY = 86_400n;

const send = approvalCalls(url, OWNER_INDEX, abi);

let now: bigint;

beforeAll(async () => {
  await chain.giveCoin(owner, parseEther('10'));
  await chain.giveTokens(DAI, owner, parseEther('500'));
  await chain.giveTokens(USDC, owner, parseUnits('300', 6));
  await chain.giveNfts(NFT, owner, [40n, 41n]);
  // The seed placed Uniswap's Permit2 at its address (devchain/permit2.ts).
  now = (await seed.getBlock()).timestamp;
  await send(DAI, 'approve', [SWAP, maxUint256]);
  await send(USDC, 'approve', [SWAP, parseUnits('100', 6)]);
  await send(USDC, 'approve', [MARKET, 5n]);
  await send(USDC, 'approve', [MARKET, 0n]);
  await send(USDT, 'approve', [SWAP, parseUnits('50', 6)]);
  await send(NFT, 'setApprovalForAll', [MARKET, true]);
  await send(NFT, 'approve', [BOB, 40n]);
  await send(NFT, 'approve', [BOB, 41n]);
  // Given away: its approval goes with it.
  await send(NFT, 'transferFrom', [owner, BOB, 41n]);
  await send(DAI, 'approve', [PERMIT2_ADDRESS, maxUint256]);
  await send(PERMIT2_ADDRESS, 'approve', [DAI, SWAP, 1_000n, now + 30n * DAY]);
  await send(PERMIT2_ADDRESS, 'approve', [USDC, MARKET, 5n, 1n]);
  await send(PERMIT2_ADDRESS, 'approve', [DAI, BOB, 7n, now + DAY]);
  await send(PERMIT2_ADDRESS, 'lockdown', [[{ token: DAI, spender: BOB }]]);
}, 120_000);

/** The approvals in force, in a stable order and without the blocks they came from. */
const summary = (list: Awaited<ReturnType<typeof readCurrentApprovals>>) => {
  const key = (a: (typeof list)[number]) =>
    `${a.kind}:${a.token}:${'spender' in a ? a.spender : 'operator' in a ? a.operator : a.tokenId}`;
  return [...list]
    .sort((a, b) => key(a).localeCompare(key(b)))
    .map(({ blockNumber: _b, transactionHash: _t, ...rest }) => rest);
};

describe('finding an account’s approvals on the local node', () => {
  it('finds every approval in force, with what it allows now, and leaves out the withdrawn, expired and given away', async () => {
    const scan = await scanApprovals({ client, store: memoryApprovalStore() }, owner);
    expect(scan.changed).toBe(true);
    // An owner's approvals are few: a first scan asks for the whole range at once.
    expect(scan.logReads).toBe(1);
    const current = await readCurrentApprovals(client, owner, scan.events, true);
    expect(summary(current)).toEqual(
      summary([
        { kind: 'erc20', token: DAI, spender: SWAP, amount: maxUint256, unlimited: true, balance: parseEther('500') },
        {
          kind: 'erc20',
          token: USDC,
          spender: SWAP,
          amount: parseUnits('100', 6),
          unlimited: false,
          balance: parseUnits('300', 6),
        },
        { kind: 'erc20', token: USDT, spender: SWAP, amount: parseUnits('50', 6), unlimited: false, balance: 0n },
        {
          kind: 'erc20',
          token: DAI,
          spender: PERMIT2_ADDRESS,
          amount: maxUint256,
          unlimited: true,
          balance: parseEther('500'),
        },
        { kind: 'operator', token: NFT, operator: MARKET },
        { kind: 'erc721', token: NFT, tokenId: 40n, approved: BOB },
        {
          kind: 'permit2',
          token: DAI,
          spender: SWAP,
          amount: 1_000n,
          unlimited: false,
          expiration: now + 30n * DAY,
          nonce: 0n,
          permit2Allowance: maxUint256,
          balance: parseEther('500'),
        },
      ] as never),
    );
    // Each says where it was granted.
    for (const approval of current) expect(approval.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(current.every((a) => !('approved' in a) || a.approved !== zeroAddress)).toBe(true);
  });

  it('skips an account that never sent a transaction with one request, unless asked to look anyway', async () => {
    const fresh = demoAddress(47);
    const proxy = await startRpcFaultProxy(url);
    try {
      const proxied = chainClient({ ...localNetwork(proxy.url), id: 'approvals-fresh' });
      const skipped = await scanApprovals({ client: proxied, store: memoryApprovalStore() }, fresh);
      expect(skipped).toMatchObject({ neverSent: true, events: [], logReads: 0 });
      expect(proxy.requests).toBe(1);
      const looked = await scanApprovals({ client: proxied, store: memoryApprovalStore() }, fresh, {
        evenIfNeverSent: true,
      });
      expect(looked).toMatchObject({ neverSent: false, changed: true, events: [] });
    } finally {
      await proxy.close();
    }
  });

  it('reads the same through plain calls as through Multicall3', async () => {
    const { events } = await scanApprovals({ client, store: memoryApprovalStore() }, owner);
    expect(summary(await readCurrentApprovals(client, owner, events, false))).toEqual(
      summary(await readCurrentApprovals(client, owner, events, true)),
    );
  });

  it('finds the same events through a node that refuses log ranges over 7 blocks, and rescans with one request', async () => {
    const direct = await scanApprovals({ client, store: memoryApprovalStore() }, owner);
    const proxy = await startRpcFaultProxy(url);
    try {
      proxy.setFault({ kind: 'logRangeLimit', maxBlocks: 7 });
      const limitedClient = chainClient({ ...localNetwork(proxy.url), id: 'approvals-limited' });
      const store = memoryApprovalStore();
      const limited = await scanApprovals({ client: limitedClient, store }, owner);
      const upTo = (events: typeof direct.events) =>
        events.filter((e) => e.blockNumber <= direct.head).map((e) => `${e.transactionHash}:${e.logIndex}`);
      expect(upTo(limited.events)).toEqual(upTo(direct.events));
      // Thirteen approvals were granted or withdrawn: all are found.
      expect(limited.events.length).toBe(13);
      proxy.resetCounts();
      const again = await scanApprovals({ client: limitedClient, store }, owner);
      // Nothing new: the head and the last head in one request, and at most one log read of the
      // reorg window if a block came meanwhile.
      expect(again.logReads).toBeLessThanOrEqual(1);
      expect(proxy.requests).toBeLessThanOrEqual(2);
      expect(again.events.length).toBe(limited.events.length);
    } finally {
      await proxy.close();
    }
  });
});
