import { describe, expect, it } from 'vitest';
import { identicon } from './identicon';

describe('identicon', () => {
  it('is stable, case-insensitive and mirrored', () => {
    const a = identicon('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(identicon('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toEqual(a);
    expect(a.cells).toHaveLength(25);
    for (let row = 0; row < 5; row++) {
      expect(a.cells[row * 5]).toBe(a.cells[row * 5 + 4]);
      expect(a.cells[row * 5 + 1]).toBe(a.cells[row * 5 + 3]);
    }
  });

  it('differs between addresses', () => {
    const a = identicon('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    const b = identicon('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(a).not.toEqual(b);
  });
});
