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
      chainId: 10n,
      nonce: 'abcdefgh1',
      issuedAt: new Date('2026-01-02T02:04:05Z'),
      expirationTime: new Date('2026-01-03T03:04:05Z'),
      problems: [],
    });
  });

  it('warns of an address not in its EIP-55 form, which EIP-4361 requires, without blocking', () => {
    for (const written of [ACCOUNT.toLowerCase(), ACCOUNT.replace('F', 'f')]) {
      const review = reviewSiwe(siwe('https://example.com/login').replace(ACCOUNT, written), context);
      expect(review?.problems.map((p) => [p.kind, p.blocking])).toEqual([['addressCase', false]]);
      expect(inWords(review?.problems[0]?.sentence)).toBe(
        `The message writes its address as ${written}, not in the checksummed form Sign-In with Ethereum requires (${ACCOUNT}): the site does not follow the standard here.`,
      );
    }
  });

  it('reads a chain id of 16 digits exactly, beyond what a Number holds', () => {
    const text = siwe('https://example.com/login').replace('Chain ID: 1\n', 'Chain ID: 9007199254740993\n');
    const review = reviewSiwe(text, { ...context, chainId: 9_007_199_254_740_992 });
    expect(review).toMatchObject({ readable: true, chainId: 9_007_199_254_740_993n });
    expect(inWords(review?.problems.find((p) => p.kind === 'chain')?.sentence)).toBe(
      'The message is for chain id 9007199254740993; the site uses chain id 9007199254740992.',
    );
  });

  it('takes a domain written with its port, the default one included, and compares host and port with the origin', () => {
    const header = (domain: string) => `${domain} wants you to sign in with your Ethereum account:`;
    expect(reviewSiwe(siwe('https://example.com/login', header('example.com:443')), context)?.problems).toEqual([]);
    const atPort = { ...context, origin: 'https://example.com:8443' };
    expect(reviewSiwe(siwe('https://example.com:8443/a', header('example.com:8443')), atPort)?.problems).toEqual([]);
    for (const [domain, origin] of [
      ['example.com:8443', 'https://example.com'],
      ['example.com', 'https://example.com:8443'],
      ['example.com:443', 'https://example.com:8443'],
    ] as const) {
      const kinds = reviewSiwe(siwe(`${origin}/login`, header(domain)), { ...context, origin })?.problems.map((p) => [
        p.kind,
        p.blocking,
      ]);
      expect(kinds, `${domain} asked by ${origin}`).toEqual([['domain', true]]);
    }
    const unreadable = reviewSiwe(siwe('https://example.com/login', header('example.com:99999')), context);
    expect(unreadable?.readable).toBe(false);
  });

  it('is read with no network known, the chain then left uncompared: another site still blocks', () => {
    const unknown = { ...context, chainId: undefined };
    expect(reviewSiwe(siwe('https://example.com/login'), unknown)?.problems).toEqual([]);
    const other = siwe('https://example.com/login', 'evil.example wants you to sign in with your Ethereum account:');
    expect(reviewSiwe(other, unknown)?.problems.map((p) => [p.kind, p.blocking])).toEqual([['domain', true]]);
  });

  it('leaves text without the header alone', () => {
    expect(reviewSiwe('Sign in to Example, please.', context)).toBeUndefined();
  });
});
