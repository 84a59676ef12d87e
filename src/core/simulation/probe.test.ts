import { describe, expect, it } from 'vitest';
import { KEEP_ABILITIES_MS, keptAbilities, type NodeAbilities } from './probe';

const abilities: NodeAbilities = {
  strategy: 'callTracer',
  blockOverrides: { call: false, trace: true, checked: { trace: true } },
};

describe('a node’s abilities kept between windows', () => {
  it('reads back what was kept, while it is young enough', () => {
    const kept = JSON.parse(JSON.stringify({ abilities, at: 1_000 }));
    expect(keptAbilities(kept, 1_000)).toEqual(abilities);
    expect(keptAbilities(kept, 1_000 + KEEP_ABILITIES_MS - 1)).toEqual(abilities);
    expect(keptAbilities(kept, 1_000 + KEEP_ABILITIES_MS)).toBeUndefined();
    // Kept "in the future" (a clock set back): probed again.
    expect(keptAbilities(kept, 999)).toBeUndefined();
  });

  it('refuses anything but the shape written, so the node is probed again', () => {
    const at = 0;
    for (const value of [
      undefined,
      'callTracer',
      { abilities, at: '0' },
      { abilities: { ...abilities, strategy: 'eval' }, at },
      { abilities: { strategy: 'callTracer', blockOverrides: { call: 'yes', trace: true } }, at },
      { abilities: { strategy: 'callTracer', blockOverrides: { call: true, trace: true, checked: [] } }, at },
      { abilities: { strategy: 'callTracer', blockOverrides: { call: true, trace: true, checked: { call: 1 } } }, at },
    ]) {
      expect(keptAbilities(value, 0)).toBeUndefined();
    }
    // Fields it does not know are left behind.
    const extra = { abilities: { ...abilities, extra: 1, blockOverrides: { ...abilities.blockOverrides, x: 2 } }, at };
    expect(keptAbilities(extra, 0)).toEqual(abilities);
  });
});
