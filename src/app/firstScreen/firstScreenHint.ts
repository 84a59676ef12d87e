// The hint index.html's first-screen script reads (src/core/build/firstScreenScript.ts): which
// shell the next page opens on, set-up or unlock, and in which language, and whether a window of
// the profile is unlocked now (a page opening then shows no unlock shell). Kept as the vault's
// state and the page's language change. A hint, not a setting: a wrong one shows the wrong shell for
// the moment until the app renders, and nothing reads it but that script.
import {
  FIRST_SCREEN_HINT_KEY,
  type FirstScreenHint,
  type ShellLocale,
  UNLOCKED_HINT_MS,
} from '@/core/build/firstScreenScript';
import type { VaultStatus } from '@/core/vault/vaultState';
import type { I18n, Locale } from '@/lib/i18n';

const SHELL_LOCALES: readonly Locale[] = ['en', 'de', 'es'] satisfies ShellLocale[];
const isShellLocale = (locale: Locale): locale is ShellLocale => SHELL_LOCALES.includes(locale);

/**
 * The shell for a page opening now: unlock once there is a vault, set-up without one; none for a
 * vault that cannot be read or a language with no shell. Unlocked here, it is the unlock shell
 * only from `now` + UNLOCKED_HINT_MS on: a page opening before then joins this session and shows
 * its accounts, not an unlock screen for a moment; once every window is gone the session is over.
 * Undefined while the vault is still being read.
 */
export function firstScreenHint(status: VaultStatus, locale: Locale, now = Date.now()): FirstScreenHint | undefined {
  if (status === 'loading') return undefined;
  if (!isShellLocale(locale)) return { screen: 'none' };
  if (status === 'empty') return { screen: 'setup', locale };
  if (status === 'locked') return { screen: 'unlock', locale };
  if (status === 'unlocked') return { screen: 'unlock', locale, until: now + UNLOCKED_HINT_MS };
  return { screen: 'none' };
}

type VaultStatusSource = {
  getState(): { status: VaultStatus };
  subscribe(listener: () => void): () => void;
};

/** Writes the hint now and whenever it changes; returns the unsubscribe. Storage that refuses is let be. */
export function keepFirstScreenHint(
  vault: VaultStatusSource,
  i18n: Pick<I18n, 'activeLocale' | 'subscribe'>,
): () => void {
  // What was last written, without its `until`: a vault change that leaves the screen and the
  // language as they were writes nothing; only the timer says `until` again.
  let written: string | undefined;
  let again: ReturnType<typeof setInterval> | undefined;
  const write = (renew = false) => {
    const hint = firstScreenHint(vault.getState().status, i18n.activeLocale());
    if (!hint) return;
    const { until, ...same } = hint as FirstScreenHint & { until?: number };
    const key = JSON.stringify({ ...same, unlocked: until !== undefined });
    // While unlocked, the word that a session is open is said again before it lapses.
    if (until !== undefined && !again) again = setInterval(() => write(true), UNLOCKED_HINT_MS / 3);
    if (until === undefined && again) {
      clearInterval(again);
      again = undefined;
    }
    if (key === written && !renew) return;
    try {
      localStorage.setItem(FIRST_SCREEN_HINT_KEY, JSON.stringify(hint));
      written = key;
    } catch {
      // Without storage, the next page opens on its browser-language set-up shell, or none.
    }
  };
  write();
  const stopVault = vault.subscribe(() => write());
  const stopLocale = i18n.subscribe(() => write());
  return () => {
    stopVault();
    stopLocale();
    if (again) clearInterval(again);
  };
}
