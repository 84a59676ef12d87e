import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NETWORK_ICON_NAMES } from '@/core/assets/icons/networkIcons.generated';
import { TOKEN_ICON_NAMES } from '@/core/assets/icons/tokenIcons.generated';
import { networkIconUrl } from './assetIcons/networkIconUrls';
import { tokenIconUrl } from './assetIcons/tokenIconUrls';
import { TokenIcon } from './TokenIcon';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const UNKNOWN = '0x000000000000000000000000000000000000dEaD';
/** A bundled file's URL: in tests Vite leaves the `?no-inline` query on it, the build removes it. */
const file = (name: string) => new RegExp(`/${name}\\.svg(\\?no-inline)?$`);
/** The <img> tag of rendered markup (React's server renderer also adds a preload link). */
const img = (html: string) => /<img [^>]*>/.exec(html)?.[0] ?? '';
/** An attribute's value in one tag. */
const attr = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];

describe('token icons on screen', () => {
  it('has a file of Cairn’s own for every icon the tables name', () => {
    for (const name of TOKEN_ICON_NAMES) expect(tokenIconUrl(name), name).toMatch(file(name));
    for (const name of NETWORK_ICON_NAMES) expect(networkIconUrl(name), name).toMatch(file(name));
  });

  it('shows a listed token’s bundled icon as a decorative image of a fixed size', () => {
    const tag = img(renderToStaticMarkup(<TokenIcon chainId={1} token={USDC} symbol="USDC" />));
    expect(attr(tag, 'src')).toMatch(file('token-USDC'));
    expect(attr(tag, 'alt')).toBe('');
    expect([attr(tag, 'width'), attr(tag, 'height')]).toEqual(['20', '20']);
    const large = img(renderToStaticMarkup(<TokenIcon chainId={1} token={USDC} symbol="USDC" size="lg" />));
    expect([attr(large, 'width'), attr(large, 'height')]).toEqual(['32', '32']);
  });

  it('shows the native coin’s icon by chain', () => {
    const tag = img(renderToStaticMarkup(<TokenIcon chainId={31337} token="native" symbol="ETH" />));
    expect(attr(tag, 'src')).toMatch(file('token-ETH'));
  });

  it('shows a monogram, hidden from screen readers, for an unknown token, whatever its symbol claims', () => {
    const html = renderToStaticMarkup(<TokenIcon chainId={1} token={UNKNOWN} symbol="USDC" />);
    expect(html).not.toContain('<img');
    expect(html).toMatch(
      /^<span [^>]*data-icon="monogram" data-letter="U" data-tone="[1-6]" aria-hidden="true"><\/span>$/,
    );
  });

  it('never puts a hidden or direction-changing character of a symbol on the page', () => {
    const html = renderToStaticMarkup(<TokenIcon chainId={1} token={UNKNOWN} symbol={'\u202e\u200bUS\u202eTD'} />);
    expect(html).toContain('data-letter="U"');
    expect(html).not.toMatch(/[\u202e\u200b]/);
    expect(renderToStaticMarkup(<TokenIcon chainId={1} token={UNKNOWN} symbol="🚀" />)).toContain('data-letter=""');
  });
});
