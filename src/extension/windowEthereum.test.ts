import { describe, expect, it } from 'vitest';
import { offerWindowEthereum } from './windowEthereum';

const cairn = { isCairn: true };
const other = { isOther: true };
const asWindow = (win: object) => win as Window;

describe('offerWindowEthereum', () => {
  it('sets window.ethereum where there is none, writable and configurable', () => {
    const win: Record<string, unknown> = {};
    expect(offerWindowEthereum(asWindow(win), cairn, false)).toBe(true);
    expect(win.ethereum).toBe(cairn);
    win.ethereum = other;
    expect(win.ethereum).toBe(other);
  });

  it('sets it where it is there but empty', () => {
    const win: Record<string, unknown> = { ethereum: undefined };
    expect(offerWindowEthereum(asWindow(win), cairn, false)).toBe(true);
    expect(win.ethereum).toBe(cairn);
  });

  it('keeps another wallet’s provider', () => {
    const win = { ethereum: other };
    expect(offerWindowEthereum(asWindow(win), cairn, false)).toBe(false);
    expect(win.ethereum).toBe(other);
  });

  it('takes it over when the person chose so', () => {
    const win = { ethereum: other };
    expect(offerWindowEthereum(asWindow(win), cairn, true)).toBe(true);
    expect(win.ethereum).toBe(cairn);
  });

  it('answers false, without throwing, where another wallet made it unchangeable', () => {
    const win = {};
    Object.defineProperty(win, 'ethereum', { value: other, writable: false, configurable: false });
    expect(offerWindowEthereum(asWindow(win), cairn, true)).toBe(false);
    expect((win as { ethereum: unknown }).ethereum).toBe(other);
  });

  it('answers false where a getter without a setter cannot be redefined', () => {
    const win = {};
    Object.defineProperty(win, 'ethereum', { get: () => other, configurable: false });
    expect(() => offerWindowEthereum(asWindow(win), cairn, true)).not.toThrow();
    expect((win as { ethereum: unknown }).ethereum).toBe(other);
  });
});
