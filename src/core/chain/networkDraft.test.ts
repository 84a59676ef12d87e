import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import { EMPTY_NETWORK_CONFIG, resolveNetworks, withoutNetwork, withSavedNetwork } from './networkConfig';
import { type NetworkDraft, type NetworkDraftErrors, parseNetworkDraft } from './networkDraft';
import type { Network } from './networks';
import { builtInNetworks } from './networks';

const ethereum = builtInNetworks('http://127.0.0.1:8545').find((n) => n.id === 'ethereum');
const draft = {
  name: 'My chain',
  rpcUrls: 'https://rpc.example/a\nhttps://rpc.example/b/',
  wsUrl: '',
  chainId: '4242',
  symbol: 'MYC',
  explorerUrl: '',
};

/** The form's errors in words (the tests read English). */
function errorsOf(typed: NetworkDraft, base?: Network): Record<string, string> | undefined {
  const errors: NetworkDraftErrors | undefined = parseNetworkDraft(typed, base, () => 'x').errors;
  return errors && (inWords(errors) as Record<string, string>);
}

describe('network form', () => {
  it('builds a custom network', () => {
    const parsed = parseNetworkDraft(draft, undefined, () => 'id1');
    expect(parsed.network).toMatchObject({
      id: 'custom-id1',
      kind: 'custom',
      name: 'My chain',
      chainId: 4242,
      rpcUrls: ['https://rpc.example/a', 'https://rpc.example/b'],
      nativeCurrency: { symbol: 'MYC', decimals: 18 },
    });
  });

  it('names every faulty field', () => {
    expect(
      errorsOf({ name: '', rpcUrls: 'ftp://x', wsUrl: '', chainId: '1.5', symbol: '', explorerUrl: 'nope' }),
    ).toEqual({
      name: 'Enter a name.',
      rpcUrls: '“ftp://x” is not an http(s) URL.',
      chainId: 'The chain id is a whole number, such as 1 for Ethereum.',
      symbol: 'Use 1 to 11 letters or digits, such as ETH.',
      explorerUrl: 'The explorer URL must start with https://.',
    });
    expect(errorsOf({ ...draft, rpcUrls: '' })?.rpcUrls).toBe('Enter at least one RPC URL.');
    expect(errorsOf({ ...draft, rpcUrls: 'https://a https://a' })?.rpcUrls).toBe('An RPC URL is listed twice.');
  });

  it('refuses plain http to another host (the page could never reach it), keeps it for this computer', () => {
    const refused = 'Plain http is allowed only for a node on this computer (localhost or 127.0.0.1); use https.';
    for (const url of [
      'http://rpc.example:8545',
      'http://192.168.1.10:8545',
      'http://[::1]:8545',
      'http://127.0.0.2',
    ]) {
      expect(errorsOf({ ...draft, rpcUrls: `https://ok.example\n${url}` })?.rpcUrls).toBe(`“${url}”: ${refused}`);
    }
    for (const url of ['http://127.0.0.1:8545', 'http://localhost:8545/', 'http://LOCALHOST']) {
      expect(parseNetworkDraft({ ...draft, rpcUrls: url }, undefined, () => 'x').errors).toBeUndefined();
    }
    expect(errorsOf({ ...draft, explorerUrl: 'http://scan.example' })).toEqual({
      explorerUrl:
        'Use https:// for the explorer: plain http is allowed only for one on this computer (localhost or 127.0.0.1).',
    });
    expect(
      parseNetworkDraft({ ...draft, explorerUrl: 'http://127.0.0.1:4000' }, undefined, () => 'x').network?.explorerUrl,
    ).toBe('http://127.0.0.1:4000');
  });

  it('takes a WebSocket URL apart from the RPC URLs, and refuses what the page could not open', () => {
    const parsed = parseNetworkDraft({ ...draft, wsUrl: ' wss://ws.example/v3/key ' }, undefined, () => 'x');
    expect(parsed.network?.wsUrl).toBe('wss://ws.example/v3/key');
    expect(parseNetworkDraft(draft, undefined, () => 'x').network).not.toHaveProperty('wsUrl');
    expect(parseNetworkDraft({ ...draft, wsUrl: 'ws://127.0.0.1:8545' }, undefined, () => 'x').errors).toBeUndefined();
    expect(errorsOf({ ...draft, wsUrl: 'https://rpc.example' })).toEqual({
      wsUrl:
        '“https://rpc.example” is not a WebSocket URL: it starts with wss:// (or ws:// for a node on this computer).',
    });
    expect(errorsOf({ ...draft, wsUrl: 'not a url' })?.wsUrl).toContain('is not a WebSocket URL');
    expect(errorsOf({ ...draft, wsUrl: 'ws://rpc.example' })).toEqual({
      wsUrl:
        '“ws://rpc.example”: Plain ws is allowed only for a node on this computer (localhost or 127.0.0.1); use wss.',
    });
    // A WebSocket URL typed among the RPC URLs is pointed to its own field.
    expect(errorsOf({ ...draft, rpcUrls: 'https://rpc.example\nwss://ws.example' })).toEqual({
      rpcUrls: '“wss://ws.example” is a WebSocket URL: put it under WebSocket URL. RPC URLs are http(s).',
    });
  });

  it('keeps, changes and clears a built-in network’s WebSocket URL', () => {
    if (!ethereum) throw new Error('no preset');
    const typed = { ...draft, rpcUrls: ethereum.rpcUrls.join('\n') };
    const withSocket = parseNetworkDraft({ ...typed, wsUrl: 'wss://ws.example' }, ethereum, () => 'x').network;
    expect(withSocket).toMatchObject({ id: 'ethereum', wsUrl: 'wss://ws.example', rpcFrom: 'preset' });
    if (!withSocket) throw new Error('draft refused');
    const saved = resolveNetworks('http://127.0.0.1:9', withSavedNetwork(EMPTY_NETWORK_CONFIG, withSocket));
    expect(saved.find((n) => n.id === 'ethereum')?.wsUrl).toBe('wss://ws.example');
    const cleared = parseNetworkDraft(typed, withSocket, () => 'x').network;
    expect(cleared).not.toHaveProperty('wsUrl');
  });

  it('lets a built-in network change only its RPC URLs and explorer', () => {
    if (!ethereum) throw new Error('no preset');
    const parsed = parseNetworkDraft({ ...draft, name: 'ignored', chainId: '5' }, ethereum, () => 'x');
    expect(parsed.network).toMatchObject({
      id: 'ethereum',
      name: 'Ethereum',
      chainId: 1,
      rpcUrls: ['https://rpc.example/a', 'https://rpc.example/b'],
    });
  });
});

describe('network configuration', () => {
  it('applies edits to built-ins, adds and removes custom networks, resets edits', () => {
    if (!ethereum) throw new Error('no preset');
    const custom = parseNetworkDraft(draft, undefined, () => 'c').network;
    if (!custom) throw new Error('draft refused');
    let config = withSavedNetwork(EMPTY_NETWORK_CONFIG, { ...ethereum, rpcUrls: ['https://mine.example'] });
    config = withSavedNetwork(config, custom);
    const networks = resolveNetworks('http://127.0.0.1:9', config);
    expect(networks.find((n) => n.id === 'ethereum')?.rpcUrls).toEqual(['https://mine.example']);
    expect(networks.at(-1)?.id).toBe('custom-c');
    config = withoutNetwork(withoutNetwork(config, 'ethereum'), 'custom-c');
    expect(config).toEqual(EMPTY_NETWORK_CONFIG);
  });
});
