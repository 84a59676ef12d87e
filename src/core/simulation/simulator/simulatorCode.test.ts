import { hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { compileSimulator } from '../../../../scripts/generate/simulator.ts';
import { SIMULATOR_ABI, SIMULATOR_RUNTIME } from './simulatorCode.generated';

/** The opcodes of `code`, skipping the data of PUSH1–PUSH32. */
function opcodes(code: Uint8Array): number[] {
  const ops: number[] = [];
  for (let i = 0; i < code.length; i++) {
    const op = code[i] as number;
    ops.push(op);
    if (op >= 0x60 && op <= 0x7f) i += op - 0x5f;
  }
  return ops;
}

describe('the committed simulator code', () => {
  it('is what Simulator.sol compiles to (run `npm run generate:simulator` after changing it)', () => {
    const compiled = compileSimulator();
    expect(SIMULATOR_RUNTIME).toBe(compiled.runtime);
    expect(SIMULATOR_ABI).toEqual(compiled.abi);
  }, 60_000);

  it('uses no opcode newer than Paris (PUSH0, TLOAD, TSTORE, MCOPY), so it runs on older chains too', () => {
    const newer = new Set([0x5c, 0x5d, 0x5e, 0x5f]);
    expect(opcodes(hexToBytes(SIMULATOR_RUNTIME)).filter((op) => newer.has(op))).toEqual([]);
  });
});
