import translationKeys from '@zxcvbn-ts/core/dist/data/translationKeys';
import { describe, expect, it } from 'vitest';
import { SUGGESTIONS, WARNINGS } from './passwordStrength';

describe('zxcvbn’s feedback as Cairn’s messages', () => {
  it('has a message for every warning and suggestion key zxcvbn-ts can give, and none for a key it never gives', () => {
    expect(Object.keys(WARNINGS).sort()).toEqual(Object.keys(translationKeys.warnings).sort());
    expect(Object.keys(SUGGESTIONS).sort()).toEqual(Object.keys(translationKeys.suggestions).sort());
  });
});
