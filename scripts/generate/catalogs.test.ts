import { describe, expect, it } from 'vitest';
import { messageTypes, selectCases } from './catalogs.ts';

describe('generated message types', () => {
  it('types a select argument as its case keys, or any other string (which falls to “other”)', () => {
    const text = messageTypes(
      'demo',
      {
        'demo:secret': '{kind, select, phrase {Recovery phrase} key {Key} other {Secret}} of {name}',
        'demo:nested': '{count, plural, one {# {side, select, left {L} other {R}}} other {#}}',
      },
      'test',
    );
    expect(text).toContain('"demo:secret": { "kind": "key" | "phrase" | (string & {}); "name": MessageValue };');
    expect(text).toContain('"demo:nested": { "count": number; "side": "left" | (string & {}) };');
  });

  it('gathers every case key of a select used more than once, without “other”', () => {
    expect(selectCases('{a, select, x {1} other {2}} {a, select, y {3} other {4}}', 'test')).toEqual(
      new Map([['a', ['x', 'y']]]),
    );
    expect(selectCases('{n, plural, one {#} other {#}}', 'test')).toEqual(new Map());
  });
});
