import { type Address, type Hex, keccak256, parseAbi } from 'viem';
import { MULTICALL3_ADDRESS, MULTICALL3_CODE_HASH } from '../chain/localChain';

export const multicall3Abi = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
  'function getBlockNumber() view returns (uint256 blockNumber)',
  'function getCurrentBlockTimestamp() view returns (uint256 timestamp)',
]);

export { MULTICALL3_ADDRESS };

/** Calls per aggregate3: about 225 KB of calldata and well under common eth_call gas caps. */
export const MAX_CALLS_PER_AGGREGATE = 1000;

export type Call3 = { target: Address; allowFailure: boolean; callData: Hex };

/**
 * True when the code at the canonical Multicall3 address is the canonical Multicall3 code: only
 * then are its answers trusted. (Any contract could sit at that address on some chain.)
 */
export function isCanonicalMulticall(code: Hex | undefined): boolean {
  return code !== undefined && code !== '0x' && keccak256(code) === MULTICALL3_CODE_HASH;
}

/** Splits calls into aggregate3-sized chunks. */
export function chunkCalls<T>(calls: readonly T[], size = MAX_CALLS_PER_AGGREGATE): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < calls.length; i += size) chunks.push(calls.slice(i, i + size));
  return chunks;
}
