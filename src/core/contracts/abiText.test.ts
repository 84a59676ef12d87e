import { erc20Abi, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors/input';
import { isMessage, type Message, renderMessage } from '../i18n/message';
import { abitypeProblem, parseAbiText } from './abiText';
import { listFunctions } from './functions';

function refusal(text: string): string {
  try {
    parseAbiText(text);
  } catch (error) {
    if (error instanceof InputError && error.code === 'INPUT_ABI') return error.shortMessage;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(text)}`);
}

describe('parseAbiText', () => {
  it('reads JSON through parseAbiJson', () => {
    expect(parseAbiText(`  ${JSON.stringify(erc20Abi)}`)).toHaveLength(erc20Abi.length);
    expect(parseAbiText(JSON.stringify({ abi: erc20Abi }))).toHaveLength(erc20Abi.length);
    expect(refusal('[{"type":"banana"}]')).toMatch(/unknown type “banana”/);
  });

  it('reads human-readable signatures, one per line', () => {
    const abi = parseAbiText(
      [
        'function transfer(address to, uint256 amount) returns (bool)',
        'event Transfer(address indexed from, address indexed to, uint256 value)',
        'error Unauthorized(address caller)',
      ].join('\n'),
    );
    expect(abi).toEqual(
      parseAbi([
        'function transfer(address to, uint256 amount) returns (bool)',
        'event Transfer(address indexed from, address indexed to, uint256 value)',
        'error Unauthorized(address caller)',
      ]),
    );
  });

  it('tolerates comments, blank lines, trailing commas and semicolons, quotes and several per line', () => {
    const abi = parseAbiText(`
      // the token
      'function balanceOf(address owner) view returns (uint256)',
      "function decimals() view returns (uint8)";   /* metadata */

      function name() view returns (string); function symbol() view returns (string);
    `);
    expect(listFunctions(abi).read.map((f) => f.name)).toEqual(['balanceOf', 'decimals', 'name', 'symbol']);
  });

  it('adds the missing function keyword when the line starts with name(', () => {
    const [item] = parseAbiText('balanceOf(address owner) view returns (uint256)');
    expect(item).toEqual(parseAbi(['function balanceOf(address owner) view returns (uint256)'])[0]);
  });

  it('reads structs, also spread over several lines, and Solidity modifiers', () => {
    const abi = parseAbiText(`
      struct Order {
        address maker;
        uint96 amount;
      }
      function fill(Order order) external payable returns (bytes32 id)
      function get(uint256 id) public view returns (Order memory)
    `);
    const { read, write } = listFunctions(abi);
    expect(write[0]?.id).toBe('fill((address,uint96))');
    expect(write[0]?.payable).toBe(true);
    expect(read[0]?.outputs[0]?.type).toBe('tuple');
  });

  it('names the line and the problem', () => {
    expect(refusal('')).toBe(
      'Paste the contract’s ABI: JSON, or one signature per line such as function transfer(address to, uint256 amount) returns (bool).',
    );
    expect(refusal('function a()\n\nfunction f(uint7 a)')).toBe('Line 3: “uint7” is not a Solidity type.');
    expect(refusal('function f() view view')).toBe(
      'Line 1: “function f() view view” is not a signature Cairn can read (for example: function transfer(address to, uint256 amount) returns (bool)).',
    );
    expect(refusal('function ok()\nhello world')).toBe(
      'Line 2: “hello world” is not a signature. Start it with function, event, error or struct, as in function transfer(address to, uint256 amount) returns (bool).',
    );
    expect(refusal('Transfer(address indexed from, uint256 value)')).toBe(
      'Line 1: “Transfer” has indexed parameters: start the line with “event”.',
    );
    expect(refusal('function a()\nfunction f(uint256 a\nfunction g()')).toBe(
      'Line 2: a bracket opened on this line is never closed.',
    );
    expect(refusal('function f(address to to)')).toBe('Line 1: the parameter “address to to” is not valid.');
    expect(refusal('function f(uint256 indexed a)')).toBe('Line 1: Modifier "indexed" not allowed in "function" type.');
    expect(refusal('function f(Missing m)')).toBe(
      'Line 1: the type “Missing” is unknown: declare it first, as struct Missing { … }.',
    );
    expect(refusal('struct S { uint7 a; }\nfunction f(S s)')).toBe('Line 1: “uint7” is not a Solidity type.');
    expect(refusal('// only a comment')).toBe('This ABI has no functions, events or errors.');
    expect(refusal('struct S { uint256 a; }')).toBe('This ABI has no functions, events or errors.');
  });

  it('finds the struct at fault among several', () => {
    expect(refusal('struct A { B b; }\nstruct B { uint7 x; }\nfunction f(A a)')).toBe(
      'Line 2: “uint7” is not a Solidity type.',
    );
    expect(refusal('struct A { B b; }\nstruct B { A a; }\nfunction f(A a)')).toMatch(/^Line 1: .*circular reference/);
  });

  it('says each of abitype’s refusals in a catalog message, reading as abitype’s words did in English', () => {
    expect(refusal('struct A { B b; }\nstruct B { A a; }\nfunction f(A a)')).toBe(
      'Line 1: Struct "B" is a circular reference.',
    );
    expect(refusal('event E(uint256 memory a)')).toBe('Line 1: Modifier "memory" not allowed in "event" type.');
    expect(refusal('function f(uint256 calldata a)')).toBe(
      'Line 1: Modifier "calldata" not allowed in "function" type.',
    );
    expect(refusal('function f(uint256 address)')).toBe(
      'Line 1: "address" is a protected Solidity keyword. More info: https://docs.soliditylang.org/en/latest/cheatsheet.html.',
    );
    expect(refusal('function f(uint256 a))')).toBe('Line 1: "uint256 a)" has too many closing parentheses.');
    expect(refusal('struct S {}')).toBe('Line 1: No properties exist.');
  });

  it('words a refusal as a message from the catalog, not as abitype’s English', () => {
    let text: Message | undefined;
    try {
      parseAbiText('function f(uint256 indexed a)');
    } catch (error) {
      if (error instanceof InputError) text = error.text;
    }
    expect(text?.id).toBe('core.contracts:abiText.atLine');
    const problem = text?.values?.problem;
    expect(isMessage(problem) && problem.id).toBe('core.contracts:abiText.modifierIn');
    expect(problem).toEqual({
      id: 'core.contracts:abiText.modifierIn',
      values: { modifier: { kind: 'code', text: 'indexed' }, type: { kind: 'code', text: 'function' } },
    });
  });

  it('labels words it has no message for as the ABI library’s own, shown as untrusted text', () => {
    const odd = Object.assign(new Error('Failed to parse ABI item.'), {
      name: 'SomethingNewError',
      shortMessage: 'Something new.',
      metaMessages: ['A reason Cairn has never seen'],
    });
    const problem = abitypeProblem(odd);
    expect(problem).toEqual({
      id: 'core.contracts:abiText.libraryWords',
      values: { text: { kind: 'untrusted', text: 'A reason Cairn has never seen.', as: 'whole' } },
    });
    expect(renderMessage(problem)).toBe('the ABI library says: A reason Cairn has never seen.');
    const bare = abitypeProblem(Object.assign(new Error('x'), { shortMessage: 'Failed to parse.', details: 'f(' }));
    expect(renderMessage(bare)).toBe('the ABI library says: Failed to parse: f(.');
  });

  it('refuses text over the size limit', () => {
    expect(refusal(`function f()\n${' '.repeat(600 * 1024)}x`)).toMatch(/is not accepted/);
  });
});
