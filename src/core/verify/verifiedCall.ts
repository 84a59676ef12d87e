// A call answered by Cairn's own EVM over state proven against a trusted header, not by the node.
// Loaded only when used (`await import('./verifiedCall')`): the EVM is large.
import { Hardfork } from '@ethereumjs/common';
import { createEVM, type EVMMockBlockchainInterface, type EVMResult } from '@ethereumjs/evm';
import { Address as EvmAddress } from '@ethereumjs/util';
import {
  type Address,
  bytesToHex,
  type Hex,
  hexToBytes,
  numberToBytes,
  pad,
  type SignedAuthorizationList,
  zeroAddress,
} from 'viem';
import { isCairnError, toSafeDetails } from '../errors/base';
import { VerifyError } from '../errors/verify';
import { codeValue, msg } from '../i18n/message';
import { EMPTY_CODE_HASH } from './accountProof';
import {
  AUTHORIZATION_GAS,
  type Authorizing,
  applyAuthorizations,
  authorizingOf,
  pendingAuthorizing,
} from './authorizations';
import { BlockReads, type BlockValue, type CallEffects, callCommon, effectsOf, type NextBlockRun } from './callEffects';
import { cacheJumpAnalysis } from './jumpAnalysis';
import { accessListHint, ProvenReads, type Wants, want } from './provenReads';
import { type MissPolicy, ProvenStateManager } from './provenState';
import type { Source } from './sources';
import type { TrustedHeader } from './trustedHeader';

/**
 * The newest fork Cairn's EVM follows: Osaka, the newest @ethereumjs/common 10.1.3 has that a chain
 * runs (Hardhat 2.29's default, and mainnet's since Fusaka, whose blob-parameter forks change no
 * opcode). Prague's EIP-7702 delegations are followed.
 */
export const CALL_HARDFORK = Hardfork.Osaka;

/**
 * The fork a block's header shows, by the fields each fork added: a chain still on an older fork
 * runs its calls by that fork's rules. Prague added a field (requestsHash) and Osaka none, so a
 * Prague header runs as Osaka, whose changes are gas costs and new opcodes older code never meets.
 */
export function hardforkOf(fields: TrustedHeader['fields']): Hardfork {
  if (fields.requestsHash !== undefined) return CALL_HARDFORK;
  if (fields.parentBeaconBlockRoot !== undefined) return Hardfork.Cancun;
  if (fields.withdrawalsRoot !== undefined) return Hardfork.Shanghai;
  // The Merge added no field: its blocks have no difficulty (PREVRANDAO reads mixHash).
  if (fields.baseFeePerGas !== undefined) return BigInt(fields.difficulty) === 0n ? Hardfork.Paris : Hardfork.London;
  return Hardfork.Berlin;
}

/** Runs that note what they miss before one that proves each miss as it meets it (see MissPolicy). */
export const DISCOVERING_RUNS = 8;

/** EIP-2935's contract, which keeps the last 8,191 block hashes in its storage (from Prague). */
const HISTORY_ADDRESS = '0x0000f90827f1c53a10cb7a02335b175320002935';
const HISTORY_WINDOW = 8191n;

export type CallRequest = {
  from?: Address;
  to: Address;
  data: Hex;
  value?: bigint;
  gas?: bigint;
  /** EIP-7702 authorizations the transaction carries: applied before the call, as the chain applies them. */
  authorizationList?: SignedAuthorizationList | undefined;
  /** Authorizations it will carry once signed at Confirm: applied after those, their nonces unchecked. */
  upgrades?: readonly { authority: Address; delegate: Address }[] | undefined;
};

export type VerifiedCallOptions = {
  /**
   * How many runs may end in a batch of what they missed (DISCOVERING_RUNS); after them a run
   * proves each miss as it meets it, one request each. 0: every miss so (fewest EVM runs, most requests).
   */
  discoveringRuns?: number;
  /**
   * Accounts and slots to prove in the first round, beside the caller's and the callee's: what a
   * like call read before (a hint, as the node's access list is; whatever it misses is still found).
   */
  hint?: Wants;
  /** Run as this block (a preview's next block), not as the trusted one: its number, time, base fee and gas price. */
  asNext?: NextBlockRun | undefined;
};

export type VerifiedCallResult = CallEffects & {
  /** What the call returned (its revert data when it reverted). */
  data: Hex;
  /** Whether the call reverted or halted; `halt` says how (the EVM's words: 'revert', 'out of gas'…). */
  reverted: boolean;
  halt?: string;
  /** Accounts, and slots by storage proof, proven for the call. */
  accountsProven: number;
  slotsProven: number;
  /** EVM runs: one more for each batch of reads the node's access list left out. */
  runs: number;
  /** The proven code hash of the called address: the caller's check that it is the contract it meant. */
  calleeCodeHash: Hex;
  /** Rounds of proofs asked for, each one HTTP request (the access-list hint travels with the first). */
  rounds: number;
  /** Every account and slot the call read: the hint for the next like call. */
  read: Wants;
  /** The values of its block it read. */
  blockValues: ReadonlySet<BlockValue>;
};

/** Thrown inside a run for what Cairn cannot prove (not an EVM halt): the call is unrunnable. */
class Unprovable extends Error {
  override readonly name = 'Unprovable';
}

const unrunnable = (reason: string, cause?: unknown) =>
  new VerifyError('VERIFY_CALL_UNRUNNABLE', msg('core.chain:verify.callUnrunnable', { reason: codeValue(reason) }), {
    cause,
  });

const evmAddress = (address: string) => new EvmAddress(hexToBytes(address as Hex));

/** Gas a transaction pays before its code runs: 21,000 and its calldata (EIP-2028). */
function intrinsicGas(data: Uint8Array): bigint {
  let gas = 21_000n;
  for (const byte of data) gas += byte === 0 ? 4n : 16n;
  return gas;
}

/**
 * The trusted block as the EVM's block context: eth_call at a block runs in that block; or the
 * next block `asNext` names, on the trusted block's state. Each field a contract reads is noted in
 * `reads`.
 */
function blockContext(header: TrustedHeader, reads: BlockReads, asNext: NextBlockRun | undefined) {
  const { fields } = header;
  const baseFee = fields.baseFeePerGas === undefined ? undefined : BigInt(fields.baseFeePerGas);
  return {
    header: reads.watched({
      number: asNext?.number ?? header.number,
      coinbase: evmAddress(fields.miner),
      timestamp: asNext?.timestamp ?? header.timestamp,
      difficulty: BigInt(fields.difficulty),
      prevRandao: hexToBytes(fields.mixHash),
      gasLimit: BigInt(fields.gasLimit),
      baseFeePerGas: asNext ? asNext.baseFee : baseFee,
      // Its update fraction changes with each blob-parameter fork, which Cairn does not follow.
      getBlobGasPrice: (): bigint => {
        throw new Unprovable('BLOBBASEFEE is not proven');
      },
    }),
  };
}

/**
 * Block hashes for BLOCKHASH: the trusted block's own (to a run as the next block) and its
 * parent's from its header, older ones from EIP-2935's proven storage.
 */
function provenBlockHashes(
  header: TrustedHeader,
  state: ProvenStateManager,
  reads: BlockReads,
  asNext: NextBlockRun | undefined,
): EVMMockBlockchainInterface {
  const runsIn = asNext ? header.number + 1n : header.number;
  const chain: EVMMockBlockchainInterface = {
    async getBlock(number: number) {
      reads.note(BigInt(number) === runsIn - 1n ? 'previousHash' : 'olderHash');
      if (BigInt(number) === header.number) return { hash: () => hexToBytes(header.hash) };
      if (BigInt(number) === header.number - 1n) return { hash: () => hexToBytes(header.fields.parentHash) };
      const slot = pad(numberToBytes(BigInt(number) % HISTORY_WINDOW), { size: 32 });
      const word = await state.getStorage(evmAddress(HISTORY_ADDRESS), slot);
      if (!word.some((byte) => byte !== 0)) throw new Unprovable(`BLOCKHASH(${number}) is not in proven state`);
      return { hash: () => pad(word, { size: 32 }) };
    },
    async putBlock() {},
    shallowCopy: () => chain,
  };
  return chain;
}

type Prepared = {
  caller: Address;
  /** Whether the call names its sender: its nonce then goes up before the call runs, as a transaction's does. */
  sent: boolean;
  to: Address;
  data: Uint8Array;
  value: bigint;
  gasLimit: bigint;
  chainId: number;
  authorizations: readonly Authorizing[];
};

async function runOnce(reads: ProvenReads, policy: MissPolicy, call: Prepared, asNext: NextBlockRun | undefined) {
  const { header } = reads;
  const state = new ProvenStateManager(reads, policy);
  const blockReads = new BlockReads();
  const { common, tracesMoves } = callCommon(call.chainId, hardforkOf(header.fields));
  // Each contract's jump destinations found once per run, not at every call into it.
  await cacheJumpAnalysis();
  const evm = await createEVM({
    common,
    stateManager: state,
    blockchain: provenBlockHashes(header, state, blockReads, asNext),
    customOpcodes: [blockReads.gasPriceOpcode()],
  });
  const block = blockContext(header, blockReads, asNext);
  // Warm from the start of any transaction (EIP-2929, EIP-3651), as a node's eth_call has them.
  for (const address of [call.caller, call.to, header.fields.miner, ...evm.precompiles.keys()])
    evm.journal.addAlwaysWarmAddress(address.toLowerCase());
  const run = {
    state,
    tracesMoves,
    blockReads,
    result: undefined as EVMResult | undefined,
    failure: undefined as unknown,
  };
  try {
    // What a transaction does before its call: the sender's nonce, then the authorizations (EIP-7702).
    if (call.sent) {
      const sender = evmAddress(call.caller);
      const nonce = (await state.getAccount(sender))?.nonce ?? 0n;
      await state.modifyAccountFields(sender, { nonce: nonce + 1n });
    }
    await applyAuthorizations(state, call.authorizations, call.chainId, evmAddress);
    run.result = await evm.runCall({
      block,
      caller: evmAddress(call.caller),
      origin: evmAddress(call.caller),
      to: evmAddress(call.to),
      data: call.data,
      value: call.value,
      gasLimit: call.gasLimit,
      gasPrice: asNext?.gasPrice ?? 0n,
    });
  } catch (error) {
    run.failure = error;
  }
  return run;
}

/**
 * Runs `call` in Cairn's EVM at the trusted header's block (or as the next block `options.asNext`
 * names), over state proven against its state root: what the node's eth_createAccessList lists is proven first (one batch, beside the caller's
 * and the callee's own proofs), and whatever the EVM reads beyond it is proven in a batch per run
 * before the call runs again. Code comes from eth_getCode and must hash to the proven code hash.
 * The node's own answer to the call is never asked.
 *
 * Throws VerifyError: VERIFY_PROOF_FAILED (naming the source and the account), VERIFY_CALL_UNRUNNABLE
 * (what Cairn's EVM cannot run or prove: too little gas, BLOBBASEFEE, an old BLOCKHASH), the
 * sources' own (VERIFY_NO_PROOFS, VERIFY_STATE_GONE); or a ChainError when the source fails.
 */
export async function verifiedCall(
  source: Source,
  header: TrustedHeader,
  request: CallRequest,
  options: VerifiedCallOptions = {},
): Promise<VerifiedCallResult> {
  const discoveringRuns = options.discoveringRuns ?? DISCOVERING_RUNS;
  const caller = request.from ?? zeroAddress;
  const data = hexToBytes(request.data);
  const value = request.value ?? 0n;
  const gas = request.gas ?? BigInt(header.fields.gasLimit);
  const authorizations = [
    ...(await authorizingOf(request.authorizationList ?? [])),
    ...pendingAuthorizing(request.upgrades ?? []),
  ];
  const intrinsic = intrinsicGas(data) + AUTHORIZATION_GAS * BigInt(authorizations.length);
  if (gas < intrinsic) throw unrunnable(`gas ${gas} is below the call's intrinsic ${intrinsic}`);
  const call: Prepared = {
    caller,
    sent: request.from !== undefined,
    to: request.to,
    data,
    value,
    gasLimit: gas - intrinsic,
    chainId: source.client.chain.id,
    authorizations,
  };

  const reads = new ProvenReads(source, header);
  const parties: Wants = new Map();
  want(parties, caller);
  want(parties, request.to);
  for (const { authority } of authorizations) want(parties, authority);
  for (const [address, slots] of options.hint ?? []) {
    want(parties, address);
    for (const slot of slots) want(parties, address, slot);
  }
  const [hint] = await Promise.all([
    accessListHint(source, header, { from: caller, to: request.to, data: request.data, value, gas: request.gas }),
    reads.prove(parties),
  ]);
  await reads.prove(hint);

  for (let runs = 1; ; runs++) {
    const run = await runOnce(reads, runs <= discoveringRuns ? 'discover' : 'fetch', call, options.asNext);
    if (run.state.missing.size > 0) {
      await reads.prove(run.state.missing);
      continue;
    }
    if (run.state.failure !== undefined) throw run.state.failure;
    if (run.failure !== undefined) {
      if (isCairnError(run.failure)) throw run.failure;
      throw unrunnable(toSafeDetails(run.failure), run.failure);
    }
    const exec = (run.result as EVMResult).execResult;
    const reverted = exec.exceptionError !== undefined;
    return {
      ...effectsOf(reverted ? [] : exec.logs, run.tracesMoves),
      readsBlock: run.blockReads.read,
      data: bytesToHex(exec.returnValue),
      reverted,
      ...(exec.exceptionError ? { halt: exec.exceptionError.error } : {}),
      accountsProven: reads.accountsProven,
      slotsProven: reads.slotsProven,
      runs,
      calleeCodeHash: reads.entry(request.to)?.account.codeHash ?? EMPTY_CODE_HASH,
      rounds: reads.rounds,
      read: run.state.touched,
      blockValues: run.blockReads.values,
    };
  }
}
