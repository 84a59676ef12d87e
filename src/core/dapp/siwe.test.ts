import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import { untrustedValue } from '../i18n/message';
import { reviewSiwe } from './siwe';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const siwe = (uri: string, header = 'example.com wants you to sign in with your Ethereum account:') =>
  [
    header,
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

  it('compares the scheme: a message naming none is for https, so an http page asking for it is blocked', () => {
    const atHttp = { ...context, origin: 'http://example.com' };
    const problems = reviewSiwe(siwe('http://example.com/login'), atHttp)?.problems;
    expect(problems?.map((p) => [p.kind, p.blocking])).toEqual([['scheme', true]]);
    expect(inWords(problems?.[0]?.sentence)).toBe(
      'This sign-in is for https://example.com, but http://example.com is asking. Signing it could let this site log in to your account at the https address.',
    );
  });

  it('accepts a message that names the asking page’s own scheme, and blocks one naming another', () => {
    const httpHeader = 'http://example.com wants you to sign in with your Ethereum account:';
    const atHttp = { ...context, origin: 'http://example.com' };
    expect(reviewSiwe(siwe('http://example.com/login', httpHeader), atHttp)?.problems).toEqual([]);
    const https = 'https://example.com wants you to sign in with your Ethereum account:';
    expect(reviewSiwe(siwe('https://example.com/login', https), context)?.problems).toEqual([]);
    const kinds = reviewSiwe(siwe('https://example.com/login', httpHeader), context)?.problems.map((p) => p.kind);
    expect(kinds).toEqual(['scheme']);
  });

  it.each([
    ['a line before the header', `Welcome!\n${siwe('https://example.com/login')}`],
    [
      'a domain in Unicode',
      siwe('https://example.com/login', 'аррӏе.com wants you to sign in with your Ethereum account:'),
    ],
    ['no nonce', siwe('https://example.com/login').replace('Nonce: 32891756\n', '')],
    ['a version other than 1', siwe('https://example.com/login').replace('Version: 1', 'Version: 2')],
    [
      'an issue time that is no time',
      siwe('https://example.com/login').replace('2026-01-02T03:04:05.000Z', 'yesterday'),
    ],
    ['lines after the last field', `${siwe('https://example.com/login')}\nSend: 10 ETH to 0xabc`],
    ['fields out of order', siwe('https://example.com/login').replace(/Version: 1\n(Chain ID: 1\n)/, '$1Version: 1\n')],
  ])('blocks a message with the header that cannot be read (%s), rather than showing it as plain text', (_, text) => {
    const review = reviewSiwe(text, context);
    expect(review?.readable).toBe(false);
    expect(review?.problems.map((p) => [p.kind, p.blocking])).toEqual([['unreadable', true]]);
    expect(inWords(review?.problems[0]?.sentence)).toMatch(/^This message starts like a Sign-In with Ethereum request/);
  });

  it('reads every field of a full message, with no statement and with resources', () => {
    const text = [
      'https://example.com:8443 wants you to sign in with your Ethereum account:',
      ACCOUNT,
      '',
      '',
      'URI: https://example.com:8443/login',
      'Version: 1',
      'Chain ID: 10',
      'Nonce: abcdefgh1',
      'Issued At: 2026-01-02T03:04:05+01:00',
      'Expiration Time: 2026-01-03T03:04:05Z',
      'Not Before: 2026-01-01T00:00:00Z',
      'Request ID: 7',
      'Resources:',
      '- https://example.com/a',
      '- ipfs://bafy',
    ].join('\n');
    const review = reviewSiwe(text, { ...context, origin: 'https://example.com:8443', chainId: 10 });
    expect(review).toMatchObject({
      readable: true,
      scheme: 'https',
      domain: 'example.com:8443',
      statement: undefined,
      chainId: 10,
      nonce: 'abcdefgh1',
      issuedAt: new Date('2026-01-02T02:04:05Z'),
      expirationTime: new Date('2026-01-03T03:04:05Z'),
      problems: [],
    });
  });

  it('leaves text without the header alone', () => {
    expect(reviewSiwe('Sign in to Example, please.', context)).toBeUndefined();
  });
});
