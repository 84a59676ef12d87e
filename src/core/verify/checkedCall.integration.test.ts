import { encodeFunctionData, erc20Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { proofsProxy } from '@/testing/settledChain';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { checkCall } from './checkedCall';
import { sourcesOf } from './sources';

const url = localChainUrl();
const { DAI } = demoContractAddresses();
const proxy = proofsProxy(url);
let counter = 0;

const balanceOf = {
  to: DAI,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [demoAddress(0)] }),
};

async function checked(call: { to: `0x${string}`; data: `0x${string}`; from?: `0x${string}` }) {
  const network = { ...localNetwork([proxy.url, url]), id: `checked-call-${counter++}` };
  const head = BigInt(await chainClient(network).request({ method: 'eth_blockNumber' }));
  return checkCall(sourcesOf(network), { kind: 'agreement' }, head, call);
}

describe('a call checked against Cairn’s own run over proven state', () => {
  it('agrees with an honest node, for a call that returns and one that reverts', async () => {
    proxy.setFault({ kind: 'none' });
    expect(await checked(balanceOf)).toMatchObject({ state: 'verified', reverted: false });
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [demoAddress(1), 10n ** 40n],
    });
    expect(await checked({ to: DAI, data: transfer, from: demoAddress(0) })).toMatchObject({
      state: 'verified',
      reverted: true,
    });
  });

  it('says the node’s answer differs when it lies about what the call reads', async () => {
    proxy.setFault({ kind: 'lie', lie: 'balanceOf' });
    const result = await checked(balanceOf);
    expect(result.state).toBe('differs');
    const honest = await chainClient({ ...localNetwork(url), id: `checked-call-honest-${counter++}` }).request({
      method: 'eth_call',
      params: [balanceOf, `0x${result.header.number.toString(16)}`],
    });
    if (result.state === 'differs') {
      expect(result.source).toBe(proxy.url);
      // What Cairn's own run proves is what the honest node answers; the liar's is a million times it.
      expect(result.proven).toEqual({ data: honest, reverted: false });
      expect(result.node).toEqual({
        data: `0x${(BigInt(honest) * 1_000_000n).toString(16).padStart(64, '0')}`,
        reverted: false,
      });
    }
    proxy.setFault({ kind: 'none' });
  });
});
