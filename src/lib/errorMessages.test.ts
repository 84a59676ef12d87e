import { describe, expect, it } from 'vitest';
import { CairnError } from '@/core/errors/base';
import { ERROR_CODES } from '@/core/errors/codes';
import { errorCopy, errorText } from './errorMessages';

describe('errorCopy', () => {
  it('has a title of its own for every code of every error union', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(80);
    const untitled = ERROR_CODES.filter((code) => {
      const { title } = errorCopy(new CairnError(code, 'A sentence.'));
      return title === 'Something went wrong' || title.trim() === '';
    });
    expect(untitled).toEqual([]);
  });

  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('shows the error’s own sentence and details, and plain words for anything else', () => {
    const error = new CairnError('CHAIN_FEE_TOO_LOW', 'Its fee is below what the network requires.', {
      details: 'max fee per gas less than block base fee',
    });
    expect(errorCopy(error)).toEqual({
      title: 'Fee too low',
      body: 'Its fee is below what the network requires.',
      details: 'max fee per gas less than block base fee',
    });
    expect(errorText(error)).toBe('Its fee is below what the network requires.');
    expect(errorCopy(new CairnError('SOMETHING_NEW', 'Said.')).title).toBe('Something went wrong');
    expect(errorCopy(new TypeError('x is undefined'))).toEqual({
      title: 'Something went wrong',
      body: 'Cairn hit an unexpected problem. Nothing was sent or changed.',
      details: undefined,
    });
  });
});
