import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDeployment, parsePackages, uniswapDeploymentData } from './uniswapDeployments.ts';

const read = (name: string): unknown => {
  try {
    return JSON.parse(readFileSync(new URL(`./uniswap/${name}`, import.meta.url), 'utf8'));
  } catch {
    return undefined;
  }
};
const { packages } = parsePackages(read('packages.json'));
const ethereum = read('ethereum.json') as Record<string, Record<string, unknown>>;
const expected = { network: 'ethereum', chainId: 1 };
/** ethereum.json with one field changed. */
const withField = (key: string, value: unknown) => ({ ...ethereum, [key]: value });
const withAddress = (key: string, address: string) => withField(key, { ...ethereum[key], address });

describe('the Uniswap deployments generator', () => {
  it('reads the committed data and checksums every address', () => {
    const deployment = parseDeployment(ethereum, expected, packages);
    expect(deployment.universalRouter).toBe('0x66a9893cC07D91D95644AEDD05D03f95e1dBA8Af');
    expect(deployment.sources).toContain('@uniswap/sdk-core@7.19.4 dist/cjs/src/addresses.js (MIT)');
  });

  it('refuses a malformed entry', () => {
    const refuse = (raw: unknown, message: RegExp) =>
      expect(() => parseDeployment(raw, expected, packages)).toThrow(message);
    refuse(withAddress('v3Factory', '0x1234'), /v3Factory: 0x1234 is not an address/);
    // A wrong checksum (one letter's case flipped).
    refuse(withAddress('v3Factory', '0x1f98431c8aD98523631AE4a59f267346ea31F984'), /checksum/);
    refuse(withAddress('permit2', '0x0000000000000000000000000000000000000000'), /zero address/);
    refuse(withField('quoterV2', { ...ethereum.quoterV2, package: '@uniswap/other@1.0.0' }), /not listed/);
    refuse(withField('quoterV2', { ...ethereum.quoterV2, license: 'MIT' }), /disagrees/);
    refuse(withField('quoterV2', { ...ethereum.quoterV2, file: '' }), /"file" must be a non-empty string/);
    refuse(withField('universalRouterVersion', '2.1.1'), /universalRouterVersion must be "2.0"/);
    refuse(withField('chainId', 10), /must be network "ethereum", chain 1/);
    refuse(withField('v3PoolInitCodeHash', { ...ethereum.v3PoolInitCodeHash, hash: '0x1234' }), /32-byte hex/);
    refuse(withField('v4', { poolManager: ethereum.v4?.poolManager }), /v4.quoter: must be an object/);
    refuse(withField('swapRouter', {}), /unknown field\(s\) swapRouter/);
  });

  it('wants each preset either described or listed as absent', () => {
    expect(() => uniswapDeploymentData((name) => (name === 'base.json' ? undefined : read(name)))).toThrow(
      /base.json: is missing/,
    );
    expect(() => uniswapDeploymentData((name) => (name === 'gnosis.json' ? ethereum : read(name)))).toThrow(
      /gnosis.json: exists, but packages.json lists the network as absent/,
    );
  });
});
