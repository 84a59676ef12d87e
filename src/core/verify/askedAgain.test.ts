import { describe, expect, it } from 'vitest';
import { VerifyError } from '../errors/verify';
import { codeValue, msg } from '../i18n/message';
import { askedAt, createMismatchBook, judgeMismatch } from './askedAgain';

const failed = new VerifyError(
  'VERIFY_PROOF_FAILED',
  msg('core.chain:verify.proofFailed', { source: codeValue('http://node'), address: codeValue('0xabc'), block: '7' }),
);

describe('a mismatch asked again after the next block', () => {
  it('is a lie only when met again at a later block; a check that meets none ends it', () => {
    expect(judgeMismatch(undefined, 7n, true)).toEqual({ lie: false, at: 7n });
    expect(judgeMismatch(7n, 7n, true)).toEqual({ lie: false, at: 7n });
    expect(judgeMismatch(7n, 8n, true)).toEqual({ lie: true, at: 8n });
    expect(judgeMismatch(7n, 8n, false)).toEqual({ lie: false, at: undefined });
  });

  it('keeps each question apart: a proof failure is first asked again, then a lie', () => {
    const book = createMismatchBook();
    expect(book.failed('a', 7n, failed).code).toBe('VERIFY_PROOF_UNSETTLED');
    expect(book.failed('b', 8n, failed).code).toBe('VERIFY_PROOF_UNSETTLED');
    expect(book.failed('a', 7n, failed).code).toBe('VERIFY_PROOF_UNSETTLED');
    expect(book.failed('a', 8n, failed)).toBe(failed);
    book.passed('b');
    expect(book.failed('b', 9n, failed).code).toBe('VERIFY_PROOF_UNSETTLED');
  });

  it('judges by the newest block another source named, where the node that answered stands still', () => {
    expect(askedAt(7n, undefined)).toBe(7n);
    expect(askedAt(7n, 9n)).toBe(9n);
    expect(askedAt(9n, 7n)).toBe(9n);
    // A first source frozen at block 7, lying there: asked again while no source names a newer block,
    // a lie once another does.
    const at = (newestNamed: bigint) =>
      new VerifyError('VERIFY_PROOF_FAILED', failed.text, { details: 'no root', newestNamed });
    const book = createMismatchBook();
    expect(book.failed('a', 7n, at(7n)).code).toBe('VERIFY_PROOF_UNSETTLED');
    expect(book.failed('a', 7n, at(7n)).code).toBe('VERIFY_PROOF_UNSETTLED');
    expect(book.failed('a', 7n, at(8n)).code).toBe('VERIFY_PROOF_FAILED');
  });

  it('leaves other errors as they are', () => {
    const gone = new VerifyError(
      'VERIFY_STATE_GONE',
      msg('core.chain:verify.proofFailed', { address: '0x01', block: '7', source: 'node' }),
    );
    expect(createMismatchBook().failed('a', 7n, gone)).toBe(gone);
  });
});
