import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import { untrustedValue } from '../i18n/message';
import { reviewSiwe } from './siwe';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const siwe = (uri: string) =>
  [
    'example.com wants you to sign in with your Ethereum account:',
    ACCOUNT,
    '',
    'Sign in to Example.',
    '',
    `URI: ${uri}`,
    'Version: 1',
    'Chain ID: 1',
    'Nonce: 32891756',
    'Issued At: 2026-01-02T03:04:05.000Z',
  ].join('\n');

const context = { origin: 'https://example.com', account: ACCOUNT, chainId: 1, now: new Date('2026-01-02T03:05:00Z') };

describe('Sign-In with Ethereum review', () => {
  it('accepts a message for the asking site without a problem', () => {
    expect(reviewSiwe(siwe('https://example.com/login'), context)?.problems).toEqual([]);
  });

  it('shows another URI as untrusted text: bidi and invisible characters written as codes', () => {
    const uri = 'https://example.com.evil.example/\u202Enigol\u200B';
    const review = reviewSiwe(siwe(uri), context);
    const problem = review?.problems.find((p) => p.kind === 'uri');
    expect(problem?.sentence.values).toEqual({ uri: untrustedValue(uri, 'whole') });
    const sentence = inWords(problem?.sentence);
    expect(sentence).toBe(
      'The message’s URI (https://example.com.evil.example/\\u{202E}nigol\\u{200B}) is not on the asking site.',
    );
    expect(sentence).not.toMatch(/[\u202E\u200B]/);
  });
});
