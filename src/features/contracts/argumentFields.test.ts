import { parseAbiItem } from 'viem';
import { describe, expect, it } from 'vitest';
import { renderMessage } from '@/core/i18n/message';
import { argumentHint, argumentLabel, checkArguments } from './argumentFields';

const inputsOf = (signature: string) => {
  const item = parseAbiItem(signature);
  if (item.type !== 'function') throw new Error('not a function');
  return item.inputs;
};

describe('argument fields', () => {
  it('labels each argument by name and type, naming unnamed ones arg0, arg1…', () => {
    const inputs = inputsOf('function f(address owner, uint256, (address to, uint96 amount)[] orders)');
    expect(inputs.map(argumentLabel)).toEqual(['owner (address)', 'arg1 (uint256)', 'orders ((address,uint96)[])']);
  });

  it('shows the expected shape of lists and tuples, and the length of fixed bytes', () => {
    const [signers, pair, orders, three, digest, flag, name] = inputsOf(
      'function f(address[] signers, (address, uint256) pair, (address to, uint96 amount)[] orders, uint8[3] three, bytes32 digest, bool flag, string name)',
    );
    expect(argumentHint(signers as never)).toBe('A list in square brackets, such as ["0x…", "0x…"].');
    expect(argumentHint(pair as never)).toBe('Values in order, such as ["0x…", 1].');
    expect(argumentHint(orders as never)).toBe(
      'A list in square brackets, such as [{"to": "0x…", "amount": 1}, {"to": "0x…", "amount": 1}].',
    );
    expect(argumentHint(three as never)).toBe('A list in square brackets with exactly 3 items, such as [1, 1, 1].');
    expect(argumentHint(digest as never)).toBe('0x followed by exactly 64 hex digits (32 bytes).');
    expect(argumentHint(flag as never)).toBe('true or false.');
    expect(argumentHint(name as never)).toBeUndefined();
    const [order] = inputsOf('function f((address to, uint96 amount) order)');
    expect(argumentHint(order as never)).toBe(
      'Values in order as ["0x…", 1], or by name as {"to": "0x…", "amount": 1}.',
    );
  });

  it('reads each argument on its own, so every field gets its own error', () => {
    const inputs = inputsOf('function f(address to, uint256 amount, bytes32 digest, uint256)');
    const to = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const ok = checkArguments(inputs, [to, '1_000', `0x${'00'.repeat(32)}`, '0x10']);
    expect(ok).toEqual({
      ok: true,
      errors: [undefined, undefined, undefined, undefined],
      values: [to, 1000n, `0x${'00'.repeat(32)}`, 16n],
    });

    const bad = checkArguments(inputs, [to.toLowerCase().replace('0x5a', '0x5A'), '1.5', '0x12', '']);
    expect(bad.ok).toBe(false);
    expect(bad.errors.map((e) => (e === undefined ? undefined : renderMessage(e)))).toEqual([
      expect.stringMatching(/^to: the checksum does not match/),
      'amount: uint256 takes whole numbers; "1.5" has a decimal point (amounts are usually in the smallest unit, such as wei).',
      'digest: bytes32 needs exactly 32 bytes (64 hex digits); got 1 byte.',
      'Enter a value for arg3 (uint256).',
    ]);
  });
});
