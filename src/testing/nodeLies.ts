// The lies a node can tell, for the tests of verified reads (issue 39), as Walletbeat's lying
// RPC proxy tells them: each rewrites the node's true answers on their way back. The fault proxy
// (rpcFaultProxy.ts) applies one with { kind: 'lie', lie }.
import {
  type Address,
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionResult,
  type Hex,
  hexToBigInt,
  isHex,
  keccak256,
  numberToHex,
  toFunctionSelector,
  toRlp,
} from 'viem';
import { MULTICALL3_ADDRESS, multicall3Abi } from '../core/chain/multicall.ts';
import { quoterV2Abi, v4QuoterAbi } from '../core/swap/quoteCalls.ts';
import type { RpcAccountProof } from '../core/verify/accountProof.ts';
import { headerHash, type RpcHeader } from '../core/verify/headerHash.ts';

export type NodeLie =
  /** Every ERC-20 balanceOf answer, alone or inside Multicall3's aggregate3, times a million. */
  | 'balanceOf'
  /** Every native balance (eth_getBalance, and Multicall3's getEthBalance) doubled. */
  | 'balance'
  /**
   * Native balances doubled only at the head: asked at `latest` (or no block), as a portfolio reads
   * them; honest at a numbered block, where a check reads them again and proves them.
   */
  | 'headBalance'
  /** eth_getProof's storage values (what it says beside the proof) doubled. */
  | 'storageProofValue'
  /** eth_getProof's account proof with one node swapped for the next. */
  | 'proofNode'
  /** Every block header with another state root, its hash recomputed so it hashes whole. */
  | 'header'
  /**
   * eth_createAccessList's answer with entries left out: its last account, and the last storage
   * key of each other. (A node must answer the method: Hardhat 2.29 does not.)
   */
  | 'accessListShort'
  /** eth_getCode's answer with its last byte changed: other code than the account's code hash. */
  | 'code'
  /** An ERC-20 transfer's eth_call at a numbered block answered false: it says it would not go through. */
  | 'transferFails'
  /** Every swap quote (QuoterV2's and V4Quoter's amount out), alone or inside aggregate3, a tenth too low. */
  | 'underQuote'
  /**
   * A preview that shows nothing happening: debug_traceCall's trace emptied (no struct logs; a
   * callTracer frame without calls, logs or value) and eth_simulateV1's calls without logs. Every
   * eth_call and proof stays true.
   */
  | 'emptyTrace';

type Call = { method?: string; id?: unknown; params?: unknown[] };
type Answer = { id?: unknown; result?: unknown };

const BALANCE_OF = '0x70a08231';
const GET_ETH_BALANCE = '0x4d2301cc';
const TRANSFER = '0xa9059cbb';
const MILLION = 1_000_000n;

const word = (value: bigint): Hex => numberToHex(value, { size: 32 });
/** `data` with its first word times `factor` / `divisor` (the words after it as they were). */
const times = (data: Hex, factor: bigint, divisor = 1n): Hex =>
  data.length >= 66 ? `${word((hexToBigInt(`0x${data.slice(2, 66)}`) * factor) / divisor)}${data.slice(66)}` : data;

/** An aggregate3 answer with each inner call of `selector` multiplied. */
function liedAggregate(call: Call, result: Hex, selector: string, factor: bigint, divisor = 1n): Hex {
  const request = (call.params?.[0] ?? {}) as { to?: Address; data?: Hex; input?: Hex };
  const data = request.data ?? request.input;
  if (!data || request.to?.toLowerCase() !== MULTICALL3_ADDRESS.toLowerCase()) return result;
  const decoded = decodeFunctionData({ abi: multicall3Abi, data });
  if (decoded.functionName !== 'aggregate3') return result;
  const [inner] = decoded.args;
  const answers = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: result });
  const lied = answers.map((answer, i) =>
    answer.success && inner[i]?.callData.startsWith(selector)
      ? { ...answer, returnData: times(answer.returnData, factor, divisor) }
      : answer,
  );
  return encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: lied });
}

function liedCall(call: Call, result: Hex, selector: string, factor: bigint, divisor = 1n): Hex {
  const request = (call.params?.[0] ?? {}) as { data?: Hex; input?: Hex };
  const data = request.data ?? request.input ?? '0x';
  if (data.startsWith(selector)) return times(result, factor, divisor);
  return liedAggregate(call, result, selector, factor, divisor);
}

/** QuoterV2's quoteExactInputSingle and quoteExactInput, V4Quoter's quoteExactInputSingle: each answers the amount out first. */
const QUOTE_SELECTORS = [
  ...quoterV2Abi.filter((item) => item.type === 'function'),
  ...v4QuoterAbi.filter((item) => item.type === 'function'),
].map((fn) => toFunctionSelector(fn));

function liedProof(lie: NodeLie, proof: RpcAccountProof): RpcAccountProof {
  if (lie === 'storageProofValue')
    return {
      ...proof,
      storageProof: proof.storageProof.map((entry) => ({
        ...entry,
        value: numberToHex(hexToBigInt(entry.value) * 2n + 1n),
      })),
    };
  const nodes = [...proof.accountProof];
  if (nodes.length >= 2) {
    const at = Math.floor(nodes.length / 2);
    [nodes[at - 1], nodes[at]] = [nodes[at] as Hex, nodes[at - 1] as Hex];
  }
  return { ...proof, accountProof: nodes };
}

function liedHeader(header: RpcHeader): RpcHeader {
  const changed = { ...header, stateRoot: keccak256(toRlp([header.stateRoot, '0x01'])) };
  return { ...changed, hash: headerHash(changed) };
}

type AccessListAnswer = { accessList: { address: Address; storageKeys: Hex[] }[]; gasUsed?: Hex };

function shortAccessList(answer: AccessListAnswer): AccessListAnswer {
  const kept = answer.accessList.slice(0, -1);
  return { ...answer, accessList: kept.map((item) => ({ ...item, storageKeys: item.storageKeys.slice(0, -1) })) };
}

/** `code` with its last byte flipped (no code stays none: an account without code has nothing to change). */
const otherCode = (code: Hex): Hex =>
  code.length <= 2
    ? code
    : `0x${code.slice(2, -2)}${(Number.parseInt(code.slice(-2), 16) ^ 0xff).toString(16).padStart(2, '0')}`;

/** A trace that shows nothing happening, whatever the call did (see 'emptyTrace'). */
function emptiedTrace(result: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(result.structLogs)) return { ...result, structLogs: [] };
  return { ...result, calls: [], logs: [], value: '0x0' };
}

type SimulatedBlock = { calls?: Record<string, unknown>[] };

/** The node's answer to `call`, with the lie told. */
function lieAbout(lie: NodeLie, call: Call, answer: Answer): Answer {
  if (answer.result === undefined || answer.result === null) return answer;
  const result = answer.result;
  switch (call.method) {
    case 'eth_call':
      if (lie === 'underQuote')
        return {
          ...answer,
          result: QUOTE_SELECTORS.reduce((lied, selector) => liedCall(call, lied, selector, 9n, 10n), result as Hex),
        };
      if (lie === 'balanceOf') return { ...answer, result: liedCall(call, result as Hex, BALANCE_OF, MILLION) };
      if (lie === 'balance' || (lie === 'headBalance' && !isHex(call.params?.[1])))
        return { ...answer, result: liedCall(call, result as Hex, GET_ETH_BALANCE, 2n) };
      // Only at a block named by its number, as a check at a trusted block asks (not Send's own
      // reads at the head, which would stop the form before its review).
      if (lie === 'transferFails' && isHex(call.params?.[1]))
        return { ...answer, result: liedCall(call, result as Hex, TRANSFER, 0n) };
      return answer;
    case 'eth_getBalance':
      return lie === 'balance' || (lie === 'headBalance' && !isHex(call.params?.[1]))
        ? { ...answer, result: numberToHex(hexToBigInt(result as Hex) * 2n) }
        : answer;
    case 'eth_getProof':
      return lie === 'storageProofValue' || lie === 'proofNode'
        ? { ...answer, result: liedProof(lie, result as RpcAccountProof) }
        : answer;
    case 'eth_getBlockByNumber':
    case 'eth_getBlockByHash':
      return lie === 'header' ? { ...answer, result: liedHeader(result as RpcHeader) } : answer;
    case 'eth_createAccessList':
      return lie === 'accessListShort' ? { ...answer, result: shortAccessList(result as AccessListAnswer) } : answer;
    case 'eth_getCode':
      return lie === 'code' ? { ...answer, result: otherCode(result as Hex) } : answer;
    case 'debug_traceCall':
      return lie === 'emptyTrace' ? { ...answer, result: emptiedTrace(result as Record<string, unknown>) } : answer;
    case 'eth_simulateV1':
      if (lie !== 'emptyTrace') return answer;
      return {
        ...answer,
        result: (result as SimulatedBlock[]).map((block) => ({
          ...block,
          calls: block.calls?.map((simulated) => ({ ...simulated, logs: [] })),
        })),
      };
    default:
      return answer;
  }
}

/** The node's answer text (one answer or a batch's) with `lie` told about every call it concerns. */
export function tellLie(lie: NodeLie, calls: readonly Call[], text: string): string {
  const byId = new Map(calls.map((call) => [JSON.stringify(call.id), call]));
  const parsed = JSON.parse(text) as Answer | Answer[];
  const rewrite = (answer: Answer) => {
    const call = byId.get(JSON.stringify(answer.id));
    return call ? lieAbout(lie, call, answer) : answer;
  };
  return JSON.stringify(Array.isArray(parsed) ? parsed.map(rewrite) : rewrite(parsed));
}
