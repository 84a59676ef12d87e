import { describe, expect, it, vi } from 'vitest';
import type { CairnProvider } from '../connector/provider';
import { lazyProvider } from './lazyProvider';

function realProvider() {
  const real = {
    isCairn: true as const,
    request: vi.fn(async () => '0x1'),
    on: vi.fn(() => real),
    removeListener: vi.fn(() => real),
    off: vi.fn(() => real),
  };
  return real;
}

describe('the provider offered at once, made on first use', () => {
  it('makes nothing until the page uses it, then makes it once', async () => {
    const real = realProvider();
    const make = vi.fn(() => real as CairnProvider);
    const provider = lazyProvider(make);
    expect(provider.isCairn).toBe(true);
    expect(make).not.toHaveBeenCalled();
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1');
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1');
    expect(make).toHaveBeenCalledTimes(1);
    expect(real.request).toHaveBeenCalledWith({ method: 'eth_chainId' });
  });

  it('passes listeners on, and answers itself for chaining', () => {
    const real = realProvider();
    const provider = lazyProvider(() => real as CairnProvider);
    const listener = () => {};
    expect(provider.on('chainChanged', listener)).toBe(provider);
    expect(real.on).toHaveBeenCalledWith('chainChanged', listener);
    expect(provider.off('chainChanged', listener)).toBe(provider);
    expect(provider.removeListener('chainChanged', listener)).toBe(provider);
    expect(real.removeListener).toHaveBeenCalledTimes(2);
  });
});
