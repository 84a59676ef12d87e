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
const BLOCK_FIELDS: ReadonlySet<string | symbol> = new Set([
  'number',
  'timestamp',
  'baseFeePerGas',
  'difficulty',
  'prevRandao',
  'coinbase',
  'gasLimit',
]);

type AddOpcode = Extract<NonNullable<EVMOpts['customOpcodes']>[number], { logicFunction: unknown }>;

/**
 * Notes whether a run read its block or the gas price: a preview the node ran as another block,
 * or at another price, may then rightly differ from it.
 */
export class BlockReads {
  read = false;

  /** `header` as the EVM reads it, each field a contract can read noted when read. */
  watched<T extends object>(header: T): T {
    return new Proxy(header, {
      get: (target, key, receiver) => {
        if (BLOCK_FIELDS.has(key)) this.read = true;
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
        this.read = true;
        runState.stack.push(runState.interpreter.getTxGasPrice());
      },
    };
  }
}
