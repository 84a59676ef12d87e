// A batch of calls with a contract creation in it (EIP-5792 wallet_sendCalls without `to`),
// previewed on the local node (through the simulator contract: it offers no eth_simulateV1), then
// mined one after another with consecutive nonces: the creation lands where the preview said
// (the sender and its transaction's nonce), with code of the size it said, and a later call of the
// batch reaches the new contract (unless the simulator could not create it there: the preview then
// says so). Demo accounts 90–91 are this file's alone.
import { type Address, encodeFunctionData, getContractAddress, type Hex, parseAbi, parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { compileContracts } from '../../../devchain/compile.ts';
import { demoAddress } from '../../../devchain/seed.ts';
import { simulationChain } from '../../testing/simulationChain';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { renderMessage } from '../i18n/message';
import { createProbeCache } from './probe';
import { type BatchCall, simulateCalls } from './simulateCalls';
import { STATE_OVERRIDE_NOTES } from './stateOverride';

const DEPLOYER = 90;
/** An account that has sent nothing yet: its first creation takes nonce 0. */
const FRESH = 91;
const url = localChainUrl();
const chain = simulationChain(url, { clientId: 'batch-creation-test', gas: 1_000_000n });
const client = chainClient({ ...localNetwork(url), id: 'batch-creation-test' });
const cache = createProbeCache();
const contract = compileContracts().SampleDeployable;
if (!contract) throw new Error('devchain/contracts/SampleDeployable.sol did not compile');
const sample = parseAbi(['function poke()', 'function pokes() view returns (uint256)']);
const runtimeSize = (contract.deployedBytecode.length - 2) / 2;

const create: BatchCall = { to: undefined, value: 0n, data: contract.bytecode as Hex };
const poke = (to: Address): BatchCall => ({
  to,
  value: 0n,
  data: encodeFunctionData({ abi: sample, functionName: 'poke' }),
});

beforeAll(async () => {
  await chain.giveCoin(demoAddress(DEPLOYER), parseEther('10'));
  await chain.giveCoin(demoAddress(FRESH), parseEther('10'));
});

describe('previewing a batch with a contract creation on the local node', () => {
  it('says where each creation lands and its code size; a later call reaches the contract, as mining shows', async () => {
    const from = demoAddress(DEPLOYER);
    // A transaction first, so that the batch starts past nonce 0.
    await chain.simulateThenMine(DEPLOYER, { to: from, value: 1n });
    const nonce = await chain.direct.getTransactionCount({ address: from, blockTag: 'pending' });
    const fees = await chain.direct.estimateFeesPerGas();
    // The call before the creation uses a nonce too: the contract is that of the second nonce.
    const predicted = getContractAddress({ from, nonce: BigInt(nonce + 1) });
    const calls = [{ to: from, value: 1n, data: '0x' as Hex }, create, poke(predicted)];
    const sending = { fees, gas: 100_000n, nonce };
    const result = await simulateCalls(client, from, calls, { cache, sending });
    expect(result.strategy).toBe('stateOverride');
    expect(result.outcome).toEqual({ ok: true });
    expect(result.calls.map((c) => c.creation)).toEqual([
      undefined,
      { address: predicted, codeSize: runtimeSize, nonceKnown: true },
      undefined,
    ]);
    // poke() found the contract the creation left: it wrote its counter (a call to an empty account spends 21,000).
    expect(result.calls[2]?.gasUsed).toBeGreaterThan(40_000n);
    expect(result.notes).not.toContainEqual(STATE_OVERRIDE_NOTES.create);

    for (const call of calls) {
      const { receipt } = await chain.simulateThenMine(DEPLOYER, call);
      expect(receipt.status).toBe('success');
      if (!call.to) expect(receipt.contractAddress).toBe(predicted.toLowerCase());
    }
    const code = await chain.direct.getCode({ address: predicted });
    expect(((code?.length ?? 2) - 2) / 2).toBe(runtimeSize);
    expect(await chain.direct.readContract({ address: predicted, abi: sample, functionName: 'pokes' })).toBe(1n);
  });

  it('for an account that chooses no nonce, lands the creation at the next one the node expects (here 0)', async () => {
    const from = demoAddress(FRESH);
    const result = await simulateCalls(client, from, [create, poke(getContractAddress({ from, nonce: 0n }))], {
      cache,
    });
    expect(result.outcome).toEqual({ ok: true });
    expect(result.calls[0]?.creation).toEqual({
      address: getContractAddress({ from, nonce: 0n }),
      codeSize: runtimeSize,
      nonceKnown: false,
    });
    // The node counts the eth_call's own nonce, past 0: the simulator's creation lands elsewhere, and the preview says so.
    const notes = result.notes.map((note) => renderMessage(note));
    expect(notes).toContain(renderMessage(STATE_OVERRIDE_NOTES.create));
  });

  it('shows no code size for a creation that reverts, and previews nothing after it', async () => {
    const from = demoAddress(DEPLOYER);
    // Init code that reverts at once: PUSH1 0 PUSH1 0 REVERT.
    const reverting: BatchCall = { to: undefined, value: 0n, data: '0x60006000fd' };
    // The call after it goes elsewhere: a call of the account to itself runs its own code, which
    // the simulator cannot stand in for (runsOwnCode), and is refused before anything is previewed.
    const result = await simulateCalls(client, from, [reverting, poke(demoAddress(FRESH))], { cache });
    expect(result.calls).toHaveLength(1);
    expect(result.outcome).toMatchObject({ ok: false, call: { index: 0, count: 2 } });
    expect(result.calls[0]?.creation?.codeSize).toBeUndefined();
  });
});
