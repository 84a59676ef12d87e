import { Hardfork } from '@ethereumjs/common';
import { createEVM } from '@ethereumjs/evm';
import { Account, Address as EvmAddress } from '@ethereumjs/util';
import { type Address, bytesToBigInt, concatHex, getAddress, type Hex, hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { BlockReads, callCommon, effectsOf } from './callEffects';

const at = (address: Address) => new EvmAddress(hexToBytes(address));
const CALLER = getAddress('0x00000000000000000000000000000000000ca11e');
const A = getAddress('0x00000000000000000000000000000000000000aa');
const B = getAddress('0x00000000000000000000000000000000000000bb');
const C = getAddress('0x00000000000000000000000000000000000000cc');

/** CALL(gas(), to, value, no data, no return), its success popped. */
const callWithValue = (to: Address, value: number): Hex =>
  concatHex(['0x5f5f5f5f', `0x60${value.toString(16).padStart(2, '0')}`, '0x73', to, '0x5af150']);

describe('what a verified run does besides returning', () => {
  it('moves coin as EIP-7708 logs: its own value and each call’s, not a reverted call’s', async () => {
    const { common, tracesMoves } = callCommon(1, Hardfork.Osaka);
    expect(tracesMoves).toBe(true);
    const evm = await createEVM({ common });
    await evm.stateManager.putAccount(at(CALLER), new Account(0n, 10n ** 18n));
    // A sends 5 to B, then 3 to C, whose code reverts (PUSH0 PUSH0 REVERT).
    await evm.stateManager.putCode(at(A), hexToBytes(concatHex([callWithValue(B, 5), callWithValue(C, 3), '0x00'])));
    await evm.stateManager.putCode(at(C), hexToBytes('0x5f5ffd'));
    const { execResult } = await evm.runCall({ caller: at(CALLER), to: at(A), value: 10n, gasLimit: 500_000n });
    expect(execResult.exceptionError).toBeUndefined();
    expect(effectsOf(execResult.logs, tracesMoves)).toEqual({
      logs: [],
      moves: [
        { from: CALLER, to: A, value: 10n },
        { from: A, to: B, value: 5n },
      ],
    });
  });

  it('says nothing of coin on a fork before Cancun, where EIP-7708 cannot be turned on', () => {
    expect(callCommon(1, Hardfork.Shanghai).tracesMoves).toBe(false);
    expect(effectsOf([], false).moves).toBeUndefined();
  });

  it('notes a read of the gas price, and gives the run’s price', async () => {
    const reads = new BlockReads();
    const evm = await createEVM({
      common: callCommon(1, Hardfork.Osaka).common,
      customOpcodes: [reads.gasPriceOpcode()],
    });
    // GASPRICE PUSH0 MSTORE PUSH1 32 PUSH0 RETURN
    const result = await evm.runCode({ code: hexToBytes('0x3a5f5260205ff3'), gasPrice: 7n, gasLimit: 100_000n });
    expect(bytesToBigInt(result.returnValue)).toBe(7n);
    expect(reads.read).toBe(true);
  });

  it('notes a read of the block’s own fields only', () => {
    const reads = new BlockReads();
    const header = reads.watched({ timestamp: 1n, getBlobGasPrice: () => 0n });
    expect(typeof header.getBlobGasPrice).toBe('function');
    expect(reads.read).toBe(false);
    expect(header.timestamp).toBe(1n);
    expect(reads.read).toBe(true);
  });
});
