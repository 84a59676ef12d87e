import { describe, expect, it } from 'vitest';
import { parentAmong } from './parentChains';

describe('parentAmong', () => {
  const ethereum = { id: 'ethereum', chainId: 1 };
  const local = { id: 'local', chainId: 31337 };
  const networks = [local, ethereum];

  it('finds the network an L2 settles on, by the known table or its own entry', () => {
    expect(parentAmong({ chainId: 10 }, networks)).toBe(ethereum);
    expect(parentAmong({ chainId: 901, parentChainId: 31337 }, networks)).toBe(local);
  });

  it('finds none for an L1, or when the parent is not among them', () => {
    expect(parentAmong({ chainId: 1 }, networks)).toBeUndefined();
    expect(parentAmong({ chainId: 8453 }, [local])).toBeUndefined();
    // A network naming itself as its parent is no L2.
    expect(parentAmong({ chainId: 5, parentChainId: 5 }, [{ id: 'x', chainId: 5 }])).toBeUndefined();
  });
});
