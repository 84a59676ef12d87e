import { describe, expect, it } from 'vitest';
import { withItemByAddress, withoutItemByAddress } from './addressLists';

const a = { address: '0x52908400098527886E0F7030069857D2E4169EE7', name: 'a' };
const b = { address: '0x8617E340B3D01FA5F11F306F4090FD50E238070D', name: 'b' };
const c = { address: '0xde709f2102306220921060314715629080e2fb77', name: 'c' };

describe('withItemByAddress', () => {
  it('adds an item at a new address last', () => {
    expect(withItemByAddress([a, b], c)).toEqual([a, b, c]);
    expect(withItemByAddress([], a)).toEqual([a]);
  });

  it('replaces the item at the same address, whatever its case, and puts the new one last', () => {
    const renamed = { address: a.address.toLowerCase(), name: 'a again' };
    expect(withItemByAddress([a, b], renamed)).toEqual([b, renamed]);
  });

  it('leaves the list it was given as it was', () => {
    const list = [a, b];
    withItemByAddress(list, { ...a, name: 'other' });
    expect(list).toEqual([a, b]);
  });
});

describe('withoutItemByAddress', () => {
  it('drops the items at the address, whatever its case', () => {
    expect(withoutItemByAddress([a, b, c], b.address.toLowerCase())).toEqual([a, c]);
    expect(withoutItemByAddress([a, b, c], c.address.toUpperCase().replace('0X', '0x'))).toEqual([a, b]);
  });

  it('keeps the list when no item is at the address', () => {
    expect(withoutItemByAddress([a, b], c.address)).toEqual([a, b]);
  });
});
