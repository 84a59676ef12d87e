import { describe, expect, it } from 'vitest';
import { CairnError } from '@/core/errors/base';
import { ERROR_CODES } from '@/core/errors/codes';
import { theirWords } from '@/core/errors/theirWords';
import { msg, renderMessage } from '@/core/i18n/message';
import { errorCopy, errorMessage, errorText, failureMessage } from './errorMessages';

describe('errorCopy', () => {
  it('has a title of its own for every code of every error union', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(80);
    const untitled = ERROR_CODES.filter((code) => {
      const { title } = errorCopy(new CairnError(code, theirWords('A sentence.')));
      return title === 'Something went wrong' || title.trim() === '';
    });
    expect(untitled).toEqual([]);
  });

  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('shows the error’s own sentence and details, and plain words for anything else', () => {
    const error = new CairnError('CHAIN_FEE_TOO_LOW', theirWords('Its fee is below what the network requires.'), {
      details: 'max fee per gas less than block base fee',
    });
    expect(errorCopy(error)).toEqual({
      title: 'Fee too low',
      body: 'Its fee is below what the network requires.',
      details: 'max fee per gas less than block base fee',
    });
    expect(errorText(error)).toBe('Its fee is below what the network requires.');
    expect(errorCopy(new CairnError('SOMETHING_NEW', theirWords('Said.'))).title).toBe('Something went wrong');
    expect(errorCopy(new TypeError('x is undefined'))).toEqual({
      title: 'Something went wrong',
      body: 'Cairn hit an unexpected problem. Nothing was sent or changed.',
      details: undefined,
    });
  });

  it('adds what did not happen, given as a message or as words, unless a wallet may have sent it', () => {
    const refused = new CairnError('CHAIN_FEE_TOO_LOW', theirWords('Its fee is too low.'));
    expect(renderMessage(failureMessage(refused, msg('common:error.unexpected')))).toBe(
      'Its fee is too low. Cairn hit an unexpected problem. Nothing was sent or changed.',
    );
    expect(renderMessage(failureMessage(refused, 'Nothing was sent.'))).toBe('Its fee is too low. Nothing was sent.');
    expect(
      renderMessage(
        failureMessage(
          new CairnError('WALLET_UNCLEAR_ANSWER', theirWords('It may have sent it.')),
          'Nothing was sent.',
        ),
      ),
    ).toBe('It may have sent it.');
    expect(renderMessage(failureMessage(new TypeError('x'), 'Nothing was sent.'))).toBe(
      'Cairn hit an unexpected problem. Nothing was sent or changed. Nothing was sent.',
    );
  });
});

describe('errorMessage', () => {
  it('keeps the error’s own Message, so its values are shown as values, and says the same words as errorText', () => {
    const error = new CairnError('CHAIN_FEE_TOO_LOW', theirWords('Its fee is too low.'));
    expect(errorMessage(error)).toBe(error.text);
    expect(renderMessage(errorMessage(error))).toBe(errorText(error));
    expect(errorMessage(new TypeError('x'))).toEqual(msg('common:error.unexpected'));
    expect(renderMessage(errorMessage(new TypeError('x')))).toBe(errorText(new TypeError('x')));
  });
});
