import { type AbiFunction, type AbiParameter, encodeAbiParameters, parseAbiItem, parseAbiParameter } from 'viem';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors/input';
import { parseAbiInput, parseAbiInputs } from './abiInput';

const param = (text: string) => parseAbiParameter(text) as AbiParameter;
const parse = (type: string, text: string) => parseAbiInput(param(type), text);

/** The InputError thrown for `text`, so tests can assert its code and exact sentence. */
function refusal(type: string, text: string): InputError {
  try {
    parse(type, text);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error(`${type} accepted ${JSON.stringify(text)}`);
}
const message = (type: string, text: string) => refusal(type, text).shortMessage;

const VITALIK_LOWER = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045';
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

describe('address', () => {
  it('takes lower-case, upper-case and checksummed hex and returns the checksummed address', () => {
    expect(parse('address to', VITALIK_LOWER)).toBe(VITALIK);
    expect(parse('address to', `0x${VITALIK_LOWER.slice(2).toUpperCase()}`)).toBe(VITALIK);
    expect(parse('address to', `  ${VITALIK}  `)).toBe(VITALIK);
    expect(parse('address to', `"${VITALIK}"`)).toBe(VITALIK);
  });

  it('refuses what is not 0x and 40 hex digits, and a wrong checksum', () => {
    expect(message('address to', '0x12')).toBe('to: "0x12" is not an address (0x followed by 40 hex digits).');
    expect(message('address to', `${VITALIK}00`)).toMatch(/^to: ".*" is not an address/);
    expect(message('address to', 'vitalik.eth')).toBe(
      'to: "vitalik.eth" is not an address (0x followed by 40 hex digits).',
    );
    const typo = VITALIK.replace('dA6', 'Da6');
    expect(message('address to', typo)).toBe(
      `to: the checksum does not match in "${typo}" (its capital letters are not EIP-55): it probably has a typo.`,
    );
    expect(refusal('address to', '0x12').code).toBe('INPUT_ABI_VALUE');
  });
});

describe('bool', () => {
  it('takes true and false in any case', () => {
    expect(parse('bool ok', 'true')).toBe(true);
    expect(parse('bool ok', 'FALSE')).toBe(false);
    expect(parse('bool ok', ' True ')).toBe(true);
  });

  it('refuses 1, 0, yes and anything else', () => {
    expect(message('bool ok', '1')).toBe('ok: bool takes true or false; "1" is neither.');
    expect(message('bool ok', '0')).toBe('ok: bool takes true or false; "0" is neither.');
    expect(message('bool ok', 'yes')).toBe('ok: bool takes true or false; "yes" is neither.');
  });
});

describe('uintN and intN', () => {
  it('takes decimal, hex with 0x and _ separators, exactly at any size', () => {
    expect(parse('uint256 a', '1000')).toBe(1000n);
    expect(parse('uint256 a', '0xff')).toBe(255n);
    expect(parse('uint256 a', '0XFF')).toBe(255n);
    expect(parse('uint256 a', '1_000_000')).toBe(1_000_000n);
    expect(parse('uint256 a', '115792089237316195423570985008687907853269984665640564039457584007913129639935')).toBe(
      2n ** 256n - 1n,
    );
    expect(parse('int8 a', '-128')).toBe(-128n);
    expect(parse('int256 a', '-0x10')).toBe(-16n);
    expect(parse('uint8 a', '007')).toBe(7n);
    expect(parse('uint8 a', `${'0'.repeat(200)}7`)).toBe(7n);
    expect(parse('uint a', '5')).toBe(5n);
    expect(parse('uint8 a', '"255"')).toBe(255n);
  });

  it('states the exact range when a value is outside it', () => {
    expect(message('uint8 amount', '256')).toBe('amount: uint8 takes 0 to 255; 256 is too large.');
    expect(message('uint8 amount', '0x100')).toBe('amount: uint8 takes 0 to 255; 0x100 (256) is too large.');
    expect(message('uint8 amount', '-1')).toBe('amount: uint8 takes 0 to 255; -1 is negative.');
    expect(message('int8 x', '128')).toBe('x: int8 takes -128 to 127; 128 is too large.');
    expect(message('int8 x', '-129')).toBe('x: int8 takes -128 to 127; -129 is too small.');
    expect(message('uint96 x', '79228162514264337593543950336')).toBe(
      'x: uint96 takes 0 to 79228162514264337593543950335; 79228162514264337593543950336 is too large.',
    );
    expect(message('uint256 x', '9'.repeat(200))).toMatch(
      /^x: uint256 takes 0 to \d+; this 200-digit number is too large\.$/,
    );
    expect(message('uint256 x', `-${'9'.repeat(200)}`)).toMatch(/this 200-digit number is negative\.$/);
    expect(message('int256 x', `-${'9'.repeat(200)}`)).toMatch(/this 200-digit number is too small\.$/);
  });

  it('refuses decimal points, exponents, + signs, commas, spaces and words, saying which', () => {
    expect(message('uint256 x', '1.5')).toBe(
      'x: uint256 takes whole numbers; "1.5" has a decimal point (amounts are usually in the smallest unit, such as wei).',
    );
    expect(message('uint256 x', '1e18')).toBe('x: write "1e18" out in full: exponents such as 1e18 are not accepted.');
    expect(message('uint256 x', '1.5E3')).toBe(
      'x: write "1.5E3" out in full: exponents such as 1e18 are not accepted.',
    );
    expect(message('uint256 x', '+5')).toBe('x: leave out the + sign in "+5".');
    expect(message('uint256 x', '1,000')).toBe('x: group digits with _ (1_000_000), not commas or spaces: "1,000".');
    expect(message('uint256 x', '1 000')).toBe('x: group digits with _ (1_000_000), not commas or spaces: "1 000".');
    expect(message('uint256 x', 'abc')).toBe(
      'x: "abc" is not a number: uint256 takes a whole number, in decimal or as hex starting with 0x.',
    );
    for (const text of ['1__0', '_1', '1_', '0x', '0x_1', '--1', '0xg1']) {
      expect(message('uint256 x', text), text).toMatch(/is not a number/);
    }
  });
});

describe('bytesN and bytes', () => {
  it('takes hex of the right length and returns it in lower case', () => {
    expect(parse('bytes4 s', '0xA9059CBB')).toBe('0xa9059cbb');
    expect(parse('bytes1 s', '0x00')).toBe('0x00');
    expect(parse('bytes32 s', `0x${'ab'.repeat(32)}`)).toBe(`0x${'ab'.repeat(32)}`);
    expect(parse('bytes data', '0x')).toBe('0x');
    expect(parse('bytes data', '0xDEADbeef')).toBe('0xdeadbeef');
  });

  it('refuses the wrong length, odd digits and non-hex', () => {
    expect(message('bytes4 s', '0x123456')).toBe('s: bytes4 needs exactly 4 bytes (8 hex digits); got 3 bytes.');
    expect(message('bytes4 s', '0x1234567')).toBe('s: bytes4 needs exactly 4 bytes (8 hex digits); got 7 hex digits.');
    expect(message('bytes4 s', '0x12')).toBe('s: bytes4 needs exactly 4 bytes (8 hex digits); got 1 byte.');
    expect(message('bytes1 s', '0x')).toBe('s: bytes1 needs exactly 1 byte (2 hex digits); got 0 bytes.');
    expect(message('bytes4 s', 'a9059cbb')).toBe('s: "a9059cbb" is not hex: bytes4 is 0x followed by 8 hex digits.');
    expect(message('bytes data', '0x123')).toBe(
      'data: bytes needs whole bytes (an even number of hex digits); got 3 hex digits.',
    );
    expect(message('bytes data', 'hello')).toBe(
      'data: "hello" is not hex: bytes is 0x followed by an even number of hex digits (0x alone for none).',
    );
  });
});

describe('string', () => {
  it('takes the text exactly as typed, the empty text included', () => {
    expect(parse('string s', '  hello, "world" ')).toBe('  hello, "world" ');
    expect(parse('string s', '')).toBe('');
    expect(parse('string s', '[1, 2]')).toBe('[1, 2]');
  });
});

describe('empty fields', () => {
  it('asks for a value, naming the field and its type', () => {
    expect(refusal('uint256 amount', '   ').code).toBe('INPUT_REQUIRED');
    expect(message('uint256 amount', '')).toBe('Enter a value for amount (uint256).');
    expect(message('address[] to', '')).toBe('Enter a value for to (address[]).');
    expect(message('(address a, uint256 b) order', '')).toBe('Enter a value for order ((address,uint256)).');
    expect(message('uint256', '')).toBe('Enter a value (uint256).');
  });
});

describe('arrays', () => {
  it('takes dynamic and fixed arrays, nested, with quoted or bare items', () => {
    expect(parse('uint256[] ids', '[1, 0x2, "3", 123456789012345678901234567890]')).toEqual([
      1n,
      2n,
      3n,
      123456789012345678901234567890n,
    ]);
    expect(parse('uint256[] ids', '[]')).toEqual([]);
    expect(parse('uint8[2][] grid', '[[1, 2], [3, 4],]')).toEqual([
      [1n, 2n],
      [3n, 4n],
    ]);
    expect(parse('address[] to', `[${VITALIK_LOWER}, "${VITALIK}"]`)).toEqual([VITALIK, VITALIK]);
    expect(parse('string[] names', `["a b", 'c', "\\"q\\" \\u00e9\\n"]`)).toEqual(['a b', 'c', '"q" é\n']);
    expect(parse('bool[] flags', '[true, FALSE]')).toEqual([true, false]);
  });

  it('names the item at fault', () => {
    expect(message('address[] recipients', `[${VITALIK}, ${VITALIK}, "0x12"]`)).toBe(
      'recipients[2]: "0x12" is not an address (0x followed by 40 hex digits).',
    );
    expect(message('uint8[][] grid', '[[1], [2, 300]]')).toBe('grid[1][1]: uint8 takes 0 to 255; 300 is too large.');
    expect(message('string[] names', '[a]')).toBe('names[0]: put text in double quotes, such as "a".');
  });

  it('checks the shape: brackets, fixed length, single values', () => {
    expect(message('uint256[] ids', '1')).toBe('ids: uint256[] is a list in square brackets, such as [a, b].');
    expect(message('uint256[3] ids', '[1, 2]')).toBe('ids: uint256[3] takes exactly 3 items; got 2.');
    expect(message('uint256[] ids', '[[1]]')).toBe('ids[0]: uint256 takes a single value, not a list.');
    expect(message('uint256[] ids', '[{"a": 1}]')).toBe('ids[0]: uint256 takes a single value, not an object.');
    expect(message('string[] s', '[["a"]]')).toBe('s[0]: string takes a single value, not a list.');
  });

  it('explains syntax errors with the character position', () => {
    expect(message('uint256[] ids', '[1, 2')).toBe('ids: the [ at character 1 is never closed with ].');
    expect(message('uint256[] ids', '[1 2]')).toBe('ids: expected “,” or “]” at character 4 but found “2”.');
    expect(message('uint256[] ids', '[1,,2]')).toBe('ids: expected a value at character 4 but found “,”.');
    expect(message('uint256[] ids', '[1] x')).toBe(
      'ids: unexpected “x” at character 5, after the end of the value (separate items with commas inside [ ]).',
    );
    expect(message('string[] s', '["abc]')).toBe('s: the text in quotes starting at character 2 has no closing ".');
    expect(message('string[] s', '["a\\qb"]')).toBe(
      's: “\\q” at character 4 is not an escape (use \\" \\\\ \\n \\t or \\uXXXX).',
    );
    expect(message('uint256[] ids', `${'['.repeat(40)}${']'.repeat(40)}`)).toBe(
      'ids: values nested more than 32 deep are not accepted.',
    );
  });
});

describe('tuples', () => {
  const order = '(address maker, uint96[] amounts) order';

  it('takes positional [x, y] or {"name": value}, and returns an object keyed by name', () => {
    const expected = { maker: VITALIK, amounts: [1n, 2n] };
    expect(parse(order, `[${VITALIK_LOWER}, [1, 2]]`)).toEqual(expected);
    expect(parse(order, `{"maker": "${VITALIK_LOWER}", "amounts": [1, 2]}`)).toEqual(expected);
    expect(parse(order, `{amounts: [1, 2], maker: ${VITALIK_LOWER}}`)).toEqual(expected);
    expect(parse('(uint256, bool) pair', '[1, true]')).toEqual([1n, true]);
    expect(
      parse('((uint8 a, bool b)[] inner, string s) deep', '{"inner": [[1, true], {"a": 2, "b": false}], "s": ""}'),
    ).toEqual({
      inner: [
        { a: 1n, b: true },
        { a: 2n, b: false },
      ],
      s: '',
    });
  });

  it('names the component at fault', () => {
    expect(message(order, `{"maker": "${VITALIK}", "amounts": [79228162514264337593543950336]}`)).toBe(
      'order.amounts[0]: uint96 takes 0 to 79228162514264337593543950335; 79228162514264337593543950336 is too large.',
    );
    expect(message('(uint8, bool) pair', '[300, true]')).toBe('pair[0]: uint8 takes 0 to 255; 300 is too large.');
  });

  it('refuses the wrong count, missing, unknown or repeated names', () => {
    expect(message(order, '[1]')).toBe('order: (address,uint96[]) takes 2 values in order; got 1.');
    expect(message(order, '{"maker": "0x"}')).toMatch(/^order.maker: "0x" is not an address/);
    expect(message(order, `{"maker": "${VITALIK}"}`)).toBe('order: "amounts" (uint96[]) is missing.');
    expect(message(order, '{"taker": 1}')).toBe('order: there is no part named "taker"; the names are maker, amounts.');
    expect(message(order, `{"amounts": [], "amounts": []}`)).toBe('order: "amounts" is given twice.');
    expect(message(order, '5')).toBe(
      'order: (address,uint96[]) is a tuple: give its values in order as [a, b] or by name as {"maker": …, "amounts": …}.',
    );
    expect(message('(uint256, bool) pair', '{"a": 1}')).toBe(
      'pair: the parts of (uint256,bool) have no names: give its values in order as [a, b].',
    );
    expect(message(order, '{"maker" 1}')).toBe('order: expected “:” after the name “maker” at character 10.');
  });
});

describe('parseAbiInputs', () => {
  it('parses one text per parameter and calls unnamed ones arg0, arg1, …', () => {
    const fn = parseAbiItem('function f(address to, uint256, bool ok)') as AbiFunction;
    expect(parseAbiInputs(fn.inputs, [VITALIK_LOWER, '5', 'true'])).toEqual([VITALIK, 5n, true]);
    expect(() => parseAbiInputs(fn.inputs, [VITALIK, '-1', 'true'])).toThrow('arg1: uint256 takes 0 to');
    expect(() => parseAbiInputs(fn.inputs, [VITALIK, '', 'true'])).toThrow('Enter a value for arg1 (uint256).');
    expect(() => parseAbiInputs(fn.inputs, [VITALIK])).toThrow('This function takes 3 values; 1 was given.');
  });

  it('refuses ABI types viem cannot encode', () => {
    const error = refusalOf(() => parseAbiInput({ name: 'x', type: 'fixed128x18' }, '1'));
    expect(error.code).toBe('INPUT_ABI');
    expect(error.shortMessage).toBe('Cairn cannot encode values of type fixed128x18.');
    expect(refusalOf(() => parseAbiInput({ name: 'x', type: 'uint7' }, '1')).code).toBe('INPUT_ABI');
    expect(refusalOf(() => parseAbiInput({ name: 'x', type: 'bytes33' }, '0x')).code).toBe('INPUT_ABI');
  });
});

function refusalOf(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error;
  }
  throw new Error('no InputError');
}

describe('tuples whose parts share a name', () => {
  it('are taken in order, so no value overwrites another', () => {
    const param = {
      name: 't',
      type: 'tuple',
      components: [
        { name: 'a', type: 'uint256' },
        { name: 'a', type: 'uint256' },
      ],
    } as const;
    const value = parseAbiInput(param, '[1, 2]');
    expect(value).toEqual([1n, 2n]);
    expect(encodeAbiParameters([param], [value as never])).toBe(
      encodeAbiParameters(
        ['uint256', 'uint256'].map((type) => ({ type })),
        [1n, 2n],
      ),
    );
  });
});
