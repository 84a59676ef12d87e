// What a verified call does besides returning: the events it emits, the native coin it moves,
// and whether it read anything of the block it runs in. Part of the EVM's code (loaded with it).
import { type Common, createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { decodeEIP7708TransferLog, type EVMOpts, type Log } from '@ethereumjs/evm';
import { type Address, bytesToHex, getAddress } from 'viem';
import type { RawLog } from '../contracts/decode/logs';

/** Native coin moved by a call: its own value, a call or creation inside it with value, a self-destruct. */
export type CoinMove = { from: Address; to: Address; value: bigint };

/** What a call did besides returning: none of it when it reverted. */
export type CallEffects = {
  /** Its events, in the order they were emitted. */
  logs: RawLog[];
  /** The coin it moved, in order; undefined where Cairn's EVM cannot follow it (a fork before Cancun). */
  moves: CoinMove[] | undefined;
  /**
   * Whether it read what another block, or another fee, would give otherwise: the block's number,
   * time, base fee, randomness, coinbase or gas limit, a block hash, or the gas price.
   */
  readsBlock: boolean;
};

/**
 * The EVM's rules for a call at `hardfork`, with EIP-7708 turned on where it can be (it needs
 * Cancun's EIPs): every move of native coin, a self-destruct's included, then comes out as a
 * Transfer log from the system address, in execution order and dropped with a frame that reverts,
 * which is how Cairn reads the moves. It changes no gas cost and nothing a contract can see.
 */
export function callCommon(chainId: number, hardfork: Hardfork): { common: Common; tracesMoves: boolean } {
  const base = createCustomCommon({ chainId }, Mainnet, { hardfork });
  if (!base.gteHardfork(Hardfork.Cancun)) return { common: base, tracesMoves: false };
  return { common: createCustomCommon({ chainId }, Mainnet, { hardfork, eips: [7708] }), tracesMoves: true };
}

/** The call's logs as events and coin moves (EIP-7708's logs taken out; its burn logs move nothing to anyone). */
export function effectsOf(evmLogs: readonly Log[] | undefined, tracesMoves: boolean): Omit<CallEffects, 'readsBlock'> {
  const logs: RawLog[] = [];
  const moves: CoinMove[] = [];
  for (const log of evmLogs ?? []) {
    const move = tracesMoves ? decodeEIP7708TransferLog(log) : undefined;
    if (move) {
      moves.push({ from: getAddress(move.from), to: getAddress(move.to), value: move.value });
      continue;
    }
    const [address, topics, data] = log;
    if (tracesMoves && bytesToHex(address) === SYSTEM_ADDRESS) continue;
    logs.push({
      address: getAddress(bytesToHex(address)),
      topics: topics.map((t) => bytesToHex(t)),
      data: bytesToHex(data),
      logIndex: logs.length,
    });
  }
  return { logs, moves: tracesMoves ? moves : undefined };
}

/** EIP-7708's emitter (the system address): no contract lives there. */
const SYSTEM_ADDRESS = '0xfffffffffffffffffffffffffffffffffffffffe';

/** The header fields a contract reads through NUMBER, TIMESTAMP, BASEFEE, PREVRANDAO, COINBASE, GASLIMIT. */
const BLOCK_FIELDS = [
  'number',
  'timestamp',
  'baseFeePerGas',
  'difficulty',
  'prevRandao',
  'coinbase',
  'gasLimit',
] as const;

/**
 * A value of its block a run read: a header field, the gas price (GASPRICE), the hash of the
 * block before its own (BLOCKHASH of number − 1), or an older block's hash.
 */
export type BlockValue = (typeof BLOCK_FIELDS)[number] | 'gasPrice' | 'previousHash' | 'olderHash';

const isBlockField = (key: string | symbol): key is (typeof BLOCK_FIELDS)[number] =>
  (BLOCK_FIELDS as readonly (string | symbol)[]).includes(key);

/**
 * The block a preview ran its call as, where the node ran it so (block overrides, or
 * eth_simulateV1): the next block, with the price the transaction pays there. Cairn's EVM can run
 * the call as that block too (`previousHash`: whether the node's run gave the latest block's hash
 * to BLOCKHASH; the randomness is the latest block's in both).
 */
export type NextBlockRun = {
  number: bigint;
  timestamp: bigint;
  baseFee: bigint | undefined;
  gasPrice: bigint;
  previousHash: boolean;
};

/** The values a run as `ranAs` reads as the node's run had them: not the coinbase, the gas limit or older hashes. */
export function readsAsRan(values: ReadonlySet<BlockValue>, ranAs: NextBlockRun): boolean {
  return [...values].every(
    (value) =>
      value !== 'coinbase' &&
      value !== 'gasLimit' &&
      value !== 'olderHash' &&
      (value !== 'previousHash' || ranAs.previousHash),
  );
}

type AddOpcode = Extract<NonNullable<EVMOpts['customOpcodes']>[number], { logicFunction: unknown }>;

/**
 * Notes whether a run read its block or the gas price: a preview the node ran as another block,
 * or at another price, may then rightly differ from it.
 */
export class BlockReads {
  readonly values = new Set<BlockValue>();

  get read(): boolean {
    return this.values.size > 0;
  }

  note(value: BlockValue): void {
    this.values.add(value);
  }

  /** `header` as the EVM reads it, each field a contract can read noted when read. */
  watched<T extends object>(header: T): T {
    return new Proxy(header, {
      get: (target, key, receiver) => {
        if (isBlockField(key)) this.values.add(key);
        return Reflect.get(target, key, receiver);
      },
    });
  }

  /** GASPRICE as the EVM has it (2 gas, the price of the run), noted when read. */
  gasPriceOpcode(): AddOpcode {
    return {
      opcode: 0x3a,
      opcodeName: 'GASPRICE',
      baseFee: 2,
      logicFunction: (runState) => {
        this.values.add('gasPrice');
        runState.stack.push(runState.interpreter.getTxGasPrice());
      },
    };
  }
}
