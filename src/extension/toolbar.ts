import type { Chrome } from './chromeApi';

/**
 * Shows on the toolbar button, in `tab` only, how many sites' requests wait there for the person's
 * click (links.ts), and in its title which one; clears both when none waits.
 */
export function showWaiting(api: Pick<Chrome, 'action' | 'i18n'>, tab: number, origins: string[]): void {
  const first = origins[0];
  const title = first ? api.i18n.getMessage('action_waiting', [first]) : api.i18n.getMessage('name');
  const quiet = () => {};
  api.action.setBadgeText({ tabId: tab, text: first ? String(origins.length) : '' }).catch(quiet);
  api.action.setTitle({ tabId: tab, title }).catch(quiet);
}
