import { describe, expect, it } from 'vitest';
import { builtInNetworks } from '../chain/networks';
import { planAddChain } from './addChain';
import type { AddChainParams } from './personRequests';
import { INVALID_PARAMS } from './providerErrors';
import { addChainRefusedError, unknownChainError } from './siteErrors';

const networks = builtInNetworks('http://127.0.0.1:8545');
const chain = (change: Partial<AddChainParams>): AddChainParams => ({
  chainId: 0x7a6a,
  chainName: 'Test chain',
  rpcUrls: ['https://rpc.test.example'],
  nativeCurrency: { name: 'Test', symbol: 'TST', decimals: 18 },
  blockExplorerUrls: [],
  ...change,
});

function refusal(change: Partial<AddChainParams>) {
  const plan = planAddChain(chain(change), networks, () => 'x');
  if (plan.kind !== 'refused') throw new Error(`not refused: ${plan.kind}`);
  return addChainRefusedError(plan.reason);
}

describe('errors sent to sites', () => {
  it('name the parameter at fault in English, whatever the person reads Cairn in', () => {
    expect(refusal({ rpcUrls: ['ftp://rpc.test.example'] })).toEqual({
      code: INVALID_PARAMS,
      message: 'Cairn cannot add this network: rpcUrls is missing or not valid.',
    });
    expect(refusal({ nativeCurrency: { name: 'Bad', symbol: 'T S T', decimals: 18 } }).message).toBe(
      'Cairn cannot add this network: nativeCurrency.symbol is missing or not valid.',
    );
    expect(refusal({ chainName: 'Test\u202Echain' }).message).toBe(
      'Cairn cannot add this network: chainName has hidden or direction-changing characters.',
    );
  });

  it('say which chain id is unknown', () => {
    expect(unknownChainError(10).message).toBe(
      'Cairn has no network with chain id 10: add it with wallet_addEthereumChain first.',
    );
  });
});
