// The portfolio's balances multicall (core/assets/portfolio.ts) as one eth_call: Multicall3's
// aggregate3 of the block number and time, then each account's getEthBalance and its balanceOf
// of each token. For the tests and bench of verified calls.
import { type Address, encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { demoAddress, demoContractAddresses } from '../../devchain/seed.ts';
import { type Call3, MULTICALL3_ADDRESS, multicall3Abi } from '../core/chain/multicall.ts';

export function balancesMulticall(
  accounts: readonly Address[],
  tokens: readonly Address[],
): { to: Address; data: Hex } {
  const ownCall = (callData: Hex): Call3 => ({ target: MULTICALL3_ADDRESS, allowFailure: true, callData });
  const calls: Call3[] = [
    ownCall(encodeFunctionData({ abi: multicall3Abi, functionName: 'getBlockNumber' })),
    ownCall(encodeFunctionData({ abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' })),
  ];
  for (const account of accounts) {
    calls.push(ownCall(encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [account] })));
    const callData = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [account] });
    for (const token of tokens) calls.push({ target: token, allowFailure: true, callData });
  }
  return {
    to: MULTICALL3_ADDRESS,
    data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }),
  };
}

/** The demo wallet's: accounts 0–2, and DAI, USDC, USDT and MKR. */
export function demoBalancesMulticall(): { to: Address; data: Hex } {
  const { DAI, USDC, USDT, MKR } = demoContractAddresses();
  return balancesMulticall([0, 1, 2].map(demoAddress), [DAI, USDC, USDT, MKR] as Address[]);
}
