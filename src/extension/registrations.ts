import type { Chrome, RegisteredScript } from './chromeApi';
import { ALL_FLAGS, EVERY_PAGE, type ExtensionFlags, flagsFile, INPAGE_FILE, inReach } from './flags';
import type { ExtensionSettings } from './settings';

/** Where the background leaves how the last registration went, for the options page (RegistrationOutcome). */
export const REGISTRATION_KEY = 'registration';

/**
 * How the last registration went: `perSiteRefused` when the browser refused the per-site patterns
 * and the person's choice for every site holds on the sites they listed too.
 */
export type RegistrationOutcome = { perSiteRefused: boolean };

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
  // A site listed before the extension left plain http elsewhere: it runs on none of its pages.
  const listed = (sites: readonly string[]) => sites.filter(inReach);
  for (const flags of ALL_FLAGS) {
    const sites = sitesOf(flags, takeOver.all, listed(takeOver.except), compat.all, listed(compat.except));
    const matches = sites.matches.filter((match) => !cairn.includes(match));
    const excludeMatches = [...new Set([...sites.excludeMatches, ...cairn])];
    if (matches.length === 0) continue;
    scripts.push(inpageScript(flags, matches, excludeMatches));
  }
  return scripts;
}

/**
 * inpage.js on every page, with the person's choice for every site and no exception: what a browser
 * that refuses the per-site patterns still takes (Firefox's patterns take no port).
 */
export function everywhereScriptsFor({ takeOver, compat }: ExtensionSettings): RegisteredScript[] {
  return [inpageScript({ takeOver: takeOver.all, compat: compat.all }, [...EVERY_PAGE], [])];
}

const inpageScript = (flags: ExtensionFlags, matches: string[], excludeMatches: string[]): RegisteredScript => ({
  id: flagsFile(flags).replace(/\.js$/, ''),
  js: [flagsFile(flags), INPAGE_FILE],
  matches,
  excludeMatches,
  allFrames: true,
  runAt: 'document_start',
  world: 'MAIN',
  persistAcrossSessions: true,
});

/**
 * Registers inpage.js for `settings` in place of what was registered, and stores how it went
 * (REGISTRATION_KEY). Where the browser refuses the per-site patterns, Cairn is still offered on
 * every page with the person's choice for every site, and the options page says their per-site
 * choices could not be applied, rather than any of them changing silently.
 */
export async function registerScripts(
  api: Pick<Chrome, 'scripting' | 'storage'>,
  settings: ExtensionSettings,
): Promise<RegistrationOutcome> {
  await api.scripting.unregisterContentScripts();
  let outcome: RegistrationOutcome = { perSiteRefused: false };
  try {
    await api.scripting.registerContentScripts(contentScriptsFor(settings));
  } catch {
    await api.scripting.unregisterContentScripts();
    await api.scripting.registerContentScripts(everywhereScriptsFor(settings));
    outcome = { perSiteRefused: [...settings.takeOver.except, ...settings.compat.except].some(inReach) };
  }
  await api.storage.local.set({ [REGISTRATION_KEY]: outcome });
  return outcome;
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
