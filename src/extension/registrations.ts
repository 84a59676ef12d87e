import type { RegisteredScript } from './chromeApi';
import { ALL_FLAGS, EVERY_PAGE, type ExtensionFlags, flagsFile, INPAGE_FILE } from './flags';
import type { ExtensionSettings } from './settings';

/**
 * The match pattern of one site's pages, always with its port ("https://app.example" →
 * "https://app.example:443/*"): a pattern without one would match the host at every port, and
 * the same host at another port may be listed for the other choice.
 */
function pattern(origin: string): string {
  const { protocol, hostname, port } = new URL(origin);
  return `${protocol}//${hostname}:${port || (protocol === 'https:' ? '443' : '80')}/*`;
}

/**
 * The main-world scripts to register for `settings`: inpage.js, each time after the flags file of
 * the choices that hold on the sites it matches, on every http(s) page but Cairn's own. One entry per combination of choices that some
 * site has; the entries' sites never overlap, so every page gets inpage.js exactly once.
 */
export function contentScriptsFor({ wallet, takeOver, compat }: ExtensionSettings): RegisteredScript[] {
  const scripts: RegisteredScript[] = [];
  // Cairn's own pages are no dApp: they get the bridge (for Cairn's window) but no provider.
  const cairn = wallet ? [pattern(new URL(wallet).origin)] : [];
  for (const flags of ALL_FLAGS) {
    const sites = sitesOf(flags, takeOver.all, takeOver.except, compat.all, compat.except);
    const matches = sites.matches.filter((match) => !cairn.includes(match));
    const excludeMatches = [...new Set([...sites.excludeMatches, ...cairn])];
    if (matches.length === 0) continue;
    scripts.push({
      id: flagsFile(flags).replace(/\.js$/, ''),
      js: [flagsFile(flags), INPAGE_FILE],
      matches,
      excludeMatches,
      allFrames: true,
      runAt: 'document_start',
      world: 'MAIN',
      persistAcrossSessions: true,
    });
  }
  return scripts;
}

function sitesOf(
  flags: ExtensionFlags,
  takeAll: boolean,
  takeExcept: readonly string[],
  compatAll: boolean,
  compatExcept: readonly string[],
): { matches: string[]; excludeMatches: string[] } {
  const takeIsDefault = flags.takeOver === takeAll;
  const compatIsDefault = flags.compat === compatAll;
  if (takeIsDefault && compatIsDefault)
    return { matches: [...EVERY_PAGE], excludeMatches: [...new Set([...takeExcept, ...compatExcept])].map(pattern) };
  if (compatIsDefault) return { matches: takeExcept.map(pattern), excludeMatches: compatExcept.map(pattern) };
  if (takeIsDefault) return { matches: compatExcept.map(pattern), excludeMatches: takeExcept.map(pattern) };
  return { matches: takeExcept.filter((site) => compatExcept.includes(site)).map(pattern), excludeMatches: [] };
}
