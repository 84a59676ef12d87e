import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser has a network. False means surely offline (what needs the node says so
 * rather than waiting: reads of the chain pause until it returns); true only means it may reach
 * the node.
 */
export const useOnline = (): boolean =>
  // Rendered outside a browser (tests), it is online.
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
