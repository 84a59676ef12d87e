import { describe, expect, it } from 'vitest';
import type { ReleaseProblem } from '../core/build/releaseCheck';
import { codeValue, msg, renderMessage } from '../core/i18n/message';
import { refusalWords } from './refusalWords';

describe('refusalWords', () => {
  it('words each refusal as the English catalog does, in a plain string', () => {
    const problems: ReleaseProblem[] = [
      msg('core.keys:release.listing'),
      msg('core.keys:release.download', { path: codeValue('assets/app-1.js') }),
      msg('core.keys:release.mismatch', { path: codeValue('index.html') }),
      msg('core.keys:release.unsigned', { key: codeValue('ab'.repeat(32)) }),
    ];
    for (const why of problems) {
      // Tests show messages in English (src/testing/englishMessages.ts).
      expect(refusalWords(why)).toBe(renderMessage(why));
      expect(typeof refusalWords(why)).toBe('string');
    }
    expect(refusalWords(problems[2] as ReleaseProblem)).toBe(
      'index.html does not match its SHA-256 in build-manifest.json.',
    );
  });
});
