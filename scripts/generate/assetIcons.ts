// Works out which icons Cairn bundles and renders the files `npm run generate:icons` writes:
// the mapping in src/core/assets/icons/ (listed token, native coin and network → icon name) and
// the SVG files, copied unchanged from @web3icons/core with its licence, into
// src/components/assetIcons/web3icons/. Only the icons the bundled lists and networks use are
// copied. A unit test (assetIcons.test.ts) fails when the committed files no longer match.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { networks as packageNetworks, tokens as packageTokens } from '@web3icons/common/metadata';
import { LOCAL_CHAIN_ID, LOCAL_OP_CHAIN_ID } from '../../src/core/chain/localChain.ts';
import { ADDRESS_PLATFORMS, LOCAL_CHAIN_ICON, NATIVE_COINS, TOKEN_CHOICES } from './assetIconChoices.ts';
import { presetSources } from './presetChains.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const TOKEN_LISTS_DIR = join(root, 'src/core/assets/tokenLists');
export const ICON_FILES_DIR = join(root, 'src/components/assetIcons/web3icons');
export const MAPPING_DIR = join(root, 'src/core/assets/icons');
const packageDir = dirname(dirname(createRequire(import.meta.url).resolve('@web3icons/core')));
const VARIANT = 'branded';

/** A listed token: its key (`<chain id>:<lower-case address>`), symbol and icon (or none, on purpose). */
export type ListedTokenIcon = { key: string; symbol: string; icon: string | null; why: string };

export type IconPlan = {
  tokens: ListedTokenIcon[];
  /** Native coin icon by chain id, for the local chain and every preset network. */
  natives: Record<number, string>;
  /** Network icon by chain id, for the local chain and every preset network. */
  networks: Record<number, string>;
  /** The SVG files to copy: icon name → its source in the package. */
  files: Map<string, string>;
};

/** Every token of every bundled list (src/core/assets/tokenLists/*.json). */
export function bundledListTokens(): { chainId: number; address: string; symbol: string }[] {
  return readdirSync(TOKEN_LISTS_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const list = JSON.parse(readFileSync(join(TOKEN_LISTS_DIR, file), 'utf8')) as {
        tokens: { chainId: number; address: string; symbol: string }[];
      };
      return list.tokens.map(({ chainId, address, symbol }) => ({ chainId, address, symbol }));
    });
}

const tokenKey = (chainId: number, address: string) => `${chainId}:${address.toLowerCase()}`;
const tokenIconName = (ticker: string) => `token-${ticker}`;

/** The package's token whose address on this chain is `address`, by its ticker. */
function packageTicker(chainId: number, address: string): string | undefined {
  const platform = ADDRESS_PLATFORMS[chainId];
  if (platform === undefined) return undefined;
  const found = packageTokens.filter((t) => t.addresses[platform]?.toLowerCase() === address.toLowerCase());
  if (found.length > 1) throw new Error(`${chainId}:${address} is claimed by ${found.map((t) => t.id).join(', ')}`);
  return found[0]?.filePath.replace(/^token:/, '');
}

/**
 * Which icon each listed token, native coin and network gets. Throws, naming what to decide in
 * scripts/generate/assetIconChoices.ts, when a listed token has no icon and no choice, when a choice names a
 * token no list has or one the package's data already places, or when a network is unknown to it.
 */
export function iconPlan(): IconPlan {
  const choices = new Map(TOKEN_CHOICES.map((c) => [tokenKey(c.chainId, c.address), c]));
  const problems: string[] = [];
  const tokens: ListedTokenIcon[] = [];
  for (const { chainId, address, symbol } of bundledListTokens()) {
    const key = tokenKey(chainId, address);
    const fromPackage = packageTicker(chainId, address);
    const choice = choices.get(key);
    choices.delete(key);
    if (fromPackage !== undefined && choice !== undefined) {
      problems.push(`${symbol} ${key}: the package's data already gives it ${fromPackage}; remove its choice`);
    } else if (fromPackage !== undefined) {
      tokens.push({ key, symbol, icon: tokenIconName(fromPackage), why: "the package's address data" });
    } else if (choice !== undefined) {
      tokens.push({ key, symbol, icon: choice.icon === null ? null : tokenIconName(choice.icon), why: choice.why });
    } else {
      problems.push(`${symbol} ${key}: not in the package's data; choose its icon (or none) in TOKEN_CHOICES`);
    }
  }
  for (const key of choices.keys()) problems.push(`${key}: a choice for a token no bundled list has`);

  const localChainIds = [LOCAL_CHAIN_ID, LOCAL_OP_CHAIN_ID];
  const chainIds = [...localChainIds, ...presetSources.map((p) => p.chain.id)];
  const natives: Record<number, string> = {};
  const networks: Record<number, string> = {};
  for (const chainId of chainIds) {
    const native = NATIVE_COINS[chainId];
    if (native) natives[chainId] = tokenIconName(native.icon);
    else problems.push(`chain ${chainId}: no native coin icon in NATIVE_COINS`);
    if (localChainIds.includes(chainId)) {
      networks[chainId] = LOCAL_CHAIN_ICON;
      continue;
    }
    const network = packageNetworks.find((n) => Number(n.chainId) === chainId);
    if (network?.filePath.startsWith('network:')) networks[chainId] = network.filePath.replace(':', '-');
    else problems.push(`chain ${chainId}: the package has no network icon for it`);
  }
  if (problems.length > 0) throw new Error(`Icon choices to make:\n${problems.join('\n')}`);

  const files = new Map<string, string>();
  for (const name of [...tokens.map((t) => t.icon), ...Object.values(natives), ...Object.values(networks)]) {
    if (name === null || name === LOCAL_CHAIN_ICON) continue;
    const [kind, slug] = name.startsWith('token-') ? ['tokens', name.slice(6)] : ['networks', name.slice(8)];
    files.set(name, join(packageDir, 'dist/svgs', kind, VARIANT, `${slug}.svg.js`));
  }
  return { tokens, natives, networks, files: new Map([...files].sort(([a], [b]) => a.localeCompare(b))) };
}

/**
 * Why an SVG must not be served from Cairn's origin, or undefined. Shown through <img> an SVG
 * runs nothing, but opened as a page of its own it would run as Cairn: so no scripts, event
 * handlers, foreign content or references to anything outside the file.
 */
export function unsafeSvgReason(svg: string): string | undefined {
  if (!/^<svg[\s>]/.test(svg)) return 'does not start with <svg';
  const checks: [RegExp, string][] = [
    [/<(script|foreignObject|iframe|embed|object|image|style)\b/i, 'holds a script, a style or foreign content'],
    [/\son[a-z]+\s*=/i, 'has an event handler'],
    [/href\s*=\s*["'](?!#)/i, 'links outside the file'],
    [/url\(\s*["']?(?!#)/i, 'refers to something outside the file'],
    [/<!(DOCTYPE|ENTITY)|@import|javascript:/i, 'has a doctype, an entity, an import or a javascript: URL'],
  ];
  return checks.find(([pattern]) => pattern.test(svg))?.[1];
}

/** The SVG text of one of the package's icon modules (`export default '<svg…'`). */
export async function packageSvg(source: string): Promise<string> {
  const module = (await import(pathToFileURL(source).href)) as { default: unknown };
  if (typeof module.default !== 'string') throw new Error(`${source} does not export SVG text`);
  const reason = unsafeSvgReason(module.default);
  if (reason) throw new Error(`${source} ${reason}`);
  return module.default;
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
}
