import { type Address, decodeFunctionData, encodeFunctionData, erc20Abi, type Hex } from 'viem';

/** What is being sent: the network's coin or an ERC-20 token. */
export type Asset =
  | { kind: 'native'; symbol: string; decimals: number }
  | { kind: 'token'; address: Address; symbol: string; decimals: number };

/** A person's intent: send `amount` (base units) of `asset` from one address to another. */
export type TransferIntent = { from: Address; to: Address; asset: Asset; amount: bigint };

export type CallRequest = { to: Address; value: bigint; data: Hex };

/** The call that carries out a transfer: a plain value transfer, or the token's transfer(to, amount). */
export function transferCall(intent: TransferIntent): CallRequest {
  if (intent.asset.kind === 'native') return { to: intent.to, value: intent.amount, data: '0x' };
  return {
    to: intent.asset.address,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [intent.to, intent.amount] }),
  };
}

/** The decoded ERC-20 transfer in call data, for the review screen, or undefined if it is not one. */
export function decodeTransfer(data: Hex): { to: Address; amount: bigint } | undefined {
  if (!data.startsWith('0xa9059cbb')) return undefined;
  try {
    const { args } = decodeFunctionData({ abi: erc20Abi, data });
    const [to, amount] = args as readonly [Address, bigint];
    return { to, amount };
  } catch {
    return undefined;
  }
}
