import { describe, expect, it } from 'vitest';
import { parseAbiText } from '../abiText';
import { listFunctions } from '../functions';
import { knownAbi, knownAbis, STANDARD_ABIS, STANDARD_NAMES, type StandardAbiId } from './standardAbis';

const ids = (id: StandardAbiId) => {
  const abi = STANDARD_ABIS.find((s) => s.id === id)?.abi ?? [];
  const { read, write } = listFunctions(abi);
  return [...read, ...write].map((f) => f.id).sort();
};
const events = (id: StandardAbiId) =>
  (STANDARD_ABIS.find((s) => s.id === id)?.abi ?? []).flatMap((item) => (item.type === 'event' ? [item.name] : []));

describe('knownAbis', () => {
  it('offers ERC-20, ERC-721 and ERC-1155, each readable back from its signatures', () => {
    expect(knownAbis.map((k) => k.id)).toEqual(['erc20', 'erc721', 'erc1155']);
    for (const known of knownAbis) expect(parseAbiText(known.signatures.join('\n'))).toEqual(known.abi);
  });

  it('has the full function sets', () => {
    const ids = (id: 'erc20' | 'erc721' | 'erc1155') => {
      const { read, write } = listFunctions(knownAbi(id).abi);
      return [...read, ...write].map((f) => f.id).sort();
    };
    expect(ids('erc20')).toEqual(
      [
        'allowance(address,address)',
        'approve(address,uint256)',
        'balanceOf(address)',
        'decimals()',
        'name()',
        'symbol()',
        'totalSupply()',
        'transfer(address,uint256)',
        'transferFrom(address,address,uint256)',
      ].sort(),
    );
    expect(ids('erc721')).toEqual(
      [
        'approve(address,uint256)',
        'balanceOf(address)',
        'getApproved(uint256)',
        'isApprovedForAll(address,address)',
        'name()',
        'ownerOf(uint256)',
        'safeTransferFrom(address,address,uint256)',
        'safeTransferFrom(address,address,uint256,bytes)',
        'setApprovalForAll(address,bool)',
        'supportsInterface(bytes4)',
        'symbol()',
        'tokenURI(uint256)',
        'transferFrom(address,address,uint256)',
      ].sort(),
    );
    expect(ids('erc1155')).toEqual(
      [
        'balanceOf(address,uint256)',
        'balanceOfBatch(address[],uint256[])',
        'isApprovedForAll(address,address)',
        'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
        'safeTransferFrom(address,address,uint256,uint256,bytes)',
        'setApprovalForAll(address,bool)',
        'supportsInterface(bytes4)',
        'uri(uint256)',
      ].sort(),
    );
    const events = (id: 'erc20' | 'erc721' | 'erc1155') =>
      knownAbi(id).abi.flatMap((item) => (item.type === 'event' ? [item.name] : []));
    expect(events('erc20')).toEqual(['Transfer', 'Approval']);
    expect(events('erc721')).toEqual(['Transfer', 'Approval', 'ApprovalForAll']);
    expect(events('erc1155')).toEqual(['TransferSingle', 'TransferBatch', 'ApprovalForAll', 'URI']);
  });
});

describe('STANDARD_ABIS', () => {
  it('lists every standard once, each readable back from its signatures', () => {
    expect(STANDARD_ABIS.map((s) => s.id)).toEqual(['erc20', 'erc721', 'erc1155', 'weth', 'multicall3', 'permit2']);
    expect(STANDARD_NAMES).toBe('ERC-20, ERC-721, ERC-1155, WETH, Multicall3, Permit2');
    for (const standard of STANDARD_ABIS) expect(parseAbiText(standard.signatures.join('\n'))).toEqual(standard.abi);
  });

  it('gives the picker the same definitions the decoder reads', () => {
    for (const known of knownAbis) expect(STANDARD_ABIS).toContain(known);
  });

  it('has WETH’s deposit and withdraw with their events', () => {
    expect(ids('weth')).toEqual(['deposit()', 'withdraw(uint256)']);
    expect(events('weth')).toEqual(['Deposit', 'Withdrawal']);
  });

  it('has Permit2’s allowance functions, events and errors', () => {
    expect(ids('permit2')).toEqual(
      [
        'allowance(address,address,address)',
        'approve(address,address,uint160,uint48)',
        'invalidateNonces(address,address,uint48)',
        'lockdown((address,address)[])',
        'permit(address,((address,uint160,uint48,uint48),address,uint256),bytes)',
        'permit(address,((address,uint160,uint48,uint48)[],address,uint256),bytes)',
        'transferFrom((address,address,uint160,address)[])',
        'transferFrom(address,address,uint160,address)',
      ].sort(),
    );
    expect(events('permit2')).toEqual(['Approval', 'Permit', 'Lockdown', 'NonceInvalidation']);
  });

  it('has Multicall3’s aggregate calls and block getters', () => {
    expect(ids('multicall3')).toEqual(
      expect.arrayContaining([
        'aggregate((address,bytes)[])',
        'aggregate3((address,bool,bytes)[])',
        'aggregate3Value((address,bool,uint256,bytes)[])',
        'tryAggregate(bool,(address,bytes)[])',
        'getEthBalance(address)',
      ]),
    );
  });
});
