import { describe, expect, it } from 'vitest';
import { parseDeadlineMinutes, parseSlippage } from './swapInputs';

const COMMA = { decimal: ',', group: '.' } as const;

describe('swap inputs', () => {
  it('reads slippage in percent as basis points, in either number format', () => {
    expect(parseSlippage('0.5')).toBe(50n);
    expect(parseSlippage('0,5', COMMA)).toBe(50n);
    expect(parseSlippage('1 %')).toBe(100n);
    expect(parseSlippage('0')).toBe(0n);
    expect(parseSlippage('50')).toBe(5_000n);
  });

  it('refuses slippage that is not a percentage, too precise, or a gift', () => {
    expect(() => parseSlippage('abc')).toThrow(expect.objectContaining({ code: 'INPUT_SLIPPAGE' }));
    expect(() => parseSlippage('-1')).toThrow(expect.objectContaining({ code: 'INPUT_SLIPPAGE' }));
    expect(() => parseSlippage('0.125')).toThrow(expect.objectContaining({ code: 'INPUT_SLIPPAGE' }));
    expect(() => parseSlippage('50.01')).toThrow(expect.objectContaining({ code: 'INPUT_SLIPPAGE' }));
  });

  it('reads a deadline in whole minutes, from one to three days', () => {
    expect(parseDeadlineMinutes(' 20 ')).toBe(20n);
    expect(parseDeadlineMinutes('4320')).toBe(4_320n);
    for (const bad of ['0', '4321', '1.5', '', 'soon'])
      expect(() => parseDeadlineMinutes(bad)).toThrow(expect.objectContaining({ code: 'INPUT_DEADLINE' }));
  });
});
