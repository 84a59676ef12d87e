import { bytesToHex, hexToBytes, numberToHex, stringToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import invalid from '../../testing/vectors/rlp/ethereum-tests-RLPTests-invalidRLPTest.json';
import valid from '../../testing/vectors/rlp/ethereum-tests-RLPTests-rlptest.json';
import { renderMessage } from '../i18n/message';
import { type RlpItem, readRlp } from './rlpReader';

type Nested = string | Nested[];
type VectorInput = string | number | VectorInput[];

/** The vector's input as nested hex: strings are UTF-8, numbers and "#decimal" are minimal big-endian. */
function expected(input: VectorInput): Nested {
  if (Array.isArray(input)) return input.map(expected);
  if (typeof input === 'number' || input.startsWith('#')) {
    const value = typeof input === 'number' ? BigInt(input) : BigInt(input.slice(1));
    return value === 0n ? '0x' : numberToHex(value, { size: Math.ceil(value.toString(16).length / 2) });
  }
  return stringToHex(input);
}

function shape(item: RlpItem): Nested {
  return item.kind === 'list' ? item.items.map(shape) : bytesToHex(item.bytes);
}

function bytesOf(out: string): Uint8Array {
  const hex = out.replace(/^0x/i, '');
  return hexToBytes(`0x${hex}`);
}

describe('readRlp on the ethereum/tests RLP vectors', () => {
  for (const [name, { in: input, out }] of Object.entries(valid as Record<string, { in: VectorInput; out: string }>)) {
    it(`reads ${name}`, () => {
      const read = readRlp(bytesOf(out));
      if (!read.ok) throw new Error(renderMessage(read.problem));
      expect(shape(read.item)).toEqual(expected(input));
    });
  }

  for (const [name, { out }] of Object.entries(invalid as Record<string, { out: string }>)) {
    it(`refuses ${name} with a reason`, () => {
      const read = readRlp(bytesOf(out));
      expect(read.ok).toBe(false);
      if (!read.ok) expect(renderMessage(read.problem).length).toBeGreaterThan(10);
    });
  }
});

describe('readRlp reasons', () => {
  const problem = (hex: string) => {
    const read = readRlp(hexToBytes(hex as `0x${string}`));
    return read.ok ? 'accepted' : renderMessage(read.problem);
  };

  it('names each non-canonical form', () => {
    expect(problem('0x8100')).toMatch(/byte 0x00 at byte 1 has a length prefix/);
    expect(problem('0xb800')).toMatch(/leading zero/);
    expect(problem('0xb801ff')).toMatch(/long form/);
    expect(problem('0xf803112233')).toMatch(/long form/);
    expect(problem('0xc50102')).toMatch(/claims 5 bytes but only 2 follow/);
    expect(problem('0x8080')).toMatch(/1 extra byte follow/);
    expect(problem('0x')).toMatch(/no bytes/);
  });

  it('marks a prefixed single byte instead of refusing it when asked, and shifts positions by the offset', () => {
    const read = readRlp(hexToBytes('0xc28105'), { markPrefixedBytes: true });
    expect(read).toEqual({
      ok: true,
      item: { kind: 'list', items: [{ kind: 'bytes', bytes: hexToBytes('0x05'), prefixed: true }] },
    });
    const shifted = readRlp(hexToBytes('0xc28105'), { offset: 1 });
    expect(shifted.ok ? '' : renderMessage(shifted.problem)).toMatch(/at byte 3/);
  });

  it('refuses nesting deeper than 32 lists', () => {
    let deep = 'c0';
    for (let i = 0; i < 40; i++) deep = `${(0xc0 + deep.length / 2).toString(16)}${deep}`;
    expect(problem(`0x${deep}`)).toMatch(/nested more than 32 deep/);
  });
});
