// Safes on a fake node, for tests that render Safe screens over a test wallet (the dom project).
// readSafe asks for a Safe in one eth_call running Cairn's SafeReader as creation code; this node
// answers it as the reader would for each Safe: a SafeProxy 1.4.1 running Safe 1.4.1's singleton
// (their published code hashes, so readSafe knows them), or a singleton Cairn does not know; and
// it answers approvedHashes. Owners, threshold, nonce, modules and on-chain approvals are the
// test's and may change between reads. `answer` gives NOT_A_SAFE_CALL for anything else.
import {
  type Address,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  getAddress,
  type Hex,
  parseAbiParameters,
  slice,
  zeroAddress,
  zeroHash,
} from 'viem';
import { vi } from 'vitest';
import { SAFE_READER_CREATION } from '../core/safe/reader/safeReaderCode.generated';
import { safeAbi } from '../core/safe/safeAbi';
import { FAKE_BLOCK, fakeSimulationNode } from './fakeSimulationNode';

/** Safe 1.4.1's canonical singleton, and the code hashes of SafeProxy 1.4.1 and of that singleton (safe-deployments). */
export const SAFE_141_SINGLETON: Address = '0x41675C099F32341bf84BFc5382aF534df5C7461a';
const PROXY_141_CODE_HASH: Hex = '0xd7d408ebcd99b2b70be43e20253d6d92a8ea8fab29bd3be7f55b10032331fb4c';
const SINGLETON_141_CODE_HASH: Hex = '0x1fe2df852ba3299d6534ef416eefa406e56ced995bca886ab7a553e6d0c5e1c4';
/** A singleton whose code is not one Safe published. */
export const UNKNOWN_SINGLETON: Address = getAddress('0x00000000000000000000000000000000000de7a1');
const UNKNOWN_CODE_HASH: Hex = `0x${'de'.repeat(32)}`;
const COMPATIBILITY_FALLBACK_HANDLER: Address = '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99';

/** What SafeReader.sol's constructor answers (as readSafe decodes it). */
const FOUND = parseAbiParameters(
  '(bool ok, bytes32 proxyCodeHash, address singleton, bytes32 singletonCodeHash, address[] owners, uint256 threshold, uint256 nonce, string version, address[] modules, address fallbackHandler, address guard)',
);

export type FakeSafe = {
  address: Address;
  owners: Address[];
  threshold: number;
  nonce: bigint;
  modules?: Address[];
  guard?: Address;
  /** Runs a singleton whose code Cairn does not know. */
  unknownCode?: boolean;
  /** `${owner}:${hash}` (lower case) of each on-chain approval. */
  approved?: Set<string>;
};

export const NOT_A_SAFE_CALL = Symbol('not a Safe call');

/** The reader's answer for the Safe at `address`, or for an address that is none (ok false). */
function readerAnswer(safe: FakeSafe | undefined): Hex {
  return encodeAbiParameters(FOUND, [
    {
      ok: safe !== undefined,
      proxyCodeHash: safe ? PROXY_141_CODE_HASH : zeroHash,
      singleton: safe ? (safe.unknownCode ? UNKNOWN_SINGLETON : SAFE_141_SINGLETON) : zeroAddress,
      singletonCodeHash: safe ? (safe.unknownCode ? UNKNOWN_CODE_HASH : SINGLETON_141_CODE_HASH) : zeroHash,
      owners: (safe?.owners ?? []).map((owner) => getAddress(owner)),
      threshold: BigInt(safe?.threshold ?? 0),
      nonce: safe?.nonce ?? 0n,
      version: safe ? '1.4.1' : '',
      modules: safe?.modules ?? [],
      fallbackHandler: safe ? COMPATIBILITY_FALLBACK_HANDLER : zeroAddress,
      guard: safe?.guard ?? zeroAddress,
    },
  ]);
}

/** The node's answers for `safes` (read at each request: a test may change them). */
export function safeAnswers(safes: () => readonly FakeSafe[]) {
  const find = (address: string) => safes().find((s) => s.address.toLowerCase() === address.toLowerCase());
  return (method: string, params: unknown[]): unknown => {
    if (method !== 'eth_call') return NOT_A_SAFE_CALL;
    const { to, data } = params[0] as { to?: Address; data: Hex };
    if (!to && data.toLowerCase().startsWith(SAFE_READER_CREATION.toLowerCase()))
      return readerAnswer(find(slice(data, -20)));
    const safe = to ? find(to) : undefined;
    if (!safe) return NOT_A_SAFE_CALL;
    const call = decodeFunctionData({ abi: safeAbi, data });
    if (call.functionName !== 'approvedHashes') return NOT_A_SAFE_CALL;
    const [owner, hash] = call.args as [Address, Hex];
    const approved = safe.approved?.has(`${owner.toLowerCase()}:${hash.toLowerCase()}`) ? 1n : 0n;
    return encodeFunctionResult({ abi: safeAbi, functionName: 'approvedHashes', result: approved });
  };
}

/** A node that answers for `safes` and refuses every other call as a method it does not have. */
export function onlySafes(safes: () => readonly FakeSafe[]) {
  const safeAnswer = safeAnswers(safes);
  return (method: string, params: unknown[]): unknown => {
    const answer = safeAnswer(method, params);
    if (answer !== NOT_A_SAFE_CALL) return answer;
    throw { code: -32601, message: `the method ${method} does not exist` };
  };
}

/** Stands such a node in for the network (the page's `fetch`) of chain `chainId`, for a DOM test. */
export function stubSafeNode(safes: () => readonly FakeSafe[], chainId: number): void {
  const node = fakeSimulationNode(onlySafes(safes), { block: { ...FAKE_BLOCK }, chainId });
  vi.stubGlobal('fetch', node.fetch);
}
