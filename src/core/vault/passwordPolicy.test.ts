import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import { lengthEstimator } from '@/testing/vaultFixtures';
import { renderMessage } from '../i18n/message';
import { judgePassword } from './passwordPolicy';
import { loadPasswordEstimator } from './passwordStrength';
import { FREE_UNLOCK_ATTEMPTS, nextAttemptAt, unlockDelayMs } from './unlockThrottle';

describe('password policy (zxcvbn-ts)', () => {
  it('refuses short, common and guessable passwords with the reason', async () => {
    const estimator = await loadPasswordEstimator();
    const short = judgePassword('abc123', estimator);
    expect(short.ok ? undefined : renderMessage(short.reason)).toBe('Use at least 8 characters.');
    const common = judgePassword('password1', estimator);
    expect(common.ok).toBe(false);
    if (!common.ok) expect(renderMessage(common.reason)).toMatch(/too easy to guess.*commonly used password/i);
    expect(judgePassword('qwertyuiop', estimator).ok).toBe(false);
    expect(judgePassword('cairnwallet', estimator).ok).toBe(false);
  });

  it('the tests’ length-only estimator refuses a short password for its length', () => {
    const verdict = judgePassword('abcdefgh', lengthEstimator);
    expect(verdict.ok ? undefined : inWords(verdict.reason)).toBe(
      'This password is too easy to guess. Use at least 10 characters. Add more words or characters that are hard to guess.',
    );
  });

  it('accepts strong passwords', async () => {
    const estimator = await loadPasswordEstimator();
    expect(judgePassword('correct horse battery staple', estimator).ok).toBe(true);
    expect(judgePassword('vivid-orbit-canyon-42', estimator).ok).toBe(true);
  });
});

describe('unlock throttle', () => {
  it('lets five wrong passwords through, then doubles the wait from 5 s up to 10 min', () => {
    expect([0, 1, 4].map(unlockDelayMs)).toEqual([0, 0, 0]);
    expect(FREE_UNLOCK_ATTEMPTS).toBe(5);
    expect([5, 6, 7, 8].map(unlockDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(unlockDelayMs(30)).toBe(600_000);
    expect(nextAttemptAt({ failures: 6, lastFailureAt: 1_000 })).toBe(11_000);
  });
});
