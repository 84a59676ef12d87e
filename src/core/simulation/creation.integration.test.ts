// A contract creation as a site's deployment travels through Cairn, against the local Hardhat
// node: prepared without a recipient, with the nonce it will be sent with; previewed (where it
// lands, and the size of the runtime code its init code returns); then signed, sent and mined,
// at the previewed address with code of the previewed size.
import { getContractAddress, parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { compileContracts } from '../../../devchain/compile.ts';
import { demoAddress } from '../../../devchain/seed.ts';
import { demoSigner, recordingService, testNetwork, testNode } from '../../testing/txFixtures';
import { chainClient } from '../chain/client';
import { nextNonce } from '../tx/nonces';
import { prepareSend } from '../tx/prepare';
import { createProbeCache } from './probe';
import { simulateTransaction } from './simulate';

const url = localChainUrl();
const node = testNode(url);
// A demo account past the node's twenty that no other test uses: its nonces are this test's alone.
const DEPLOYER = 70;
const from = demoAddress(DEPLOYER);
const contract = compileContracts().SampleDeployable;
if (!contract) throw new Error('devchain/contracts/SampleDeployable.sol did not compile');

beforeAll(async () => {
  await node.setBalance({ address: from, value: parseEther('10') });
});

describe('a contract creation, prepared, previewed and mined on the local node', () => {
  it('lands at the previewed address, with runtime code of the previewed size', async () => {
    const network = testNetwork(url);
    const { txs, store } = recordingService();
    const client = chainClient(network);
    const nonce = await nextNonce(client, from, await store.forAccount(network.chainId, from));
    const prepared = await prepareSend<undefined>({
      network,
      from,
      recipient: undefined,
      asset: { kind: 'native', symbol: 'ETH', decimals: 18 },
      amount: 0n,
      max: false,
      preset: 'normal',
      advanced: { data: contract.bytecode, nonce },
    });
    expect(prepared.call).toEqual({ to: undefined, value: 0n, data: contract.bytecode });
    expect(prepared.gasLimit > 21_000n).toBe(true);

    const result = await simulateTransaction(
      client,
      { from, data: contract.bytecode, gas: prepared.gasLimit, nonce },
      { cache: createProbeCache() },
    );
    const predicted = getContractAddress({ from, nonce: BigInt(nonce) });
    expect(result.outcome).toEqual({ ok: true });
    // The runtime code as compiled (its immutable left as zeros) has the size of the deployed one.
    expect(result.creation).toEqual({
      address: predicted,
      codeSize: (contract.deployedBytecode.length - 2) / 2,
      nonceKnown: true,
    });

    const record = await txs.submit({
      network,
      account: await demoSigner(DEPLOYER),
      kind: 'call',
      call: prepared.call,
      gas: prepared.gasLimit,
      fees: prepared.fees,
      nonce,
    });
    expect(record).toMatchObject({ to: undefined, nonce, status: 'pending' });
    const receipt = await node.waitForTransactionReceipt({ hash: record.hash });
    expect(receipt.status).toBe('success');
    expect(receipt.contractAddress).toBe(predicted.toLowerCase());
    const code = await node.getCode({ address: predicted });
    expect(((code?.length ?? 2) - 2) / 2).toBe(result.creation?.codeSize);
    const [change] = await txs.track(network);
    expect(change?.record).toMatchObject({ status: 'confirmed', to: undefined });
  });

  it('previews a creation that reverts as failing, with no code size', async () => {
    // Init code that reverts at once: PUSH0 PUSH0 REVERT.
    const result = await simulateTransaction(client(), { from, data: '0x5f5ffd' }, { cache: createProbeCache() });
    expect(result.outcome.ok).toBe(false);
    expect(result.creation?.codeSize).toBeUndefined();
  });
});

const client = () => chainClient(testNetwork(url));
