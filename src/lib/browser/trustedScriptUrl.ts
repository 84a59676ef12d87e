// The page's one Trusted Types policy. Cairn's Content-Security-Policy requires Trusted Types for
// every script sink (src/core/build/securityHeaders.ts), so a plain string can no longer start a
// worker, register a service worker, become a script's src or be parsed as HTML. The starts Cairn
// makes itself go through this policy, which makes a script URL only for the build's own workers
// beside the page (the service worker, the vault's and the keystore's workers) and refuses any
// other. Only one policy of this name can exist in a page, and this module creates it first.
import { TRUSTED_TYPES_POLICY, WORKER_SCRIPT } from '@/core/build/securityHeaders';

/** The parts of the Trusted Types API used here (TypeScript's DOM library has none). */
type TrustedScriptURL = { readonly brand: 'TrustedScriptURL' };
type TrustedTypePolicy = { createScriptURL(url: string): TrustedScriptURL };
type TrustedTypePolicyFactory = {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): TrustedTypePolicy;
};

/**
 * Whether `url` is one of the build's own worker scripts in the folder of the page at `base`:
 * same origin, directly beside the page or in its assets folder, no query, no fragment.
 */
export function isOwnWorkerScript(url: string, base: string): boolean {
  let target: URL;
  let folder: URL;
  try {
    target = new URL(url, base);
    folder = new URL('.', base);
  } catch {
    return false;
  }
  if (target.origin !== folder.origin || target.search !== '' || target.hash !== '') return false;
  if (!target.pathname.startsWith(folder.pathname)) return false;
  return WORKER_SCRIPT.test(target.pathname.slice(folder.pathname.length));
}

let policy: TrustedTypePolicy | undefined;

function createPolicy(factory: TrustedTypePolicyFactory): TrustedTypePolicy {
  policy ??= factory.createPolicy(TRUSTED_TYPES_POLICY, {
    createScriptURL(url) {
      if (!isOwnWorkerScript(url, document.baseURI)) throw new TypeError(`not a script of Cairn’s build: ${url}`);
      return new URL(url, document.baseURI).href;
    },
  });
  return policy;
}

/**
 * The URL of one of the build's worker scripts as the browser's script sinks take it: a
 * TrustedScriptURL where the browser has Trusted Types, else the URL itself. Throws for any
 * other URL. The development server's workers (module sources; its page has no policy) pass as
 * they are: only there is `import.meta.hot` set (a build with React's development build is still a
 * build, with the policy in force).
 */
export function workerScriptUrl(url: string | URL): string {
  const href = String(url);
  if (import.meta.hot) return href;
  const factory = (globalThis as { trustedTypes?: TrustedTypePolicyFactory }).trustedTypes;
  if (!factory) {
    if (!isOwnWorkerScript(href, document.baseURI)) throw new TypeError(`not a script of Cairn’s build: ${href}`);
    return href;
  }
  // The sinks take the TrustedScriptURL object; TypeScript's DOM library knows them as strings.
  return createPolicy(factory).createScriptURL(href) as unknown as string;
}
