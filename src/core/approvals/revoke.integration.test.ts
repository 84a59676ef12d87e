// Revoking on the local node: every kind of approval read by readAccountApprovals, taken back
// with the calls revokeCallFor plans, and read again. A token that refuses approve(spender, 0)
// gets an allowance of 1 base unit instead, and says so.
import { type Address, encodeFunctionData, getAddress, maxUint256, pad, parseAbi, parseEther, parseUnits } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { compileContracts } from '../../../devchain/compile.ts';
import { scenarioContractAddresses } from '../../../devchain/scenarios.ts';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { demoAccount, demoAddress, seedClient } from '../../../devchain/seedSupport.ts';
import { approvalCalls } from '../../testing/approvalCalls';
import { simulationChain } from '../../testing/simulationChain';
import { chainClient } from '../chain/client';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import { localNetwork } from '../chain/networks';
import { renderMessage } from '../i18n/message';
import { approvalId } from './approvalRows';
import { memoryApprovalStore } from './approvalStore';
import { readAccountApprovals } from './readApprovals';
import { revokeCallFor } from './revokeCall';

const OWNER_INDEX = 46;
const owner = demoAddress(OWNER_INDEX);
const { DAI, USDT, NFT } = demoContractAddresses();
const { SWAP, MARKET } = scenarioContractAddresses();
const url = localChainUrl();
const chain = simulationChain(url, { clientId: 'revoke-test', gas: 1_000_000n });
const client = chainClient({ ...localNetwork(url), id: 'revoke-test' });
const seed = seedClient(url);
const allowanceAbi = parseAbi(['function allowance(address owner, address spender) view returns (uint256)']);
const abi = parseAbi([
  'function approve(address spender, uint256 value)',
  'function setApprovalForAll(address operator, bool approved)',
  'function mint(address to, uint256 value)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
]);

const send = approvalCalls(url, OWNER_INDEX, abi);

let noZero: Address;

beforeAll(async () => {
  await chain.giveCoin(owner, parseEther('10'));
  await chain.giveTokens(DAI, owner, parseEther('40'));
  await chain.giveTokens(USDT, owner, parseUnits('30', 6));
  const token = compileContracts().NoZeroApproveToken;
  if (!token) throw new Error('NoZeroApproveToken did not compile');
  const { abi: tokenAbi, bytecode } = token;
  const deployed = await seed.deployContract({ account: demoAccount(OWNER_INDEX), abi: tokenAbi, bytecode });
  noZero = getAddress((await seed.waitForTransactionReceipt({ hash: deployed })).contractAddress as Address);
  await send(noZero, 'mint', [owner, 1_000n]);
  await send(DAI, 'approve', [SWAP, maxUint256]);
  await send(USDT, 'approve', [SWAP, parseUnits('20', 6)]);
  await send(noZero, 'approve', [SWAP, 500n]);
  await send(NFT, 'setApprovalForAll', [MARKET, true]);
  // The seed places Uniswap's Permit2 at its address (devchain/permit2.ts).
  await send(DAI, 'approve', [PERMIT2_ADDRESS, maxUint256]);
  await send(PERMIT2_ADDRESS, 'approve', [DAI, MARKET, 1_000n, BigInt(Math.floor(Date.now() / 1000) + 86_400)]);
}, 60_000);

describe('revoking approvals on the local node', () => {
  it('reads each approval with its context, revokes them all, and finds none left (1 base unit where 0 is refused)', async () => {
    const store = memoryApprovalStore();
    const before = await readAccountApprovals(client, store, owner);
    const kinds = before.approvals.map((a) => `${a.kind}:${a.token}`).sort();
    expect(kinds).toEqual(
      expect.arrayContaining([`erc20:${DAI}`, `erc20:${USDT}`, `erc20:${noZero}`, `operator:${NFT}`, `permit2:${DAI}`]),
    );
    expect(before.context.hasCode.get(SWAP.toLowerCase())).toBe(true);
    expect(before.context.labels.get(DAI.toLowerCase())).toMatchObject({ symbol: 'DAI', decimals: 18 });
    for (const approval of before.approvals) {
      expect(before.context.grantedAt.get(String(approval.blockNumber))).toBeGreaterThan(0);
    }

    const notes: string[] = [];
    for (const approval of before.approvals) {
      const revoke = await revokeCallFor(client, owner, approval);
      if (revoke.note) notes.push(`${approval.token}: ${renderMessage(revoke.note)}`);
      const hash = await seed.sendTransaction({ account: demoAccount(OWNER_INDEX), to: revoke.to, data: revoke.data });
      expect((await seed.waitForTransactionReceipt({ hash })).status).toBe('success');
    }
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(new RegExp(`^${noZero}: .*refuses an allowance of 0.*1 base unit`));

    const after = await readAccountApprovals(client, store, owner);
    // All gone: the zero-refusing token keeps an allowance of 1 base unit, which is nothing to take.
    expect(after.approvals.map(approvalId)).toEqual([]);
    expect(
      await client.request({
        method: 'eth_call',
        params: [{ to: noZero, data: encodeFunctionData({ abi: allowanceAbi, args: [owner, SWAP] }) }, 'latest'],
      } as never),
    ).toBe(pad('0x1'));
  });
});
