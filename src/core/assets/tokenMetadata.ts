import { type Address, decodeAbiParameters, encodeFunctionData, erc20Abi, type Hex, hexToString, parseAbi } from 'viem';
import { call, getCode } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import { AssetError } from '../errors/assets';
import { msg, untrustedValue } from '../i18n/message';

const metadataAbi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
]);

export type TokenMetadata = { name: string; symbol: string; decimals: number | undefined };

/**
 * Reads a string that a token returns either as `string` (the standard) or as `bytes32`
 * (MKR, SAI and other early tokens).
 */
export function decodeTokenString(data: Hex | undefined): string | undefined {
  if (!data || data === '0x') return undefined;
  try {
    const [text] = decodeAbiParameters([{ type: 'string' }], data);
    if (text.length > 0) return text.trim();
  } catch {
    // not an ABI string; try bytes32
  }
  if (data.length === 66) {
    const text = hexToString(data, { size: 32 }).replace(/\0+$/, '').trim();
    return text.length > 0 ? text : undefined;
  }
  return undefined;
}

async function tryCall(client: ChainClient, to: Address, data: Hex): Promise<Hex | undefined> {
  try {
    return (await call(client, { to, data })).data;
  } catch (error) {
    const chainError = toChainError(error);
    if (chainError.code === 'CHAIN_REVERTED' || chainError.code === 'CHAIN_RPC_ERROR') return undefined;
    throw chainError;
  }
}

/**
 * Reads a token's name, symbol and decimals in one batched request. `decimals` is undefined
 * when the contract has no `decimals()`: ask the person rather than guess.
 *
 * Errors: ASSET_NOT_A_CONTRACT, ASSET_NOT_ERC20, and ChainError when the node fails.
 */
export async function readTokenMetadata(
  client: ChainClient,
  address: Address,
  networkName: string,
): Promise<TokenMetadata> {
  const data = (functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply') =>
    encodeFunctionData({ abi: metadataAbi, functionName });
  const [code, name, symbol, decimals, totalSupply, balance] = await Promise.all([
    getCode(client, { address }).catch((error: unknown) => {
      throw toChainError(error);
    }),
    tryCall(client, address, data('name')),
    tryCall(client, address, data('symbol')),
    tryCall(client, address, data('decimals')),
    tryCall(client, address, data('totalSupply')),
    tryCall(client, address, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [address] })),
  ]);
  if (!code || code === '0x') {
    throw new AssetError(
      'ASSET_NOT_A_CONTRACT',
      msg('core.chain:token.notContract', { network: untrustedValue(networkName, 'name') }),
    );
  }
  const isWord = (value: Hex | undefined) => value !== undefined && value.length >= 66;
  if (!isWord(totalSupply) || !isWord(balance)) {
    throw new AssetError('ASSET_NOT_ERC20', msg('core.chain:token.notErc20'));
  }
  const decimalsValue = isWord(decimals) ? BigInt(`0x${decimals?.slice(2, 66)}`) : undefined;
  return {
    name: decodeTokenString(name) ?? decodeTokenString(symbol) ?? 'Unnamed token',
    symbol: decodeTokenString(symbol) ?? '???',
    decimals: decimalsValue !== undefined && decimalsValue <= 255n ? Number(decimalsValue) : undefined,
  };
}

/** What Cairn can say about any contract's asset: its name, symbol and decimals, when it has them. */
export type ContractLabel = { name: string | undefined; symbol: string | undefined; decimals: number | undefined };

/**
 * Best-effort name, symbol and decimals of many contracts in one batch (tokens and NFT
 * collections alike); a contract without them gets undefined fields, never an error.
 *
 * Errors: ChainError when the node fails.
 */
export async function readContractLabels(
  client: ChainClient,
  addresses: readonly Address[],
): Promise<Map<string, ContractLabel>> {
  const data = (functionName: 'name' | 'symbol' | 'decimals') => encodeFunctionData({ abi: metadataAbi, functionName });
  const answers = await Promise.all(
    addresses.map((address) =>
      Promise.all([
        tryCall(client, address, data('name')),
        tryCall(client, address, data('symbol')),
        tryCall(client, address, data('decimals')),
      ]),
    ),
  );
  const labels = new Map<string, ContractLabel>();
  addresses.forEach((address, i) => {
    const [name, symbol, decimals] = answers[i] ?? [];
    let places: number | undefined;
    try {
      places =
        decimals && decimals.length >= 66 ? Number(decodeAbiParameters([{ type: 'uint8' }], decimals)[0]) : undefined;
    } catch {
      places = undefined;
    }
    labels.set(address.toLowerCase(), {
      name: decodeTokenString(name),
      symbol: decodeTokenString(symbol),
      decimals: places,
    });
  });
  return labels;
}
