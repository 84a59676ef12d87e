import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { codeValue } from '@/core/i18n/message';
import { createI18n, NAMESPACES } from '@/lib/i18n';
import { selectArguments, splitPlaceholders, withPlaceholders } from './placeholders';
import { pseudoText } from './pseudo';

describe('message values as placeholders', () => {
  it('finds the arguments that choose select cases, inside plurals and other selects too', () => {
    const compiled = compileMessage(
      '{kind, select, a {A {name}} other {O {count, plural, one {#} other {{side, select, left {L} other {R}}}}}} end',
    );
    expect([...selectArguments(compiled)].sort()).toEqual(['kind', 'side']);
    expect(selectArguments(compileMessage('plain text')).size).toBe(0);
    expect(selectArguments(compileMessage('{count, plural, one {# item} other {# items}} of {name}')).size).toBe(0);
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

describe('a select message through t()', () => {
  const { showLocale, t } = createI18n();

  it('chooses the case by the key in German and in the pseudo-locale, and falls to “other” for any other key', async () => {
    await showLocale('de', NAMESPACES);
    expect(t('core.signing:wei.negative', { field: 'maxFee' })).toBe('Die Höchstgebühr darf nicht negativ sein.');
    expect(t('core.signing:wei.negative', { field: 'priorityFee' })).toBe(
      'Die Prioritätsgebühr darf nicht negativ sein.',
    );
    await showLocale('en-XA', NAMESPACES);
    expect(t('core.signing:wei.negative', { field: 'gasPrice' })).toBe(
      `⟦${pseudoText('The gas price')}${pseudoText(' cannot be negative.')}⟧`,
    );
  });
});
