import { describe, expect, it } from 'vitest';
import { codeValue } from '@/core/i18n/message';
import { selectArguments, splitPlaceholders, withPlaceholders } from './placeholders';

describe('message values as placeholders', () => {
  it('finds the arguments that choose select cases, inside plurals and other selects too', () => {
    const compiled = [
      [
        'kind',
        'select',
        {
          a: ['A ', ['name']],
          other: ['O ', ['count', 'plural', { one: ['#'], other: [['side', 'select', { left: 'L', other: 'R' }]] }]],
        },
      ],
      ' end',
    ];
    expect([...selectArguments(compiled)].sort()).toEqual(['kind', 'side']);
    expect(selectArguments('plain text').size).toBe(0);
    expect(selectArguments(undefined).size).toBe(0);
  });

  it('gives a select key its text as it is, and every other text value a placeholder', () => {
    const { values, data } = withPlaceholders(
      { kind: 'ledger', name: '{evil} <0>', to: codeValue('0xabc'), count: 3 },
      new Set(['kind']),
    );
    expect(values.kind).toBe('ledger');
    expect(values.count).toBe(3);
    expect(typeof values.name).toBe('string');
    expect(values.name).not.toContain('evil');
    expect(data).toEqual(['{evil} <0>', codeValue('0xabc')]);
    expect(splitPlaceholders(`x ${values.name as string} y ${values.to as string}`)).toEqual([
      'x ',
      { slot: 0 },
      ' y ',
      { slot: 1 },
    ]);
  });

  it('puts a text value in a placeholder when no select uses it', () => {
    expect(withPlaceholders({ kind: 'ledger' }).values.kind).not.toBe('ledger');
  });
});
