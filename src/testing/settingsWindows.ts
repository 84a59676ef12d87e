// Several windows of one profile in a unit test: each gets a settings channel of its own, and
// what one posts every other hears, as BroadcastChannel delivers (never to the poster itself).
import type { SettingsSync } from '../core/session/sessionStore';

export function settingsChannels(): () => SettingsSync {
  const listeners = new Set<(key: unknown) => void>();
  return () => {
    let own: ((key: unknown) => void) | undefined;
    return {
      post: (key) => {
        for (const listener of listeners) if (listener !== own) listener(key);
      },
      listen: (handler) => {
        own = handler;
        listeners.add(handler);
      },
    };
  };
}
