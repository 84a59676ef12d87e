// Reads the Uniswap deployment facts in scripts/generate/uniswap/ (one <network>.json per preset
// network, each address naming the npm tarball, file and licence it was read from) and renders
// src/core/chain/uniswapDeployments.generated.ts. Refuses anything malformed: a missing field, an
// address that is not one, a package not listed in packages.json, a licence that disagrees with it.
import { existsSync, readFileSync } from 'node:fs';
import { type Address, getAddress, type Hex, isAddress, isHex } from 'viem';
import type { UniswapDeployment } from '../../src/core/chain/uniswapDeployment.ts';
import { isRecord } from '../../src/core/text/guards.ts';
import { presetSources } from './presetChains.ts';

const dataDir = new URL('./uniswap/', import.meta.url);

/** The only router release the presets use: the one Cairn's encoder writes for (see uniswapDeployment.ts). */
const PRESET_ROUTER_VERSION = '2.0';

type PackageList = { packages: { package: string; license: string }[]; absent: { network: string; chainId: number }[] };

function fail(where: string, problem: string): never {
  throw new Error(`uniswap deployments: ${where}: ${problem}`);
}

function text(record: Record<string, unknown>, key: string, where: string): string {
  const value = record[key];
  if (typeof value !== 'string' || value.trim() === '') fail(where, `"${key}" must be a non-empty string`);
  return value;
}

function exactKeys(record: Record<string, unknown>, keys: readonly string[], where: string) {
  const extra = Object.keys(record).filter((key) => !keys.includes(key));
  if (extra.length > 0) fail(where, `unknown field(s) ${extra.join(', ')}`);
}

export function parsePackages(raw: unknown): PackageList {
  if (!isRecord(raw) || !Array.isArray(raw.packages) || !Array.isArray(raw.absent)) {
    fail('packages.json', 'needs "packages" and "absent" lists');
  }
  const packages = raw.packages.map((entry, i) => {
    const where = `packages.json packages[${i}]`;
    if (!isRecord(entry)) fail(where, 'must be an object');
    const name = text(entry, 'package', where);
    if (!/^@uniswap\/[a-z0-9-]+@\d+\.\d+\.\d+$/.test(name)) fail(where, `"${name}" is not @uniswap/<name>@<version>`);
    return { package: name, license: text(entry, 'license', where) };
  });
  const absent = raw.absent.map((entry, i) => {
    const where = `packages.json absent[${i}]`;
    if (!isRecord(entry) || typeof entry.chainId !== 'number') fail(where, 'needs "network" and a numeric "chainId"');
    text(entry, 'reason', where);
    return { network: text(entry, 'network', where), chainId: entry.chainId };
  });
  return { packages, absent };
}

/** One sourced fact: its value, and where it was read, checked against the package list. */
function sourced(raw: unknown, valueKey: 'address' | 'hash', where: string, packages: PackageList['packages']) {
  if (!isRecord(raw)) fail(where, 'must be an object');
  exactKeys(raw, [valueKey, 'package', 'file', 'at', 'license'], where);
  const value = text(raw, valueKey, where);
  const name = text(raw, 'package', where);
  const file = text(raw, 'file', where);
  text(raw, 'at', where);
  const license = text(raw, 'license', where);
  const listed = packages.find((entry) => entry.package === name);
  if (!listed) fail(where, `package ${name} is not listed in packages.json`);
  if (listed.license !== license) fail(where, `licence ${license} disagrees with packages.json (${listed.license})`);
  return { value, source: `${name} ${file} (${license})` };
}

function address(raw: unknown, where: string, packages: PackageList['packages'], sources: Set<string>): Address {
  const { value, source } = sourced(raw, 'address', where, packages);
  // Any case is accepted as published; a mixed-case address must carry a valid checksum.
  if (!isAddress(value)) fail(where, `${value} is not an address (or its checksum is wrong)`);
  if (BigInt(value) === 0n) fail(where, 'is the zero address');
  sources.add(source);
  return getAddress(value);
}

export function parseDeployment(
  raw: unknown,
  expected: { network: string; chainId: number },
  packages: PackageList['packages'],
): UniswapDeployment {
  const where = `${expected.network}.json`;
  if (!isRecord(raw)) fail(where, 'must be an object');
  const fields = ['network', 'chainId', 'wrappedNative', 'v3Factory', 'v3PoolInitCodeHash', 'quoterV2'];
  exactKeys(raw, [...fields, 'universalRouter', 'universalRouterVersion', 'permit2', 'v4'], where);
  if (raw.network !== expected.network || raw.chainId !== expected.chainId) {
    fail(where, `must be network "${expected.network}", chain ${expected.chainId}`);
  }
  if (raw.universalRouterVersion !== PRESET_ROUTER_VERSION) {
    fail(where, `universalRouterVersion must be "${PRESET_ROUTER_VERSION}"`);
  }
  const sources = new Set<string>();
  const at = (key: string) => (value: unknown) => address(value, `${where} ${key}`, packages, sources);
  const hash = sourced(raw.v3PoolInitCodeHash, 'hash', `${where} v3PoolInitCodeHash`, packages);
  if (!isHex(hash.value, { strict: true }) || hash.value.length !== 66) {
    fail(`${where} v3PoolInitCodeHash`, `${hash.value} is not a 32-byte hex`);
  }
  sources.add(hash.source);
  const deployment = {
    chainId: expected.chainId,
    wrappedNative: at('wrappedNative')(raw.wrappedNative),
    v3Factory: at('v3Factory')(raw.v3Factory),
    v3PoolInitCodeHash: hash.value.toLowerCase() as Hex,
    quoterV2: at('quoterV2')(raw.quoterV2),
    universalRouter: at('universalRouter')(raw.universalRouter),
    universalRouterVersion: PRESET_ROUTER_VERSION,
    permit2: at('permit2')(raw.permit2),
    v4: null as UniswapDeployment['v4'],
  } satisfies Omit<UniswapDeployment, 'sources'>;
  if (raw.v4 !== null) {
    if (!isRecord(raw.v4)) fail(`${where} v4`, 'must be an object or null');
    exactKeys(raw.v4, ['poolManager', 'quoter', 'stateView'], `${where} v4`);
    deployment.v4 = {
      poolManager: at('v4.poolManager')(raw.v4.poolManager),
      quoter: at('v4.quoter')(raw.v4.quoter),
      stateView: at('v4.stateView')(raw.v4.stateView),
    };
  }
  return { ...deployment, sources: [...sources].sort() };
}

/** A data file's JSON, or undefined where there is no such file. */
const readJson = (name: string): unknown => {
  const url = new URL(name, dataDir);
  return existsSync(url) ? JSON.parse(readFileSync(url, 'utf8')) : undefined;
};

/** Every preset network's deployment, in the presets' order; each preset is either here or listed absent. */
export function uniswapDeploymentData(read: (name: string) => unknown = readJson): UniswapDeployment[] {
  const { packages, absent } = parsePackages(read('packages.json'));
  const deployments: UniswapDeployment[] = [];
  for (const { id, chain } of presetSources) {
    const file = `${id}.json`;
    const isAbsent = absent.some((entry) => entry.network === id && entry.chainId === chain.id);
    const raw = read(file);
    if (isAbsent === (raw !== undefined)) {
      fail(
        file,
        isAbsent ? 'exists, but packages.json lists the network as absent' : 'is missing (or list it as absent)',
      );
    }
    if (raw !== undefined) deployments.push(parseDeployment(raw, { network: id, chainId: chain.id }, packages));
  }
  for (const entry of absent) {
    if (!presetSources.some(({ id, chain }) => id === entry.network && chain.id === entry.chainId)) {
      fail('packages.json', `absent network ${entry.network} (${entry.chainId}) is not a preset`);
    }
  }
  return deployments;
}

export function renderUniswapDeploymentsModule(): string {
  return `// Generated by \`npm run generate:uniswap\` from scripts/generate/uniswap/*.json. Do not edit by hand.
import type { UniswapDeployment } from './uniswapDeployment';

/** Uniswap's contracts on the preset networks that have them all (v3, QuoterV2, UniversalRouter 2.0, Permit2). */
export const presetUniswapDeployments: readonly UniswapDeployment[] = ${JSON.stringify(uniswapDeploymentData(), null, 2)};
`;
}
