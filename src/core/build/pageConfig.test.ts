import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_RPC_URL } from '../chain/localChain';
import { resetPageConfig, writePageConfig } from './pageConfig';

const built = `<!doctype html>
<html lang="en">
  <head>
    <meta name="cairn-local-rpc-url" content="http://127.0.0.1:8545" />
    <title>Cairn wallet</title>
  </head>
  <body></body>
</html>
`;

describe('the local chain facts a server writes into a page', () => {
  it('are written in, and undone exactly to the page as built', () => {
    const written = writePageConfig(built, { localRpcUrl: 'http://127.0.0.1:61234', devchain: true });
    expect(written).toContain('<meta name="cairn-local-rpc-url" content="http://127.0.0.1:61234" />');
    expect(written).toContain('<meta name="cairn-devchain" content="1" />');
    expect(resetPageConfig(written)).toBe(built);
    expect(writePageConfig(built, { devchain: false })).toBe(built);
  });

  it("write the local OP chain's URLs only where one runs, and undo them too", () => {
    const written = writePageConfig(built, {
      localRpcUrl: 'http://127.0.0.1:8545',
      localOpRpcUrl: 'http://127.0.0.1:9545 http://127.0.0.1:9546',
      devchain: true,
    });
    expect(written).toContain(
      '<meta name="cairn-local-op-rpc-url" content="http://127.0.0.1:9545 http://127.0.0.1:9546" />',
    );
    expect(written.indexOf('cairn-local-op-rpc-url')).toBeLessThan(written.indexOf('</head>'));
    expect(resetPageConfig(written)).toBe(built);
    expect(writePageConfig(built, { devchain: true })).not.toContain('cairn-local-op-rpc-url');
  });

  it('undo to the built page for any URL and either flag', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
        fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
        fc.boolean(),
        (localRpcUrl, localOpRpcUrl, devchain) => {
          expect(resetPageConfig(writePageConfig(built, { localRpcUrl, localOpRpcUrl, devchain }))).toBe(built);
        },
      ),
    );
  });

  it('leave any other change in place, so the page no longer matches its hash', () => {
    const written = writePageConfig(built, { localRpcUrl: 'http://127.0.0.1:1', devchain: true });
    const withOp = writePageConfig(built, {
      localRpcUrl: 'http://127.0.0.1:1',
      localOpRpcUrl: 'http://127.0.0.1:3',
      devchain: true,
    });
    const changes = [
      written.replace('<title>', '<script src="https://evil.example/x.js"></script><title>'),
      // A second tag, the tag spelled otherwise, the devchain tag moved.
      written.replace('<title>', '<meta name="cairn-local-rpc-url" content="http://127.0.0.1:2" /><title>'),
      written.replace('content="http://127.0.0.1:1" />', 'content="http://127.0.0.1:1">'),
      // The OP chain's tag anywhere but where the server writes it.
      withOp.replace('<title>', '<meta name="cairn-local-op-rpc-url" content="http://127.0.0.1:4" /><title>'),
      withOp.replace('content="http://127.0.0.1:3" />\n  </head>', 'content="http://127.0.0.1:3" /></head>'),
      written.replace(
        '  <meta name="cairn-devchain" content="1" />\n  </head>',
        '</head><meta name="cairn-devchain" content="1" />',
      ),
    ];
    for (const changed of changes) expect(resetPageConfig(changed)).not.toBe(built);
  });

  it('reset the tag to the URL index.html is built with', () => {
    const source = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
    expect(source).toContain(`<meta name="cairn-local-rpc-url" content="${DEFAULT_LOCAL_RPC_URL}" />`);
  });

  it('refuse a page without the tag to write the URL into', () => {
    expect(() =>
      writePageConfig('<html><head></head></html>', { localRpcUrl: 'http://127.0.0.1:1', devchain: false }),
    ).toThrow(/no cairn-local-rpc-url meta tag/);
  });
});
