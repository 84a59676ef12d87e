// The Safe's history as its screen follows it (useSafeHistory: the shared head, and the history
// query at each head it brings), against the local chain through a counting proxy: an execution
// shows at the head that brings it, each new block costs at most one eth_getLogs over blocks not
// read before, and nothing is read while no Safe screen is open.
import { environmentManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { type Address, type Hex, parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChainHead } from '@/core/chain/chainHead';
import { LOCAL_CHAIN_ID } from '@/core/chain/localChain';
import { localNetwork } from '@/core/chain/networks';
import { callSafeTx, execTransactionCall, safeTxHash, safeTxTypedData } from '@/core/safe/safeTx';
import { encodeSignatures, recoverSafeSignature } from '@/core/safe/signatures';
import { localChainUrl } from '@/testing/localChainUrl';
import { startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { createTestSafe } from '@/testing/safeFixtures';
import { demoSigner, testNode } from '@/testing/txFixtures';
import { demoAddress } from '../../../devchain/seed.ts';
import { chainHeadQuery } from './chainQueries';
import { setHeadSocketOpener } from './headFeeds';
import { safeHistoryQuery } from './safeHistoryQueries';

const url = localChainUrl();
const node = testNode(url);
const poll = { timeout: 20_000, interval: 100 };

/** Sends `call` from `from` (an unlocked account of the node): one block. */
async function send(from: Address, call: { to: Address; value: bigint; data: Hex }) {
  await node.impersonateAccount({ address: from });
  const hash = await node.sendTransaction({ account: from, chain: null, ...call });
  await node.stopImpersonatingAccount({ address: from });
  return node.waitForTransactionReceipt({ hash });
}

// Polls run as in a page (TanStack Query runs none where it takes Node for a server), the head
// polled without the node's socket.
beforeAll(() => environmentManager.setIsServer(() => false));
afterAll(() => environmentManager.setIsServer(() => true));
afterEach(() => setHeadSocketOpener(null));

describe('the Safe’s history, as its screen follows the head', () => {
  it('shows an execution at the head that brings it, reads only new blocks, and nothing with no screen', async () => {
    setHeadSocketOpener(undefined);
    const proxy = await startRpcFaultProxy(url);
    const cache = new QueryClient();
    const stops: (() => void)[] = [];
    try {
      const network = { ...localNetwork(proxy.url), id: 'safe-history-followed' };
      const owner = await demoSigner(90);
      const safe = await createTestSafe(node, { owners: [owner.address], threshold: 1 });
      await send(demoAddress(17), { to: safe, value: parseEther('1'), data: '0x' });

      // What the Safe screen runs: the shared head, and the history at each head it brings.
      const head = new QueryObserver(cache, chainHeadQuery(cache, network));
      const history = new QueryObserver(cache, safeHistoryQuery(cache, network, safe, undefined));
      const block = () => {
        const data: ChainHead | undefined = head.getCurrentResult().data;
        return data?.status === 'ok' ? data.block : undefined;
      };
      const follow = () => history.setOptions(safeHistoryQuery(cache, network, safe, block()));
      const screen = () => history.subscribe(() => undefined);
      let leave = screen();
      stops.push(() => leave());
      stops.push(head.subscribe(follow));
      follow();
      const read = () => history.getCurrentResult().data;
      const kinds = () => read()?.events.map((event) => event.kind) ?? [];
      await expect.poll(kinds, poll).toEqual(['received']);

      // An execution: at the head that brings it, one eth_getLogs of the new block alone.
      const readTo = read()?.to ?? 0n;
      proxy.resetCounts();
      const tx = callSafeTx({ to: demoAddress(18), value: parseEther('0.25'), data: '0x' }, 0n);
      const ref = { chainId: LOCAL_CHAIN_ID, address: safe };
      const signature = await recoverSafeSignature(
        safeTxHash(ref, tx),
        await owner.signTypedData(safeTxTypedData(ref, tx)),
      );
      const receipt = await send(demoAddress(17), execTransactionCall(safe, tx, encodeSignatures([signature])));
      expect(receipt.blockNumber).toBe(readTo + 1n);
      await expect.poll(kinds, poll).toEqual(['executed', 'received']);
      expect(read()?.events[0]).toMatchObject({ hash: receipt.transactionHash, blockNumber: receipt.blockNumber });
      expect(proxy.logRanges).toEqual([[receipt.blockNumber, receipt.blockNumber]]);

      // The screen left: new blocks read no log.
      leave();
      proxy.resetCounts();
      const left = block()?.number ?? 0n;
      await node.mine({ blocks: 1 });
      await expect.poll(() => block()?.number, poll).toBe(left + 1n);
      await node.mine({ blocks: 1 });
      await expect.poll(() => block()?.number, poll).toBe(left + 2n);
      expect(proxy.calls.eth_getLogs ?? 0).toBe(0);

      // Back on it: what came meanwhile, from the blocks after those read (and a few before,
      // since the head no longer vouches for them), at most one eth_getLogs per new block.
      leave = screen();
      const received = await send(demoAddress(17), { to: safe, value: parseEther('0.5'), data: '0x' });
      await expect.poll(kinds, poll).toEqual(['received', 'executed', 'received']);
      expect(read()?.events[0]).toMatchObject({ hash: received.transactionHash });
      const readNow = read()?.to ?? 0n;
      expect(proxy.calls.eth_getLogs ?? 0).toBeLessThanOrEqual(Number(readNow - left));
    } finally {
      for (const stop of stops) stop();
      cache.clear();
      await proxy.close();
    }
  });
});
