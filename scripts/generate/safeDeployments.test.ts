import { readFileSync } from 'node:fs';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { SAFE_CONTRACTS, SAFE_SINGLETONS, SAFE_VERSIONS } from '../../src/core/safe/safeDeployments.generated.ts';
import {
  installedVersion,
  SAFE_VERSIONS as READ_VERSIONS,
  type Reader,
  readInstalled,
  readSafeDeployments,
  SAFE_CONTRACT_NAMES,
  SAFE_MODULE,
} from './safeDeployments.ts';
import { renderSafeDeploymentsModule } from './safeDeploymentsModule.ts';

/** The installed records, with one contract's record of one version changed. */
const changed =
  (contract: Parameters<Reader>[0], version: string, change: (raw: Record<string, unknown>) => unknown): Reader =>
  (c, v) => {
    const raw = readInstalled(c, v) as Record<string, unknown>;
    return c === contract && v === version ? change(structuredClone(raw)) : raw;
  };
const withCanonical = (raw: Record<string, unknown>, canonical: unknown) => ({
  ...raw,
  deployments: { ...(raw.deployments as object), canonical },
});

describe('the Safe deployments module', () => {
  it('is what the generator renders from the pinned package (run `npm run generate:safe` after upgrading it)', () => {
    expect(installedVersion()).toBe('1.37.63');
    expect(readFileSync(SAFE_MODULE, 'utf8')).toBe(renderSafeDeploymentsModule(readSafeDeployments()));
    expect(SAFE_VERSIONS).toEqual(READ_VERSIONS);
  });

  it('tells each singleton code hash’s version and variant, and keeps the deployment types sharing one', () => {
    expect(Object.keys(SAFE_SINGLETONS)).toHaveLength(10);
    expect(SAFE_SINGLETONS['0x1fe2df852ba3299d6534ef416eefa406e56ced995bca886ab7a553e6d0c5e1c4']).toEqual({
      version: '1.4.1',
      l2: false,
      addresses: { canonical: '0x41675C099F32341bf84BFc5382aF534df5C7461a' },
    });
    expect(SAFE_SINGLETONS['0xb1f926978a0f44a2c0ec8fe822418ae969bd8c3f18d61e5103100339894f81ff']).toMatchObject({
      version: '1.4.1',
      l2: true,
    });
    // GnosisSafeL2 1.3.0: one runtime at its canonical and its eip155 address.
    expect(SAFE_SINGLETONS['0x21842597390c4c6e3c1239e434a682b054bd9548eee5e9b1d6a4482731023c0f']).toEqual({
      version: '1.3.0',
      l2: true,
      addresses: {
        canonical: '0x3E5c63644E683549055b9Be8653de26E0B4CD36E',
        eip155: '0xfb1bffC9d739B8D520DaF37dF666da4C687191EA',
      },
    });
    for (const hash of Object.keys(SAFE_SINGLETONS)) expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('lists every deployment of the contracts Cairn relies on, for each version, checksummed', () => {
    for (const version of SAFE_VERSIONS) {
      expect(Object.keys(SAFE_CONTRACTS[version])).toEqual(SAFE_CONTRACT_NAMES);
      for (const name of SAFE_CONTRACT_NAMES) {
        const deployments = Object.entries(SAFE_CONTRACTS[version][name]);
        expect(deployments.map(([type]) => type)).toEqual(
          version === '1.3.0'
            ? ['canonical', 'eip155', 'zksync']
            : version === '1.4.1'
              ? ['canonical', 'zksync']
              : ['canonical'],
        );
        for (const [, { address, codeHash }] of deployments) {
          expect(address).toBe(getAddress(address));
          expect(codeHash).toMatch(/^0x[0-9a-f]{64}$/);
        }
      }
    }
    expect(SAFE_CONTRACTS['1.4.1'].MultiSendCallOnly.canonical).toEqual({
      address: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
      codeHash: '0xecd5bd14a08c5d2122379900b2f272bdf107a7e92423c10dd5fe3254386c9939',
    });
  });

  it('refuses a malformed record, and a code hash that would name two singletons', () => {
    const refuse = (read: Reader, message: RegExp) => expect(() => readSafeDeployments(read)).toThrow(message);
    const safe141 = readInstalled('Safe', '1.4.1') as { deployments: { canonical: { codeHash: string } } };
    refuse(
      changed('SafeL2', '1.5.0', (raw) =>
        withCanonical(raw, {
          address: getAddress(`0x${'12'.repeat(20)}`),
          codeHash: safe141.deployments.canonical.codeHash,
        }),
      ),
      /code hash 0x1fe2df85\w+ is both 1\.4\.1 and SafeL2 1\.5\.0/,
    );
    refuse(
      changed('MultiSendCallOnly', '1.4.1', (raw) =>
        withCanonical(raw, { address: '0x1234', codeHash: safe141.deployments.canonical.codeHash }),
      ),
      /MultiSendCallOnly 1\.4\.1 canonical: 0x1234 is not an address/,
    );
    refuse(
      changed('SignMessageLib', '1.3.0', (raw) =>
        withCanonical(raw, { address: `0x${'12'.repeat(20)}`, codeHash: '0x1234' }),
      ),
      /SignMessageLib 1\.3\.0 canonical: 0x1234 is not a 32-byte hash/,
    );
    refuse(
      changed('SafeProxyFactory', '1.5.0', (raw) => ({
        ...raw,
        deployments: { ...(raw.deployments as object), arbitrum: {} },
      })),
      /unknown deployment type arbitrum/,
    );
    refuse(
      changed('Safe', '1.3.0', (raw) => ({ ...raw, contractName: 'MultiSend' })),
      /Safe 1\.3\.0 is listed as MultiSend/,
    );
    refuse(
      changed('SafeL2', '1.4.1', (raw) => ({ ...raw, version: '1.4.0' })),
      /must be released version 1\.4\.1/,
    );
    refuse(
      changed('CompatibilityFallbackHandler', '1.4.1', (raw) => ({
        ...raw,
        deployments: { zksync: (raw.deployments as { zksync: unknown }).zksync },
      })),
      /CompatibilityFallbackHandler 1\.4\.1 has no canonical deployment/,
    );
    refuse(() => undefined, /no Safe 1\.3\.0/);
  });
});
