import { decodeFunctionResult, encodeFunctionData, type Hex, isHex, parseAbi } from 'viem';
import { type ChainClient, chainClient, nodeKey } from './client';
import { keepFeeFamily } from './feeFamilyKeeper';
import { ARB_SYS, type FeeFamily, OP_GAS_PRICE_ORACLE, SCROLL_L1_GAS_PRICE_ORACLE } from './networkFacts';
import type { Network } from './networks';
import { toChainError } from './toChainError';

// A network's fee family read from its chain, for networks Cairn has no generated facts for (a
// custom network added by URL or by a site). Presets carry theirs (presetChains.generated.ts).

const arbSysAbi = parseAbi(['function arbChainID() view returns (uint256)']);
const ARB_CHAIN_ID_CALL = encodeFunctionData({ abi: arbSysAbi, functionName: 'arbChainID' });

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settled = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

const hasCode = (code: unknown) => typeof code === 'string' && isHex(code) && code !== '0x' && !/^0x0*$/.test(code);

/** Whether ArbSys answered arbChainID() with this chain's id (elsewhere 0x64 is an empty account: 0x). */
function arbSysAnswers(result: unknown, chainId: number): boolean {
  if (typeof result !== 'string' || !isHex(result) || result.length !== 66) return false;
  try {
    return (
      decodeFunctionResult({ abi: arbSysAbi, functionName: 'arbChainID', data: result as Hex }) === BigInt(chainId)
    );
  } catch {
    return false;
  }
}

/**
 * Reads a network's fee family from the chain, in one JSON-RPC batch of four calls:
 * - `zks_L1ChainId` answered with a quantity: zkSync (other nodes refuse the method);
 * - ArbSys (0x64) `arbChainID()` answering the chain's own id: Arbitrum;
 * - code at the OP Stack GasPriceOracle predeploy (0x42…0F): OP Stack, its L1 fee read there;
 * - code at Scroll's L1GasPriceOracle (0x53…02): Scroll, its L1 fee read there;
 * - none of these: plain L1 fees.
 * A refused `zks_L1ChainId` or `eth_call` says only "not this family"; a failed `eth_getCode`
 * means the node could not be asked.
 *
 * Errors: ChainError (the node failed the code reads).
 */
export async function detectFeeFamily(client: ChainClient): Promise<FeeFamily> {
  // Sent together in one task, so the client's batching puts them in one request.
  const [zkL1, arbChainId, opCode, scrollCode] = await Promise.all([
    settled(client.request({ method: 'zks_L1ChainId' } as never) as Promise<unknown>),
    settled(
      client.request({
        method: 'eth_call',
        params: [{ to: ARB_SYS, data: ARB_CHAIN_ID_CALL }, 'latest'],
      } as never) as Promise<unknown>,
    ),
    settled(client.request({ method: 'eth_getCode', params: [OP_GAS_PRICE_ORACLE, 'latest'] }) as Promise<unknown>),
    settled(
      client.request({ method: 'eth_getCode', params: [SCROLL_L1_GAS_PRICE_ORACLE, 'latest'] }) as Promise<unknown>,
    ),
  ]);
  if (zkL1.ok && typeof zkL1.value === 'string' && isHex(zkL1.value) && zkL1.value !== '0x') return { kind: 'zkSync' };
  if (arbChainId.ok && arbSysAnswers(arbChainId.value, client.chain.id)) return { kind: 'arbitrum' };
  if (!opCode.ok) throw toChainError(opCode.error);
  if (!scrollCode.ok) throw toChainError(scrollCode.error);
  if (hasCode(opCode.value)) return { kind: 'opStack', oracle: OP_GAS_PRICE_ORACLE };
  if (hasCode(scrollCode.value)) return { kind: 'scroll', oracle: SCROLL_L1_GAS_PRICE_ORACLE };
  return { kind: 'l1' };
}

/** Families read this session, by node (chain id and RPC URLs, as multicallProbe keeps Multicall3). */
const known = new Map<string, FeeFamily>();
const asking = new Map<string, Promise<FeeFamily>>();

/**
 * The network's fee family: the one on its record, else (a custom network saved before Cairn read
 * families) read from its node once (detectFeeFamily, shared by callers asking meanwhile), kept
 * for the session by node and handed to the keeper for its record.
 *
 * Errors: ChainError (the node could not be asked; nothing is kept, the next caller asks again).
 */
export function feeFamilyOf(network: Network, client: ChainClient = chainClient(network)): Promise<FeeFamily> {
  if (network.feeFamily.kind !== 'unknown') return Promise.resolve(network.feeFamily);
  const node = nodeKey(client);
  const kept = known.get(node);
  if (kept) return Promise.resolve(kept);
  let read = asking.get(node);
  if (!read) {
    read = detectFeeFamily(client).then((family) => {
      known.set(node, family);
      keepFeeFamily(network.id, network.chainId, family);
      return family;
    });
    asking.set(node, read);
    const done = () => asking.delete(node);
    read.then(done, done);
  }
  return read;
}

/** Forgets the families read this session (tests). */
export function forgetFeeFamilies(): void {
  known.clear();
  asking.clear();
}
