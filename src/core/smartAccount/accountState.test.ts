import { describe, expect, it } from 'vitest';
import { smartAccountState } from './accountState';
import { DELEGATION_CONTRACTS } from './delegates';

const designator = (address: string) => `0xef0100${address.slice(2).toLowerCase()}` as const;

describe('smartAccountState', () => {
  it('tells a plain account, an upgraded one, one delegated elsewhere, and a contract apart', () => {
    expect(smartAccountState(undefined)).toEqual({ kind: 'plain' });
    expect(smartAccountState('0x')).toEqual({ kind: 'plain' });
    expect(smartAccountState(designator(DELEGATION_CONTRACTS.delegator))).toEqual({
      kind: 'upgraded',
      delegate: DELEGATION_CONTRACTS.delegator,
    });
    const other = '0x1111111111111111111111111111111111111111';
    expect(smartAccountState(designator(other))).toEqual({ kind: 'foreign', delegate: other });
    expect(smartAccountState('0x6080604052')).toEqual({ kind: 'contract' });
  });

  it('does not take a designator with extra bytes for a delegation', () => {
    expect(smartAccountState(`${designator(DELEGATION_CONTRACTS.delegator)}00`)).toEqual({ kind: 'contract' });
  });
});
