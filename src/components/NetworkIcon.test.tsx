import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { builtInNetworks, type Network } from '@/core/chain/networks';
import { NetworkIcon } from './NetworkIcon';

const [local, ethereum] = builtInNetworks('http://127.0.0.1:8545') as [Network, Network];

describe('network icon', () => {
  it('shows the bundled icon of the local chain and of a preset', () => {
    // In tests Vite leaves a `?no-inline` query on the URL; the build removes it.
    expect(renderToStaticMarkup(<NetworkIcon network={local} />)).toMatch(/<img [^>]*\/local-chain\.svg[^"]*" alt=""/);
    expect(renderToStaticMarkup(<NetworkIcon network={ethereum} />)).toMatch(
      /<img [^>]*\/network-ethereum\.svg[^"]*" alt=""/,
    );
  });

  it('shows a monogram of its name for a network the person added', () => {
    const custom: Network = { ...ethereum, id: 'custom-1', kind: 'custom', name: 'my node' };
    const html = renderToStaticMarkup(<NetworkIcon network={custom} />);
    expect(html).not.toContain('<img');
    expect(html).toContain('data-letter="M"');
    expect(html).toContain('aria-hidden="true"');
  });
});
