// background.js: the companion extension's service worker. It keeps the person's settings as
// main-world scripts registered for the sites they apply to (registrations.ts), and joins each
// site page that asks to a Cairn window it opens itself (links.ts): at once for a request made
// with a click, else once the person clicks the toolbar button where the request waits.
import { extensionApi } from './chromeApi';
import { createLinks } from './links';
import { SITE_PORT, WINDOW_PORT } from './messages';
import { registerScripts } from './registrations';
import { readSettings, SETTINGS_KEY } from './settings';
import { showWaiting } from './toolbar';

const chrome = extensionApi();

// Pages never reach the settings (the bridge relays no such message). Where the browser allows
// it, content scripts are kept from them too; where it does not, the call fails and changes nothing.
chrome.storage.local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => {});

const settings = async () => readSettings((await chrome.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY]);

/** Registers inpage.js with the flags of each site's choices; done again whenever they change. */
async function registerNow() {
  await registerScripts(chrome, await settings());
}
// One registration at a time: two at once would both register the same ids.
let registering: Promise<void> = Promise.resolve();
const register = () => {
  registering = registering.then(registerNow, registerNow);
};

/** How long the background waits for Cairn's server before it tells the site Cairn cannot be reached. */
const REACH_MS = 5_000;

chrome.runtime.onInstalled.addListener(async () => {
  register();
  // Built without an address (a build that did not say where Cairn is served): ask the person.
  if (!(await settings()).wallet) await chrome.runtime.openOptionsPage();
});
chrome.runtime.onStartup.addListener(register);
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && SETTINGS_KEY in changes) register();
});

const links = createLinks({
  api: chrome,
  showWaiting: (tab, origins) => showWaiting(chrome, tab, origins),
  wallet: async () => (await settings()).wallet,
  reachable: (wallet) =>
    fetch(new URL('dapp.html', wallet), {
      method: 'HEAD',
      cache: 'no-store',
      signal: AbortSignal.timeout(REACH_MS),
    }).then(
      (response) => response.ok,
      () => false,
    ),
});

chrome.runtime.onConnect.addListener((port) => {
  if (port.name === SITE_PORT) links.site(port);
  else if (port.name === WINDOW_PORT) links.cairnWindow(port);
  else port.disconnect();
});
chrome.windows.onRemoved.addListener(links.windowRemoved);

// The toolbar button opens Cairn's window for a site's request waiting in that tab; where none
// waits, the options page: which Cairn, window.ethereum, MetaMask compatibility.
chrome.action.onClicked.addListener((tab) => {
  if (!links.openWaiting(tab?.id)) void chrome.runtime.openOptionsPage();
});
