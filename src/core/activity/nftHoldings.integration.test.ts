import { parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { testNode } from '@/testing/txFixtures';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { memoryActivityStore } from './activityStore';
import { readHeldNfts } from './nftHoldings';
import { syncAccount } from './sync';

const url = localChainUrl();

describe('NFTs an account holds', () => {
  it('lists exactly the seeded tokens it owns now, with their collection and metadata URI', async () => {
    const network = { ...localNetwork(url), id: 'nft-test' };
    const client = chainClient(network);
    const account = demoAddress(0);
    const store = memoryActivityStore();
    await syncAccount({ client, network, store }, account);
    const held = await readHeldNfts(client, account, await store.items(network.chainId, account));

    const nft = demoContractAddresses().NFT;
    const node = testNode(url);
    const owned: bigint[] = [];
    for (let id = 1n; id <= 10n; id++) {
      const owner = await node
        .readContract({
          address: nft,
          abi: parseAbi(['function ownerOf(uint256) view returns (address)']),
          functionName: 'ownerOf',
          args: [id],
        })
        .catch(() => undefined);
      if (owner?.toLowerCase() === account.toLowerCase()) owned.push(id);
    }
    expect(held.map((h) => h.tokenId)).toEqual(owned);
    expect(owned.length).toBeGreaterThan(0);
    const erc721 = parseAbi([
      'function name() view returns (string)',
      'function tokenURI(uint256) view returns (string)',
    ]);
    const collection = await node.readContract({ address: nft, abi: erc721, functionName: 'name' });
    for (const h of held) {
      expect(h).toMatchObject({ standard: 'erc721', balance: 1n, collection });
      expect(h.metadataUri).toBe(
        await node.readContract({ address: nft, abi: erc721, functionName: 'tokenURI', args: [h.tokenId] }),
      );
      expect(h.metadataUri).toMatch(/^data:application\/json/);
    }
  });

  it('reads the same through Multicall3 in one eth_call, and with plain calls in one request', async () => {
    const proxy = await startRpcFaultProxy(url);
    try {
      const network = { ...localNetwork(proxy.url), id: 'nft-calls' };
      const client = chainClient(network);
      const account = demoAddress(0);
      const store = memoryActivityStore();
      await syncAccount({ client: chainClient({ ...localNetwork(url), id: 'nft-sync' }), network, store }, account);
      const items = await store.items(network.chainId, account);
      proxy.resetCounts();
      const plain = await readHeldNfts(client, account, items);
      expect(proxy.requests).toBe(1);
      proxy.resetCounts();
      const viaMulticall = await readHeldNfts(client, account, items, true);
      expect(proxy.calls).toEqual({ eth_call: 1 });
      expect(viaMulticall).toEqual(plain);
      expect(plain.length).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
  });
});
