// A site's atomic batch whose one call is to the account itself, its delegate's `execute` of a
// drain: previewed as the one transaction that will be mined, the preview shows the ETH and USDC
// leaving the account, for a plain account (upgraded by the batch) and an upgraded one, on the
// local node (it traces, and has no eth_simulateV1) and through eth_call alone; a batch another
// account pays for is previewed as the payer's transaction. Demo accounts 140–143 are this file's own.
import { type Address, encodeFunctionData, erc20Abi, parseEther, parseUnits } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { simulationChain } from '@/testing/simulationChain';
import { demoSigner } from '@/testing/txFixtures';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { chainClient } from '../chain/client';
import { designatorCode } from '../chain/delegationDesignator';
import { LOCAL_CHAIN_ID } from '../chain/localChain';
import { localNetwork } from '../chain/networks';
import { createProbeCache } from '../simulation/probe';
import { simulateCalls } from '../simulation/simulateCalls';
import type { AssetChange } from '../simulation/types';
import type { SmartAccountState } from './accountState';
import { planSponsoredBatch } from './atomicSend';
import { atomicBatchTransaction, plannedTransaction, simulateAtomicBatch } from './batchPreview';
import { DELEGATION_CONTRACTS } from './delegates';
import { selfBatchCall } from './execution';

const { USDC } = demoContractAddresses();
const url = localChainUrl();
const chain = simulationChain(url, { clientId: 'atomic-preview-test', gas: 1_000_000n });
const client = chainClient({ ...localNetwork(url), id: 'atomic-preview-test' });
const attacker = demoAddress(141);
const plain = demoAddress(140);
const upgraded = demoAddress(142);
const upgradedState: SmartAccountState = { kind: 'upgraded', delegate: DELEGATION_CONTRACTS.delegator };
const ETH_OUT = parseEther('2');
const USDC_OUT = parseUnits('5', 6);

const usdcTo = (to: Address, amount: bigint) => ({
  to: USDC,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
});

/** The site's one call: to the account itself, the delegate's execute of two transfers to the attacker. */
const drain = (account: Address) =>
  selfBatchCall(account, [{ to: attacker, value: ETH_OUT, data: '0x' }, usdcTo(attacker, USDC_OUT)]);

const leaving = (changes: readonly AssetChange[], account: Address) => ({
  eth: changes.find((c) => c.kind === 'native' && c.address === account),
  usdc: changes.find((c) => c.kind === 'erc20' && c.address === account && c.token === USDC),
});

beforeAll(async () => {
  for (const account of [plain, upgraded]) {
    await chain.giveCoin(account, parseEther('10'));
    await chain.giveTokens(USDC, account, parseUnits('100', 6));
  }
  await chain.test.setCode({ address: upgraded, bytecode: designatorCode(DELEGATION_CONTRACTS.delegator) });
});

describe('an atomic batch whose call is to the account itself', () => {
  const cases = [
    { name: 'a plain account, upgraded by the batch', account: plain, state: { kind: 'plain' } as const },
    { name: 'an upgraded account', account: upgraded, state: upgradedState },
  ];
  for (const { name, account, state } of cases) {
    for (const strategy of [undefined, 'stateOverride'] as const) {
      it(`shows the drain, ${name}, ${strategy ?? 'with the node’s best strategy'}`, async () => {
        const options = { cache: createProbeCache(), watch: { tokens: [USDC] }, ...(strategy && { strategy }) };
        const calls = [drain(account)];
        const tx = atomicBatchTransaction(account, state, calls);
        const result = await simulateAtomicBatch(client, { account, calls, tx }, options);
        expect(result.outcome).toEqual({ ok: true });
        const { eth, usdc } = leaving(result.changes, account);
        expect(eth).toMatchObject({ out: ETH_OUT });
        expect(usdc).toMatchObject({ out: USDC_OUT });
      });
    }
  }

  it('previews a batch another account pays for as the payer’s transaction, for an account holding no ETH', async () => {
    const account = await demoSigner(143);
    await chain.giveCoin(account.address, 0n);
    await chain.giveTokens(USDC, account.address, parseUnits('100', 6));
    const calls = [usdcTo(attacker, USDC_OUT)];
    const plan = await planSponsoredBatch(
      { client, chainId: LOCAL_CHAIN_ID },
      account,
      { kind: 'plain' },
      {
        payer: upgraded,
        calls,
        accountNonce: 0,
        nowSeconds: BigInt(Math.floor(Date.now() / 1000)),
      },
    );
    const tx = plannedTransaction(plan);
    const result = await simulateAtomicBatch(
      client,
      { account: account.address, calls, tx },
      { cache: createProbeCache() },
    );
    expect(result.outcome).toEqual({ ok: true });
    expect(leaving(result.changes, account.address).usdc).toMatchObject({ out: USDC_OUT });
  });

  it('showed no change for a plain account when previewed as a call from the account (the review found)', async () => {
    const result = await simulateCalls(client, plain, [drain(plain)], { cache: createProbeCache() });
    expect(result.outcome).toEqual({ ok: true });
    expect(leaving(result.changes, plain)).toEqual({ eth: undefined, usdc: undefined });
  });
});
