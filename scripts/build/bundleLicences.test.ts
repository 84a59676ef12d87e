import { describe, expect, it } from 'vitest';
import { bundledPackages, licenceOf, type PackageManifest, packageDirOf } from './bundleLicences.ts';

const root = '/home/dev/cairn/node_modules';

/** package.json files by package folder, as a fake file system. */
const manifests: Record<string, PackageManifest> = {
  [`${root}/react`]: { name: 'react', version: '19.3.1', license: 'MIT' },
  [`${root}/@noble/curves`]: { name: '@noble/curves', version: '1.9.1', license: 'MIT' },
  [`${root}/idb`]: { name: 'idb', version: '8.0.4', license: 'ISC' },
  [`${root}/unlicensed`]: { name: 'unlicensed', version: '0.0.1' },
  [`${root}/old-style`]: { name: 'old-style', version: '2.0.0', licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] },
  [`${root}/object-style`]: { name: 'object-style', version: '3.1.0', license: { type: 'BSD-3-Clause' } },
  [`${root}/viem/node_modules/@noble/curves`]: { name: '@noble/curves', version: '1.8.0', license: 'MIT' },
};
const read = (dir: string) => manifests[dir];

describe('the licence list of the bundle', () => {
  it('finds the package folder of a module, scoped or not, nested or not', () => {
    expect(packageDirOf(`${root}/react/cjs/react.production.js`)).toBe(`${root}/react`);
    expect(packageDirOf(`${root}/@noble/curves/esm/secp256k1.js`)).toBe(`${root}/@noble/curves`);
    expect(packageDirOf(`${root}/viem/node_modules/@noble/curves/esm/abstract/utils.js`)).toBe(
      `${root}/viem/node_modules/@noble/curves`,
    );
    expect(packageDirOf(`${root}/.pnpm/idb@8.0.4/node_modules/idb/build/index.js`)).toBe(
      `${root}/.pnpm/idb@8.0.4/node_modules/idb`,
    );
    expect(packageDirOf(`${root}/react/index.js?commonjs-exports`)).toBe(`${root}/react`);
    expect(packageDirOf('C:\\dev\\cairn\\node_modules\\@scure\\bip39\\index.js')).toBe(
      'C:/dev/cairn/node_modules/@scure/bip39',
    );
  });

  it("leaves out Cairn's own modules and the bundler's virtual ones", () => {
    expect(packageDirOf('/home/dev/cairn/src/app/main.tsx')).toBeUndefined();
    expect(packageDirOf('\0vite/preload-helper.js')).toBeUndefined();
    expect(packageDirOf(`\0${root}/react/index.js?commonjs-proxy`)).toBeUndefined();
  });

  it('lists each package once with the name, version and licence of its package.json, sorted by name', () => {
    const packages = bundledPackages(
      [
        '/home/dev/cairn/src/app/main.tsx',
        `${root}/react/index.js`,
        `${root}/react/cjs/react.production.js`,
        `${root}/@noble/curves/esm/secp256k1.js`,
        `${root}/@noble/curves/esm/abstract/weierstrass.js`,
        `${root}/idb/build/index.js`,
        '\0vite/preload-helper.js',
      ],
      read,
    );
    expect(packages).toEqual([
      { name: '@noble/curves', version: '1.9.1', license: 'MIT' },
      { name: 'idb', version: '8.0.4', license: 'ISC' },
      { name: 'react', version: '19.3.1', license: 'MIT' },
    ]);
  });

  it('keeps two versions of one package apart', () => {
    const packages = bundledPackages(
      [`${root}/@noble/curves/esm/index.js`, `${root}/viem/node_modules/@noble/curves/esm/index.js`],
      read,
    );
    expect(packages.map((p) => `${p.name}@${p.version}`)).toEqual(['@noble/curves@1.8.0', '@noble/curves@1.9.1']);
  });

  it('says so when a package states no licence, and reads the older forms of the field', () => {
    const packages = bundledPackages(
      [`${root}/unlicensed/index.js`, `${root}/old-style/lib/a.js`, `${root}/object-style/b.js`],
      read,
    );
    expect(packages).toEqual([
      { name: 'object-style', version: '3.1.0', license: 'BSD-3-Clause' },
      { name: 'old-style', version: '2.0.0', license: 'MIT OR Apache-2.0' },
      { name: 'unlicensed', version: '0.0.1', license: null },
    ]);
    expect(licenceOf({ license: 42 })).toBeNull();
  });

  it('names a package by its folder when it has no readable package.json', () => {
    expect(bundledPackages([`${root}/@acme/gone/index.js`], read)).toEqual([
      { name: '@acme/gone', version: 'unknown', license: null },
    ]);
  });
});
