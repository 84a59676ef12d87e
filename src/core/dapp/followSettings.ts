import { type SitePermission, type SitePermissions, siteFor } from './sites';

type Followed = { dappSites: SitePermissions; whenSaved(): Promise<void> };

/** The settings as the site's window holds them (the session store). */
type Settings<S extends Followed> = {
  getState(): S;
  subscribe(listener: (now: S, before: S) => void): () => void;
};

/**
 * Lets every change of the settings reach a site's connection (`siteChanged`). What the site loses
 * (its permission, an account, a network it could use) reaches it at once: a request waiting for
 * it is refused before anyone can approve it. What it gains, or where it moves, reaches it once
 * this window's changes are stored, as the approvals' answers do: the window may close right after,
 * and a site must not be told of a change that Cairn then loses.
 */
export function followSettings<S extends Followed>(
  settings: Settings<S>,
  origin: string,
  siteChanged: () => void,
): () => void {
  return settings.subscribe((now, before) => {
    if (lost(siteFor(before.dappSites, origin), siteFor(now.dappSites, origin))) {
      siteChanged();
      return;
    }
    // Asked on the next turn: a change is shown before its write begins.
    void Promise.resolve()
      .then(() => settings.getState().whenSaved())
      .catch(() => undefined)
      .then(siteChanged);
  });
}

function lost(before: SitePermission | undefined, now: SitePermission | undefined): boolean {
  if (!before) return false;
  if (!now) return true;
  return (
    before.accounts.some((a) => !now.accounts.includes(a)) ||
    before.networkIds.some((id) => !now.networkIds.includes(id))
  );
}
