import { createEVM } from '@ethereumjs/evm';
import { bytesToBigInt, hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { cacheJumpAnalysis } from './jumpAnalysis';

// PUSH1 4, JUMP, INVALID, JUMPDEST, then return 42: runs only if the jump destination is found.
const JUMPS_TO_42 = hexToBytes('0x600456fe5b602a60005260206000f3');

describe('the jump analysis kept per EVM and code', () => {
  it('is installed, and code with jumps runs as before, again and again', async () => {
    expect(await cacheJumpAnalysis()).toBe(true);
    const evm = await createEVM();
    for (let run = 0; run < 2; run++) {
      const result = await evm.runCode({ code: JUMPS_TO_42 });
      expect(result.exceptionError).toBeUndefined();
      expect(bytesToBigInt(result.returnValue)).toBe(42n);
    }
  });

  it('walks a code once per EVM, and again for another EVM', async () => {
    await cacheJumpAnalysis();
    const interpreterOf = async (evm: Awaited<ReturnType<typeof createEVM>>) => {
      const { runState } = await evm.runCode({ code: JUMPS_TO_42 });
      if (!runState) throw new Error('no run state');
      return runState.interpreter;
    };
    const one = await createEVM();
    const [a, b] = [await interpreterOf(one), await interpreterOf(one)];
    expect(a._getValidJumpDestinations(JUMPS_TO_42)).toBe(b._getValidJumpDestinations(JUMPS_TO_42));
    const other = await interpreterOf(await createEVM());
    expect(other._getValidJumpDestinations(JUMPS_TO_42)).not.toBe(a._getValidJumpDestinations(JUMPS_TO_42));
  });
});
