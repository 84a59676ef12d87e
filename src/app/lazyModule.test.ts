import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazyModule';

describe('a module loaded on demand', () => {
  it('is loaded once, and given synchronously once there', async () => {
    const importer = vi.fn(async () => ({ name: 'screen' }));
    const part = lazyModule(importer);
    expect(part.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([part.load(), part.load()]);
    expect(a).toBe(b);
    expect(part.loaded()).toBe(a);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('whose load failed (a dropped connection) is loaded again when next asked', async () => {
    const importer = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new Error('connection reset'))
      .mockResolvedValueOnce({ name: 'screen' });
    const part = lazyModule(importer);
    await expect(part.load()).rejects.toThrow('connection reset');
    expect(part.loaded()).toBeUndefined();
    expect(await part.load()).toEqual({ name: 'screen' });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
