import { describe, expect, it } from 'vitest';
import { ALL_FLAGS, DEFAULT_FLAGS, FLAGS_GLOBAL, flagsFile, flagsSource, takeFlags } from './flags';

describe('flags', () => {
  it('has four combinations, each with a file of its own', () => {
    expect(ALL_FLAGS).toHaveLength(4);
    expect(new Set(ALL_FLAGS.map(flagsFile))).toEqual(
      new Set(['flags-keep-plain.js', 'flags-keep-compat.js', 'flags-take-plain.js', 'flags-take-compat.js']),
    );
  });

  it.each(ALL_FLAGS)('hands %j from its file to takeFlags, which removes it', (flags) => {
    const win: Record<string, unknown> = {};
    new Function('window', flagsSource(flags))(win);
    expect(win[FLAGS_GLOBAL]).toEqual(flags);
    expect(takeFlags(win)).toEqual(flags);
    expect(FLAGS_GLOBAL in win).toBe(false);
  });

  it.each([undefined, null, 'take', { takeOver: 'yes', compat: 1 }])('takes the defaults when %j was left', (left) => {
    const win: Record<string, unknown> = left === undefined ? {} : { [FLAGS_GLOBAL]: left };
    expect(takeFlags(win)).toEqual(DEFAULT_FLAGS);
    expect(FLAGS_GLOBAL in win).toBe(false);
  });

  it('takes each choice left on its own', () => {
    expect(takeFlags({ [FLAGS_GLOBAL]: { takeOver: true } })).toEqual({ takeOver: true, compat: true });
    expect(takeFlags({ [FLAGS_GLOBAL]: { compat: false } })).toEqual({ takeOver: false, compat: false });
  });
});
