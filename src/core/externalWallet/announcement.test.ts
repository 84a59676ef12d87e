// EIP-6963 announcements: what a wallet announces is read only when it has the announced shape,
// and Cairn's own connector is left out.
import { describe, expect, it } from 'vitest';
import { readAnnouncement } from './announcement';

const provider = { request: async () => null };
const info = {
  uuid: '350670db-19fa-4704-a166-e52e178b59d2',
  name: 'Example Wallet',
  icon: 'data:,',
  rdns: 'com.example',
};
const detail = (change: { info?: Record<string, unknown>; provider?: unknown } = {}) => ({
  info: { ...info, ...change.info },
  provider: 'provider' in change ? change.provider : provider,
});

describe('reading a wallet’s EIP-6963 announcement', () => {
  it('reads a valid detail, its name trimmed and its provider as given', () => {
    const read = readAnnouncement(detail({ info: { name: '  Example Wallet \n' } }));
    expect(read).toEqual({ uuid: info.uuid, name: 'Example Wallet', rdns: 'com.example', provider });
    expect(read?.provider).toBe(provider);
    // The name is still untrusted text (shown through untrustedLabel), not cleaned here; 100 characters is the most.
    expect(readAnnouncement(detail({ info: { name: 'Meta\u202EMask' } }))?.name).toBe('Meta\u202EMask');
    expect(readAnnouncement(detail({ info: { name: 'W'.repeat(100) } }))?.name).toBe('W'.repeat(100));
    expect(readAnnouncement(detail({ info: { rdns: 'io.meta-mask.flask' } }))?.rdns).toBe('io.meta-mask.flask');
  });

  it('reads nothing when a field is missing or not of its kind', () => {
    const missing = (key: 'uuid' | 'name' | 'rdns') => {
      const { [key]: _, ...rest } = info;
      return { info: rest, provider };
    };
    for (const key of ['uuid', 'name', 'rdns'] as const) expect(readAnnouncement(missing(key))).toBeUndefined();
    for (const change of [
      { uuid: '' },
      { uuid: 7 },
      { name: '' },
      { name: '   ' },
      { name: 42 },
      { rdns: 1 },
      { rdns: '' },
    ])
      expect(readAnnouncement(detail({ info: change }))).toBeUndefined();
    expect(readAnnouncement({ provider })).toBeUndefined();
    expect(readAnnouncement({ info })).toBeUndefined();
    for (const bad of [undefined, null, {}, { request: 'eth_accounts' }, { send: async () => null }])
      expect(readAnnouncement(detail({ provider: bad }))).toBeUndefined();
  });

  it('reads nothing for an rdns that is not a reverse domain name', () => {
    for (const rdns of ['metamask', 'io..x', '.io.x', 'io.x.', 'io.meta mask', 'io/metamask', ' io.metamask'])
      expect(readAnnouncement(detail({ info: { rdns } }))).toBeUndefined();
  });

  it('leaves out Cairn’s own connector', () => {
    expect(readAnnouncement(detail({ info: { rdns: 'app.cairn.wallet', name: 'Cairn' } }))).toBeUndefined();
    expect(readAnnouncement(detail({ info: { rdns: 'App.Cairn.Wallet', name: 'Cairn' } }))).toBeUndefined();
  });

  it('reads nothing for a name over 100 characters', () => {
    expect(readAnnouncement(detail({ info: { name: 'W'.repeat(101) } }))).toBeUndefined();
    expect(readAnnouncement(detail({ info: { name: 'W'.repeat(5000) } }))).toBeUndefined();
  });

  it('reads nothing from a detail that is not an object', () => {
    for (const value of [null, undefined, 'x', 1, true, [], () => provider])
      expect(readAnnouncement(value)).toBeUndefined();
  });
});
