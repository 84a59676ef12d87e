import { encodeFunctionData, erc20Abi, parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { demoSigner, recordingService, testFees, testNetwork, testNode } from '@/testing/txFixtures';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { chainClient } from '../chain/client';
import { LOCAL_CHAIN_ID } from '../chain/localChain';
import type { ProbeCache } from '../simulation/probe';
import { simulateTransaction } from '../simulation/simulate';
import { readSmartAccountState } from './accountState';
import { selfPaidBatch } from './atomicSend';

const url = localChainUrl();
const node = testNode(url);
const network = testNetwork(url);
const client = chainClient(network);
const { USDC } = demoContractAddresses();

describe('previewing a smart account’s batch', () => {
  it('runs the upgrade and the batch together where the node traces, and refuses a preview that would be wrong', async () => {
    const account = await demoSigner(33);
    await node.setBalance({ address: account.address, value: parseEther('1') });
    const { txs } = recordingService();
    const funder = await demoSigner(0);
    const fund = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [account.address, 5_000_000n] });
    await txs.submit({
      network,
      account: funder,
      kind: 'call',
      call: { to: USDC, value: 0n, data: fund },
      gas: 80_000n,
      fees: testFees,
    });
    await txs.track(network);

    const recipient = demoAddress(34);
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 2_000_000n] });
    const state = await readSmartAccountState(client, account.address);
    const nonce = await node.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const batch = await selfPaidBatch(
      { client, chainId: LOCAL_CHAIN_ID },
      account,
      state,
      [{ to: USDC, value: 0n, data }],
      nonce,
    );
    const tx = { from: account.address, ...batch.call, authorizationList: batch.authorizations };

    const traced = await simulateTransaction(client, tx, { cache: new Map() as ProbeCache, strategy: 'structLogs' });
    expect(traced.outcome.ok).toBe(true);
    expect(traced.changes).toContainEqual(
      expect.objectContaining({ kind: 'erc20', address: account.address, token: USDC, out: 2_000_000n }),
    );
    // The simulator in the sender's place would skip the authorization and show nothing happening.
    await expect(
      simulateTransaction(client, tx, { cache: new Map() as ProbeCache, strategy: 'stateOverride' }),
    ).rejects.toMatchObject({ code: 'SIMULATION_UNSUPPORTED' });
  });
});
