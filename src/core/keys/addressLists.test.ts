import { describe, expect, it } from 'vitest';
import { withItemByAddress, withNetworkItem, withoutItemByAddress, withoutNetworkItem } from './addressLists';

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

describe('withNetworkItem and withoutNetworkItem', () => {
  it("change one network's list by address, leaving the others", () => {
    const all = { local: [a, b], base: [c] };
    expect(withNetworkItem(all, 'local', { ...a, name: 'renamed' })).toEqual({
      local: [b, { ...a, name: 'renamed' }],
      base: [c],
    });
    expect(withNetworkItem(all, 'op', a)).toEqual({ local: [a, b], base: [c], op: [a] });
    expect(withoutNetworkItem(all, 'local', a.address.toLowerCase())).toEqual({ local: [b], base: [c] });
    expect(withoutNetworkItem(all, 'op', a.address)).toEqual({ local: [a, b], base: [c], op: [] });
    expect(all).toEqual({ local: [a, b], base: [c] });
  });
});
