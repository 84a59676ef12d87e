import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/message';
import { CairnError, isCairnError, toSafeDetails } from './base';
import { theirWords } from './theirWords';

describe('CairnError', () => {
  it('carries a code, a short message, details and a cause', () => {
    const cause = new Error('inner');
    const error = new CairnError('VAULT_WRONG_PASSWORD', theirWords('Wrong password.'), {
      details: 'mac mismatch',
      cause,
    });
    expect(error.code).toBe('VAULT_WRONG_PASSWORD');
    expect(error.message).toBe('Wrong password.');
    expect(error.details).toBe('mac mismatch');
    expect(error.cause).toBe(cause);
    expect(isCairnError(error)).toBe(true);
    expect(isCairnError(cause)).toBe(false);
  });

  it('says what happened as a Message, never as words (which would reach every reader in English)', () => {
    const error = new CairnError('VAULT_NOT_FOUND', msg('core.keys:vault.notFound'));
    expect(error.text).toEqual({ id: 'core.keys:vault.notFound' });
    expect(error.shortMessage).toBe('There is no vault on this device yet.');
    // @ts-expect-error English words are not a CairnError's text.
    const words = () => new CairnError('VAULT_NOT_FOUND', 'There is no vault on this device yet.');
    expect(words).toBeTypeOf('function');
  });

  it('walks the cause chain', () => {
    const inner = new TypeError('deep');
    const error = new CairnError('X', msg('core.keys:vault.notFound'), {
      cause: new Error('middle', { cause: inner }),
    });
    expect(error.walk((e): e is TypeError => e instanceof TypeError)).toBe(inner);
    expect(error.walk((e): e is RangeError => e instanceof RangeError)).toBeUndefined();
  });
});

describe('toSafeDetails', () => {
  it('keeps the first line of a message, bounded', () => {
    expect(toSafeDetails(new Error('first\nsecond'))).toBe('first');
    expect(toSafeDetails('x'.repeat(400))).toHaveLength(300);
    expect(toSafeDetails({})).toBe('');
  });

  it('masks long hex (keys, seeds) and word sequences that look like recovery phrases', () => {
    expect(toSafeDetails(`bad key 0x${'ab'.repeat(32)} here`)).toBe('bad key [hex data] here');
    expect(toSafeDetails(`seed ${'cd'.repeat(64)}`)).toBe('seed [hex data]');
    const phrase = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    expect(toSafeDetails(`phrase: ${phrase}.`)).toBe('phrase: [words].');
    // Ordinary sentences and addresses are kept.
    expect(toSafeDetails('execution reverted: insufficient balance')).toBe('execution reverted: insufficient balance');
    expect(toSafeDetails('to 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toContain(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    );
  });
});
