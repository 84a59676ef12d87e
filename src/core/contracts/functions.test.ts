import { type Abi, erc721Abi, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { findFunction, listFunctions } from './functions';

describe('listFunctions', () => {
  it('splits reads from writes, keeps overloads apart by id, and marks payable ones', () => {
    const { read, write } = listFunctions(erc721Abi);
    expect(read.map((f) => f.id)).toContain('ownerOf(uint256)');
    expect(write.filter((f) => f.name === 'safeTransferFrom').map((f) => f.id)).toEqual([
      'safeTransferFrom(address,address,uint256)',
      'safeTransferFrom(address,address,uint256,bytes)',
    ]);
    const abi = parseAbi(['function deposit() payable', 'function f() pure returns (uint256)', 'event E()']);
    const listed = listFunctions(abi);
    expect(listed.write).toMatchObject([
      {
        id: 'deposit()',
        kind: 'write',
        payable: true,
        selector: '0xd0e30db0',
        signature: 'function deposit() payable',
      },
    ]);
    expect(listed.read).toMatchObject([{ id: 'f()', kind: 'read', payable: false, stateMutability: 'pure' }]);
  });

  it('understands old ABIs (constant / payable flags) and lists a duplicate once', () => {
    const old = [
      { type: 'function', name: 'get', constant: true, inputs: [], outputs: [{ type: 'uint256', name: '' }] },
      { type: 'function', name: 'pay', payable: true, inputs: [{ type: 'address', name: 'to' }] },
      { type: 'function', name: 'pay', payable: true, inputs: [{ type: 'address', name: 'to' }] },
    ] as unknown as Abi;
    const { read, write } = listFunctions(old);
    expect(read).toMatchObject([{ id: 'get()', stateMutability: 'view', outputs: [{ type: 'uint256' }] }]);
    expect(write).toMatchObject([{ id: 'pay(address)', payable: true, outputs: [] }]);
    expect(write[0]?.item.stateMutability).toBe('payable');
  });

  it('finds a function by id', () => {
    expect(findFunction(erc721Abi, 'safeTransferFrom(address,address,uint256,bytes)')?.inputs).toHaveLength(4);
    expect(findFunction(erc721Abi, 'nope()')).toBeUndefined();
  });
});
