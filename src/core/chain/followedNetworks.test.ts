import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultFollowed,
  resolveFollowed,
  resolveNetworkView,
  withFollowed,
  withoutFollowed,
} from './followedNetworks';
import { followedNetworksSetting } from './followedNetworksSetting';

const networks = ['local', 'local-op', 'ethereum', 'base', 'optimism', 'arbitrum'].map((id) => ({ id }));

describe('defaultFollowed (the one-time migration)', () => {
  it('follows the network the last window had chosen, when it still exists', () => {
    expect(defaultFollowed({ savedNetworkId: 'base', devchain: false, networks })).toEqual(['base']);
    // Beside the local chains, with both of them.
    expect(defaultFollowed({ savedNetworkId: 'base', devchain: true, networks })).toEqual([
      'local',
      'local-op',
      'base',
    ]);
    expect(defaultFollowed({ savedNetworkId: 'local', devchain: true, networks })).toEqual(['local', 'local-op']);
    expect(defaultFollowed({ savedNetworkId: 'base', devchain: false, networks })).toEqual(['base']);
  });

  it('else the local chains on a page served with them, else Ethereum', () => {
    const withoutOp = networks.filter((n) => n.id !== 'local-op');
    for (const saved of [undefined, 'gone', 42, null, ['base']]) {
      expect(defaultFollowed({ savedNetworkId: saved, devchain: true, networks })).toEqual(['local', 'local-op']);
      expect(defaultFollowed({ savedNetworkId: saved, devchain: true, networks: withoutOp })).toEqual(['local']);
      expect(defaultFollowed({ savedNetworkId: saved, devchain: false, networks })).toEqual(['ethereum']);
    }
  });

  it('is never empty, whatever the network list', () => {
    expect(defaultFollowed({ savedNetworkId: undefined, devchain: false, networks: [{ id: 'x' }] })).toEqual(['x']);
    expect(defaultFollowed({ savedNetworkId: undefined, devchain: true, networks: [] })).toEqual(['ethereum']);
  });
});

describe('resolveFollowed', () => {
  it('lists the followed networks in the order of the network list, leaving out unknown ids', () => {
    expect(resolveFollowed(['arbitrum', 'gone', 'ethereum'], networks, ['local']).map((n) => n.id)).toEqual([
      'ethereum',
      'arbitrum',
    ]);
  });

  it('falls back to the default when no id resolves (nothing chosen yet, or all removed)', () => {
    expect(resolveFollowed([], networks, ['base']).map((n) => n.id)).toEqual(['base']);
    expect(resolveFollowed(['gone'], networks, ['base']).map((n) => n.id)).toEqual(['base']);
    expect(resolveFollowed(['gone'], networks, ['gone too']).map((n) => n.id)).toEqual(['local']);
  });

  it('is never empty while a network exists, and holds only known networks, each once', () => {
    const id = fc.constantFrom('local', 'ethereum', 'base', 'optimism', 'arbitrum', 'gone', 'other');
    fc.assert(
      fc.property(fc.array(id), fc.array(id), (ids, fallback) => {
        const resolved = resolveFollowed(ids, networks, fallback);
        expect(resolved.length).toBeGreaterThan(0);
        expect(new Set(resolved).size).toBe(resolved.length);
        for (const n of resolved) expect(networks).toContain(n);
        const known = ids.filter((i) => networks.some((n) => n.id === i));
        if (known.length > 0) expect(resolved.map((n) => n.id).sort()).toEqual([...new Set(known)].sort());
      }),
    );
  });
});

describe('following and unfollowing', () => {
  it('adds a network once', () => {
    expect(withFollowed(['ethereum'], 'base')).toEqual(['ethereum', 'base']);
    expect(withFollowed(['ethereum', 'base'], 'base')).toEqual(['ethereum', 'base']);
  });

  it('removes a network, but never the last one', () => {
    expect(withoutFollowed(['ethereum', 'base'], 'ethereum')).toEqual(['base']);
    expect(withoutFollowed(['base'], 'base')).toEqual(['base']);
    expect(withoutFollowed(['base'], 'other')).toEqual(['base']);
  });

  it('never empties a list that held something, whatever the steps', () => {
    const step = fc.record({ follow: fc.boolean(), id: fc.constantFrom('a', 'b', 'c') });
    fc.assert(
      fc.property(fc.array(step), (steps) => {
        let ids = ['a'];
        for (const { follow, id } of steps) {
          ids = follow ? withFollowed(ids, id) : withoutFollowed(ids, id);
          expect(ids.length).toBeGreaterThan(0);
          expect(new Set(ids).size).toBe(ids.length);
          if (follow) expect(ids).toContain(id);
        }
      }),
    );
  });
});

describe('resolveNetworkView', () => {
  it('shows the one network chosen, followed or not, or all once it is removed', () => {
    expect(resolveNetworkView('all', networks)).toBe('all');
    expect(resolveNetworkView('base', networks)).toBe(networks[3]);
    expect(resolveNetworkView('arbitrum', networks)).toBe(networks[5]);
    expect(resolveNetworkView('gone', networks)).toBe('all');
  });
});

describe('followedNetworksSetting.read', () => {
  it('keeps the stored ids, each once', () => {
    expect(followedNetworksSetting.read(['base', 'ethereum', 'base'])).toEqual(['base', 'ethereum']);
  });

  it('leaves out items that are not ids, and says so, naming the setting', () => {
    const said: unknown[] = [];
    expect(followedNetworksSetting.read(['base', 7, null], (e) => said.push(e))).toEqual(['base']);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({
      code: 'SETTINGS_DAMAGED',
      text: {
        id: 'core.keys:settings.itemsDropped',
        values: { setting: { id: 'core.keys:settings.name.followedNetworks' } },
      },
    });
  });

  it('refuses a value that is not a list', () => {
    for (const stored of ['base', { base: true }, 42, null]) {
      expect(() => followedNetworksSetting.read(stored)).toThrow(
        expect.objectContaining({
          code: 'SETTINGS_DAMAGED',
          text: expect.objectContaining({ id: 'core.keys:settings.damaged' }),
        }),
      );
    }
  });
});
