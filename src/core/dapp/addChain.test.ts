import { describe, expect, it } from 'vitest';
import { builtInNetworks } from '../chain/networks';
import { renderMessage } from '../i18n/message';
import { planAddChain } from './addChain';
import type { AddChainParams } from './personRequests';

const networks = builtInNetworks('http://127.0.0.1:8545');

const gnosisLike = (change: Partial<AddChainParams> = {}): AddChainParams => ({
  chainId: 0x7a6a,
  chainName: 'Test chain',
  rpcUrls: ['https://rpc.test.example', 'https://rpc2.test.example/'],
  nativeCurrency: { name: 'Test', symbol: 'TST', decimals: 18 },
  blockExplorerUrls: ['https://scan.test.example/'],
  ...change,
});

describe('wallet_addEthereumChain', () => {
  it('builds a custom network from the request, as the network form would', () => {
    const plan = planAddChain(gnosisLike(), networks, () => 'abc');
    expect(plan).toEqual({
      kind: 'new',
      network: expect.objectContaining({
        id: 'custom-abc',
        kind: 'custom',
        name: 'Test chain',
        chainId: 0x7a6a,
        nativeCurrency: { name: 'TST', symbol: 'TST', decimals: 18 },
        rpcUrls: ['https://rpc.test.example', 'https://rpc2.test.example'],
        explorerUrl: 'https://scan.test.example',
        rpcFrom: 'site',
      }),
    });
  });

  it('never replaces a network the person has: the chain id finds theirs, whatever the site calls it', () => {
    const plan = planAddChain(gnosisLike({ chainId: 1, chainName: 'Ethereum (fast RPC)' }), networks, () => 'x');
    expect(plan).toEqual({ kind: 'known', network: networks.find((n) => n.chainId === 1) });
    expect(plan.kind === 'known' && plan.network).toBe(networks.find((n) => n.chainId === 1));
  });

  it('prefers the site’s own network when two share the chain id', () => {
    const [local] = networks;
    if (!local) throw new Error('no built-in network');
    const copy = { ...local, id: 'custom-copy', kind: 'custom' as const };
    const plan = planAddChain(gnosisLike({ chainId: copy.chainId }), [...networks, copy], () => 'x', 'custom-copy');
    expect(plan.kind === 'known' && plan.network.id).toBe('custom-copy');
  });

  it.each([
    [{ rpcUrls: ['ftp://rpc.test.example'] }, /^Cairn cannot add this network: rpcUrls: .*ftp:\/\/rpc\.test\.example/],
    [
      { rpcUrls: ['http://rpc.test.example'] },
      /^Cairn cannot add this network: rpcUrls: .*http:\/\/rpc\.test\.example/,
    ],
    [{ chainName: 'x'.repeat(41) }, /^Cairn cannot add this network: chainName: Use at most 40 characters\.$/],
    [
      { nativeCurrency: { name: 'Bad', symbol: 'T S T', decimals: 18 } },
      /^Cairn cannot add this network: nativeCurrency\.symbol: /,
    ],
    [{ blockExplorerUrls: ['javascript:alert(1)'] }, /^Cairn cannot add this network: blockExplorerUrls: /],
    [{ chainName: 'Ethereum\u202e' }, /^Cairn cannot add this network: chainName has hidden or direction-changing/],
    [{ chainName: 'Eth\u200bereum' }, /^Cairn cannot add this network: chainName has hidden or direction-changing/],
  ])('refuses %j, naming the field', (change, reason) => {
    const plan = planAddChain(gnosisLike(change), networks, () => 'x');
    expect(plan.kind).toBe('refused');
    if (plan.kind === 'refused') expect(renderMessage(plan.reason)).toMatch(reason);
  });
});
