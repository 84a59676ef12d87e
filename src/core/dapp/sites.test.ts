import { describe, expect, it } from 'vitest';
import { builtInNetworks, type Network } from '../chain/networks';
import {
  grantFor,
  grantSite,
  isGrantedAccount,
  permissionsOf,
  readSitePermissions,
  readUrlsFor,
  type SitePermission,
  type SitePermissions,
  siteFor,
  siteNetwork,
  withAddedNetwork,
  withSiteNetwork,
} from './sites';

const builtIns = builtInNetworks('http://127.0.0.1:8545');
const byId = (id: string): Network => {
  const network = builtIns.find((n) => n.id === id);
  if (!network) throw new Error(`no built-in network ${id}`);
  return network;
};
const ethereum = byId('ethereum');
const sepolia = byId('sepolia');
const base = byId('base');
const local = byId('local');
/** Sepolia with the person's own node instead of the preset's URLs. */
const ownSepolia: Network = { ...sepolia, rpcUrls: ['http://my-node.lan:8545'] };
/** A network the person added; it has no public default URLs. */
const custom: Network = {
  ...sepolia,
  id: 'custom-devnet',
  kind: 'custom',
  name: 'Devnet',
  chainId: 424_242,
  rpcUrls: ['http://devnet.lan:8545'],
};

const ORIGIN = 'https://app.example';
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

const site = (over: Partial<SitePermission> = {}): SitePermission => ({
  origin: ORIGIN,
  accounts: [ALICE],
  networkId: 'ethereum',
  networkIds: ['ethereum'],
  ownNodeReads: false,
  name: 'Example',
  grantedAt: 1_000,
  lastUsed: 2_000,
  ...over,
});

describe('granting a site', () => {
  it('records a first connection with the chosen accounts and network', () => {
    expect(
      grantSite(undefined, {
        origin: ORIGIN,
        accounts: [ALICE, BOB],
        networkId: 'base',
        ownNodeReads: true,
        name: 'Example',
        now: 5_000,
      }),
    ).toEqual({
      origin: ORIGIN,
      accounts: [ALICE, BOB],
      networkId: 'base',
      networkIds: ['base'],
      ownNodeReads: true,
      name: 'Example',
      grantedAt: 5_000,
      lastUsed: 5_000,
    });
  });

  it('keeps when the site was first granted and the networks it could use, on a new grant', () => {
    const existing = site({ networkIds: ['ethereum', 'sepolia'], grantedAt: 1_000 });
    const granted = grantSite(existing, {
      origin: ORIGIN,
      accounts: [BOB],
      networkId: 'base',
      ownNodeReads: false,
      name: 'Renamed',
      now: 9_000,
    });
    expect(granted).toMatchObject({
      accounts: [BOB],
      networkId: 'base',
      name: 'Renamed',
      grantedAt: 1_000,
      lastUsed: 9_000,
    });
    expect(granted.networkIds).toEqual(['base', 'ethereum', 'sepolia']);
  });

  it('lists each network once when the new one was already allowed', () => {
    const granted = grantSite(site({ networkIds: ['ethereum', 'base'] }), {
      origin: ORIGIN,
      accounts: [ALICE],
      networkId: 'base',
      ownNodeReads: false,
      name: 'Example',
      now: 3_000,
    });
    expect(granted.networkIds).toEqual(['base', 'ethereum']);
  });

  it('copies the accounts it is given', () => {
    const accounts = [ALICE];
    const granted = grantSite(undefined, {
      origin: ORIGIN,
      accounts,
      networkId: 'base',
      ownNodeReads: false,
      name: '',
      now: 1,
    });
    accounts.push(BOB);
    expect(granted.accounts).toEqual([ALICE]);
  });

  it('switches a site to a network and lets it come back to it without asking', () => {
    const before = site({ networkIds: ['ethereum'] });
    const after = withSiteNetwork(before, 'sepolia');
    expect(after).toEqual({ ...before, networkId: 'sepolia', networkIds: ['ethereum', 'sepolia'] });
    expect(withSiteNetwork(after, 'ethereum')).toMatchObject({
      networkId: 'ethereum',
      networkIds: ['ethereum', 'sepolia'],
    });
    // The record given is left as it was.
    expect(before.networkIds).toEqual(['ethereum']);
  });
});

describe('looking a site up', () => {
  const sites: SitePermissions = { [ORIGIN]: site() };

  it('finds a site only by its exact origin', () => {
    expect(siteFor(sites, ORIGIN)).toEqual(site());
    expect(siteFor(sites, `${ORIGIN}/`)).toBeUndefined();
    expect(siteFor(sites, 'https://APP.example')).toBeUndefined();
    expect(siteFor(sites, 'http://app.example')).toBeUndefined();
  });

  it("finds nothing under the names of an object's own members", () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(siteFor(sites, name), name).toBeUndefined();
      expect(siteFor({}, name), name).toBeUndefined();
    }
  });

  it('knows granted accounts whatever their letter case', () => {
    const granted = site({ accounts: [ALICE] });
    expect(isGrantedAccount(granted, ALICE)).toBe(true);
    expect(isGrantedAccount(granted, ALICE.toLowerCase())).toBe(true);
    expect(isGrantedAccount(granted, ALICE.toUpperCase().replace('0X', '0x'))).toBe(true);
    expect(isGrantedAccount(granted, BOB)).toBe(false);
    expect(isGrantedAccount(site({ accounts: [] }), ALICE)).toBe(false);
    expect(isGrantedAccount(undefined, ALICE)).toBe(false);
  });
});

describe('the URLs a site may read a network through', () => {
  it("are a built-in network's public defaults only, unless the person allowed their own node", () => {
    expect(readUrlsFor(ownSepolia, builtIns, false)).toEqual(sepolia.rpcUrls);
    expect(readUrlsFor(ownSepolia, builtIns, true)).toEqual([...sepolia.rpcUrls, ...ownSepolia.rpcUrls]);
    expect(readUrlsFor(ethereum, builtIns, false)).toEqual(ethereum.rpcUrls);
  });

  it('list each URL once', () => {
    expect(readUrlsFor(ethereum, builtIns, true)).toEqual(ethereum.rpcUrls);
    expect(new Set(readUrlsFor(ethereum, builtIns, true)).size).toBe(ethereum.rpcUrls.length);
  });

  it('are none for a custom network unless the person allowed their own node', () => {
    expect(readUrlsFor(custom, builtIns, false)).toEqual([]);
    expect(readUrlsFor(custom, builtIns, true)).toEqual(['http://devnet.lan:8545']);
  });

  it('never include an edited URL of a custom network that shares a chain id with a preset', () => {
    const customMainnet: Network = { ...ethereum, id: 'custom-mainnet', kind: 'custom', rpcUrls: ['http://me.lan'] };
    expect(readUrlsFor(customMainnet, builtIns, false)).toEqual([]);
  });
});

describe('the grant the connector keeps for a site', () => {
  const networks = [local, ethereum, ownSepolia, base, custom];

  it('is empty accounts on the fallback chain for a site not connected', () => {
    expect(grantFor(undefined, networks, builtIns, '0x7a69')).toEqual({ accounts: [], chainId: '0x7a69', chains: {} });
  });

  it("names the site's network and every network it may switch to, by hex chain id, with their read URLs", () => {
    const granted = site({
      accounts: [ALICE, BOB],
      networkId: 'sepolia',
      networkIds: ['ethereum', 'sepolia', 'custom-devnet'],
    });
    expect(grantFor(granted, networks, builtIns, '0x7a69')).toEqual({
      accounts: [ALICE, BOB],
      chainId: '0xaa36a7',
      chains: {
        '0x1': ethereum.rpcUrls,
        '0xaa36a7': sepolia.rpcUrls,
        '0x67932': [],
      },
    });
    expect(grantFor({ ...granted, ownNodeReads: true }, networks, builtIns, '0x7a69').chains).toEqual({
      '0x1': ethereum.rpcUrls,
      '0xaa36a7': [...sepolia.rpcUrls, 'http://my-node.lan:8545'],
      '0x67932': ['http://devnet.lan:8545'],
    });
  });

  it('reads a network the site added through the RPC URLs the site gave, and never the person’s own', () => {
    const added = withAddedNetwork(site(), 'custom-devnet', ['https://rpc.devnet.example']);
    expect(added.networkId).toBe('custom-devnet');
    expect(added.networkIds).toEqual(['ethereum', 'custom-devnet']);
    expect(grantFor(added, networks, builtIns, '0x7a69').chains).toEqual({
      '0x1': ethereum.rpcUrls,
      '0x67932': ['https://rpc.devnet.example'],
    });
    expect(grantFor({ ...added, ownNodeReads: true }, networks, builtIns, '0x7a69').chains['0x67932']).toEqual([
      'http://devnet.lan:8545',
      'https://rpc.devnet.example',
    ]);
  });

  it('falls back to the first remaining network when the person removed the site’s network', () => {
    const granted = site({ networkId: 'custom-devnet', networkIds: ['custom-devnet', 'base', 'ethereum'] });
    const withoutDevnet = networks.filter((n) => n.id !== 'custom-devnet');
    const grant = grantFor(granted, withoutDevnet, builtIns, '0x7a69');
    expect(grant.chainId).toBe('0x2105');
    expect(Object.keys(grant.chains)).toEqual(['0x2105', '0x1']);
  });

  it('uses the fallback chain when none of the site’s networks is left', () => {
    const granted = site({ networkId: 'custom-devnet', networkIds: ['custom-devnet'] });
    expect(grantFor(granted, [local, ethereum], builtIns, '0x7a69')).toEqual({
      accounts: [ALICE],
      chainId: '0x7a69',
      chains: {},
    });
  });

  it('hands out copies: changing the grant leaves the site as it was', () => {
    const granted = site();
    grantFor(granted, networks, builtIns, '0x7a69').accounts.push(BOB);
    expect(granted.accounts).toEqual([ALICE]);
  });

  it("finds the site's network, or the first of its networks still there", () => {
    const granted = site({ networkId: 'custom-devnet', networkIds: ['custom-devnet', 'base'] });
    expect(siteNetwork(granted, networks)?.id).toBe('custom-devnet');
    expect(siteNetwork(granted, [local, ethereum, base])?.id).toBe('base');
    expect(siteNetwork(granted, [local, ethereum])).toBeUndefined();
  });
});

describe("a site's permissions as EIP-2255 gives them", () => {
  it('is one eth_accounts permission restricted to the granted accounts', () => {
    expect(permissionsOf(site({ accounts: [ALICE, BOB], grantedAt: 1_234 }))).toEqual([
      {
        parentCapability: 'eth_accounts',
        invoker: ORIGIN,
        date: 1_234,
        caveats: [{ type: 'restrictReturnedAccounts', value: [ALICE, BOB] }],
      },
    ]);
  });

  it('is nothing for a site not connected or without accounts', () => {
    expect(permissionsOf(undefined)).toEqual([]);
    expect(permissionsOf(site({ accounts: [] }))).toEqual([]);
  });
});

describe('stored site permissions, read back', () => {
  const good = site();
  const other = site({ origin: 'http://127.0.0.1:5173', name: 'Local dApp' });

  it('keeps every sound entry', () => {
    const added = withAddedNetwork(site({ origin: 'https://added.example' }), 'custom-x', ['https://x.example']);
    expect(readSitePermissions({ [good.origin]: good, [other.origin]: other, [added.origin]: added })).toEqual({
      [good.origin]: good,
      [other.origin]: other,
      [added.origin]: added,
    });
  });

  it('is empty for what is not a map', () => {
    for (const stored of [undefined, null, 'sites', 42, [good], true]) expect(readSitePermissions(stored)).toEqual({});
  });

  it('drops malformed entries and keeps the rest', () => {
    const { name: _name, ...nameless } = good;
    const malformed: Record<string, unknown> = {
      'https://a.example': { ...good, origin: 'https://a.example', accounts: [ALICE, 7] },
      'https://b.example': { ...good, origin: 'https://b.example', accounts: ALICE },
      'https://c.example': { ...good, origin: 'https://c.example', networkId: 1 },
      'https://d.example': { ...good, origin: 'https://d.example', networkIds: 'ethereum' },
      'https://e.example': { ...good, origin: 'https://e.example', ownNodeReads: 'yes' },
      'https://f.example': { ...nameless, origin: 'https://f.example' },
      'https://g.example': { ...good, origin: 'https://g.example', grantedAt: '2026-11-22' },
      'https://h.example': { ...good, origin: 'https://h.example', lastUsed: null },
      'https://k.example': { ...good, origin: 'https://k.example', siteRpcUrls: { 'custom-x': 'https://x' } },
      'https://l.example': { ...good, origin: 'https://l.example', siteRpcUrls: ['https://x'] },
      'https://i.example': null,
      'https://j.example': 'granted',
    };
    expect(readSitePermissions({ ...malformed, [good.origin]: good })).toEqual({ [good.origin]: good });
  });

  it('drops an entry filed under another origin than its own', () => {
    expect(
      readSitePermissions({
        'https://bank.example': { ...good, origin: 'https://evil.example' },
        [other.origin]: other,
      }),
    ).toEqual({ [other.origin]: other });
  });

  it(// BUG (sites.ts readSitePermissions): an own `__proto__` key (JSON.parse and structured clone, so
  // IndexedDB, keep one) whose value claims origin `__proto__` is assigned with `out[origin] = value`,
  // which replaces the result's prototype with stored data instead of adding an entry.
  'ignores a stored __proto__ key: the result keeps a plain prototype and gains nothing from it', () => {
    const stored = JSON.parse(
      `{"__proto__": ${JSON.stringify({ ...good, origin: '__proto__' })}, "${good.origin}": ${JSON.stringify(good)}}`,
    ) as unknown;
    const read = readSitePermissions(stored);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.keys(read)).toEqual([good.origin]);
    expect((read as Record<string, unknown>).accounts).toBeUndefined();
    expect(siteFor(read, '__proto__')).toBeUndefined();
  });

  it('does not let a stored __proto__ key that names another origin change anything', () => {
    const stored = JSON.parse(`{"__proto__": ${JSON.stringify(good)}}`) as unknown;
    const read = readSitePermissions(stored);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(read).toEqual({});
    expect(siteFor(read, good.origin)).toBeUndefined();
  });
});
