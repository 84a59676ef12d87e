type UnlockedChrome = typeof import('./UnlockedChrome');
let loaded: UnlockedChrome | undefined;

/**
 * Loads the unlocked window's header, notices and background sync (their own chunk). Once loaded
 * they render without suspending: React 19 holds a suspense fallback for up to 300 ms.
 */
export function loadUnlockedChrome(): Promise<UnlockedChrome> {
  return import('./UnlockedChrome').then((m) => {
    loaded = m;
    return m;
  });
}

export function loadedUnlockedChrome(): UnlockedChrome | undefined {
  return loaded;
}
