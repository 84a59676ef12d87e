// The review's own queries on the local chain, with a proxy listed first that answers every
// eth_call and proof truly and empties debug_traceCall's trace: the preview shows "no change" for
// a USDC transfer, Cairn's own run finds the transfer, and the network's alarm names the source.
// The same node honest: the preview is proven and no alarm is raised. A development node's state no
// block has sealed (hardhat_setBalance, hardhat_setCode) makes every proof at its head miss its
// header's root: asked again after the next block, never called a lie; a proxy whose proofs fail at
// every block is, at the second.
import { QueryClient } from '@tanstack/react-query';
import { encodeFunctionData, erc20Abi, parseEther } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { localNetwork } from '@/core/chain/networks';
import { codeValue, msg } from '@/core/i18n/message';
import type { NetworkVerification } from '@/core/verify/verificationSetting';
import { createVerifier } from '@/core/verify/verifier';
import { localChainUrl } from '@/testing/localChainUrl';
import { proofsProxy, sealPendingWrites } from '@/testing/settledChain';
import { testNode } from '@/testing/txFixtures';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { transactionPreviewQuery } from './simulationQueries';
import { callCheckQuery } from './verifyQueries';

const url = localChainUrl();
const node = testNode(url);
const proxy = proofsProxy(url);
const { USDC } = demoContractAddresses();
const verification: NetworkVerification = { mode: 'previews', trust: { kind: 'agreement' } };
let counter = 0;
const networks: ReturnType<typeof localNetwork>[] = [];
const verifier = createVerifier();
const clearAlarm = (on: ReturnType<typeof localNetwork>) => verifier.clear(on);
const currentAlarm = (on: ReturnType<typeof localNetwork>) => verifier.alarm(on);

const transfer = {
  from: demoAddress(0),
  to: USDC,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [demoAddress(7), 3_000_000n] }),
  gas: 100_000n,
};

const newNetwork = () => {
  const network = { ...localNetwork([proxy.url, url]), id: `call-check-${counter++}` };
  networks.push(network);
  return network;
};

/** A review of the transfer: its preview, then its check, as the review's panel asks them. */
async function review(network = newNetwork()) {
  const cache = new QueryClient();
  const context = { own: [transfer.from], savedAbis: [], contractAbis: [], watchTokens: [] };
  const { result: shown } = await cache.fetchQuery(transactionPreviewQuery(network, transfer, context));
  const check = await cache.fetchQuery(
    callCheckQuery(verifier, network, transfer, verification, undefined, { settled: true, shown, saved: [] }),
  );
  return { network, shown, check };
}

describe('a review’s preview checked by its queries', () => {
  afterEach(() => {
    for (const network of networks.splice(0)) clearAlarm(network);
  });

  it('proves an honest node’s preview and raises no alarm', async () => {
    const { network, check } = await review();
    expect(check).toMatchObject({ state: 'verified', changes: { state: 'proven' } });
    expect(currentAlarm(network)).toBeUndefined();
  });

  it('asks a development node’s unsealed state again after the next block: no alarm, no lie', async () => {
    const network = newNetwork();
    // hardhat_setBalance and hardhat_setCode, no block mined: every proof at the head misses its header.
    await node.setBalance({ address: '0x00000000000000000000000000000000000de7a1', value: parseEther('7') });
    await node.setCode({ address: '0x00000000000000000000000000000000000de7a2', bytecode: '0x6001' });
    try {
      await expect(review(network)).rejects.toMatchObject({ code: 'VERIFY_PROOF_UNSETTLED' });
      expect(currentAlarm(network)).toBeUndefined();
    } finally {
      await sealPendingWrites(url);
    }
    // Asked again once the next block sealed it: proven.
    const { check } = await review(network);
    expect(check).toMatchObject({ state: 'verified', changes: { state: 'proven' } });
    expect(currentAlarm(network)).toBeUndefined();
  });

  it('calls a proxy whose proofs fail at every block a liar when asked again after the next block', async () => {
    proxy.setFault({ kind: 'lie', lie: 'proofNode' });
    const network = newNetwork();
    await expect(review(network)).rejects.toMatchObject({ code: 'VERIFY_PROOF_UNSETTLED' });
    expect(currentAlarm(network)).toBeUndefined();
    await node.mine({ blocks: 1 });
    await expect(review(network)).rejects.toMatchObject({ code: 'VERIFY_PROOF_FAILED' });
    expect(currentAlarm(network)).toMatchObject({
      acknowledged: false,
      calls: [{ source: proxy.url, problem: { id: 'core.chain:verify.proofFailed' } }],
    });
  });

  it('raises the alarm for a preview that hides a transfer the call makes', async () => {
    proxy.setFault({ kind: 'lie', lie: 'emptyTrace' });
    const { network, shown, check } = await review();
    expect(shown.changes).toEqual([]);
    expect(check.changes).toEqual({ state: 'differs', what: 'events', node: 0, proven: 1 });
    const block = check.header.number.toString();
    expect(currentAlarm(network)).toMatchObject({
      acknowledged: false,
      calls: [
        {
          source: proxy.url,
          problem: msg('core.chain:verify.changesDiffer', { source: codeValue(proxy.url), block }),
        },
      ],
    });
  });
});
