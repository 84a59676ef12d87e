import { describe, expect, it } from 'vitest';
import { checkSites, checkWallet, defaultSettings, holdsOn, readSettings } from './settings';

const WALLET = 'https://wallet.example/';

describe('checkWallet', () => {
  it.each([
    ['https://wallet.example', 'https://wallet.example/'],
    ['https://wallet.example/', 'https://wallet.example/'],
    ['http://127.0.0.1:5173', 'http://127.0.0.1:5173/'],
    ['http://localhost:5173/cairn', 'http://localhost:5173/cairn/'],
    ['  https://host.example/cairn  ', 'https://host.example/cairn/'],
    ['https://host.example/a/cairn/', 'https://host.example/a/cairn/'],
    ['HTTPS://Wallet.Example', 'https://wallet.example/'],
  ])('takes %s as %s', (typed, value) => {
    expect(checkWallet(typed)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'walletNotUrl'],
    ['wallet.example', 'walletNotUrl'],
    ['not a url', 'walletNotUrl'],
    ['ftp://wallet.example/', 'walletNotHttp'],
    ['javascript:alert(1)', 'walletNotHttp'],
    ['chrome-extension://abcdefghijklmnop/', 'walletNotHttp'],
    ['file:///home/cairn/', 'walletNotHttp'],
    ['https://user:pass@wallet.example/', 'walletExtra'],
    ['https://user@wallet.example/', 'walletExtra'],
    ['https://wallet.example/?a=1', 'walletExtra'],
    ['https://wallet.example/?', 'walletExtra'],
    ['https://wallet.example/#top', 'walletExtra'],
    ['https://wallet.example/#', 'walletExtra'],
    // Plain http only on this computer: the extension runs in no other plain http page, Cairn's window included.
    ['http://wallet.example/', 'walletPlainHttp'],
    ['http://192.168.1.5:5173/', 'walletPlainHttp'],
    ['http://127.0.0.2:5173/', 'walletPlainHttp'],
    ['http://localhost.example/', 'walletPlainHttp'],
  ])('refuses %j (%s)', (typed, problem) => {
    expect(checkWallet(typed)).toEqual({ ok: false, problem });
  });
});

describe('checkSites', () => {
  it('takes one origin per line, skipping blanks, a final slash and repeats', () => {
    expect(checkSites('https://a.example\n\n  http://localhost:8080/  \nhttps://a.example/\n')).toEqual({
      ok: true,
      value: ['https://a.example', 'http://localhost:8080'],
    });
  });

  it.each(['http://app.example', 'http://b.example:8080', 'http://[::1]:3000'])(
    'refuses %j, a plain http site off this computer (the extension runs on none), and names the line',
    (line) => {
      expect(checkSites(`http://127.0.0.1:3000\n${line}`)).toEqual({ ok: false, problem: 'siteOutOfReach', line });
    },
  );

  it('takes nothing as no sites', () => {
    expect(checkSites('')).toEqual({ ok: true, value: [] });
    expect(checkSites(' \n \n')).toEqual({ ok: true, value: [] });
  });

  it.each([
    'app.example',
    'https://app.example/page',
    'https://app.example?x=1',
    'ftp://app.example',
    'https://APP.example',
    'https://app.example:443',
    'null',
  ])('refuses %j and names the line', (line) => {
    expect(checkSites(`https://fine.example\n  ${line}  \nalso bad`)).toEqual({
      ok: false,
      problem: 'siteNotOrigin',
      line,
    });
  });
});

describe('readSettings', () => {
  it.each([undefined, null, 'settings', 42, [], { wallet: 7, takeOver: 'yes', compat: [] }])(
    'gives the defaults for %j',
    (stored) => {
      expect(readSettings(stored, WALLET)).toEqual(defaultSettings(WALLET));
    },
  );

  it('keeps what is well formed and defaults the rest', () => {
    expect(
      readSettings(
        { wallet: 'https://mine.example/cairn', takeOver: { all: true, except: ['https://a.example'] }, compat: 1 },
        WALLET,
      ),
    ).toEqual({
      wallet: 'https://mine.example/cairn/',
      takeOver: { all: true, except: ['https://a.example'] },
      compat: { all: true, except: [] },
    });
  });

  it('drops a bad wallet and a choice with a site that is not an origin', () => {
    expect(
      readSettings(
        {
          wallet: 'javascript:alert(1)',
          takeOver: { all: true, except: ['https://a.example/path'] },
          compat: { all: false, except: ['https://b.example'] },
        },
        WALLET,
      ),
    ).toEqual({
      wallet: WALLET,
      takeOver: { all: false, except: [] },
      compat: { all: false, except: ['https://b.example'] },
    });
  });

  it('defaults to keeping another wallet’s window.ethereum and to MetaMask compatibility', () => {
    expect(defaultSettings(WALLET)).toEqual({
      wallet: WALLET,
      takeOver: { all: false, except: [] },
      compat: { all: true, except: [] },
    });
  });
});

describe('holdsOn', () => {
  it('holds where the choice for all holds, except on the listed sites', () => {
    const on = { all: true, except: ['https://a.example'] };
    const off = { all: false, except: ['https://a.example'] };
    expect(holdsOn(on, 'https://a.example')).toBe(false);
    expect(holdsOn(on, 'https://b.example')).toBe(true);
    expect(holdsOn(off, 'https://a.example')).toBe(true);
    expect(holdsOn(off, 'https://b.example')).toBe(false);
  });
});
