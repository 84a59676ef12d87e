// The one inline script of index.html: it shows the pre-rendered shell of the screen the page will
// open on (set-up or unlock, in the person's language), so that screen paints before the app's
// code has loaded (scripts/build/firstScreenShells.ts puts the shells and this script into the
// page). It reads the hint the app leaves in localStorage (src/app/firstScreen/firstScreenHint.ts),
// and shows no shell while the hint says a window is unlocked (`until`, at most UNLOCKED_HINT_MS
// ahead); with none (a first visit) it shows set-up in the browser's language, chosen as
// localeFromBrowser (src/lib/i18n/locales.ts) chooses (firstScreenScript.test.ts holds them
// equal). The page's Content-Security-Policy allows it by its hash alone (securityHeaders.ts).
// Change the script and the test names its new hash.
/** Where the app leaves the hint: no secret, only which screen and language the next page opens on. */
export const FIRST_SCREEN_HINT_KEY = 'cairn.firstScreen';

/** The shells: set-up while there is no vault, unlock once there is one. */
export type ShellScreen = 'setup' | 'unlock';

/** The languages with a shell (the shipped ones: src/lib/i18n/locales.ts). */
export type ShellLocale = 'en' | 'de' | 'es';

/**
 * `none`: open on no shell (a vault that cannot be read, the pseudo-locale). `until` (ms since the
 * epoch): a window of the profile is unlocked and says so again before then; a page opening
 * meanwhile joins that session, so it shows no unlock shell that its accounts would replace.
 */
export type FirstScreenHint = { screen: ShellScreen; locale: ShellLocale; until?: number } | { screen: 'none' };

/**
 * How long an unlocked window's word (`until`) holds. It says it again every third of this while
 * unlocked; a background tab's timers may run only once a minute, and the word must outlast that.
 */
export const UNLOCKED_HINT_MS = 90_000;

/** The element id of a shell in index.html. */
export const firstScreenShellId = (screen: ShellScreen, locale: ShellLocale) => `first-screen-${screen}-${locale}`;

/** The script's source, exactly as it stands in the page (its hash is in the policy). */
export const FIRST_SCREEN_SCRIPT =
  // In a frame, nothing: the app refuses to run there (src/app/frameGuard.ts).
  '(function(){try{if(top!==self)return}catch(e){return}var h,s="setup",c,l=navigator.languages||[];' +
  `try{h=JSON.parse(localStorage.getItem("${FIRST_SCREEN_HINT_KEY}")||"null")}catch(e){}` +
  'if(h){if(h.screen!=="setup"&&h.screen!=="unlock")return;var n=Date.now();' +
  // A clock set back since leaves no shell hidden for longer than one word lasts.
  `if(h.until>n&&h.until-n<=${UNLOCKED_HINT_MS})return;s=h.screen;c=h.locale}` +
  'if(!c){if(String(l[0]).toLowerCase()==="en-xa")return;c="en";' +
  'for(var i=0;i<l.length;i++){var t=String(l[i]).toLowerCase().split("-")[0];' +
  'if(t==="en"||t==="de"||t==="es"){c=t;break}}}' +
  'var e=document.getElementById("first-screen-"+s+"-"+c);if(e)e.hidden=false})()';

/**
 * The script's CSP source expression: the base64 SHA-256 of FIRST_SCREEN_SCRIPT, written out so
 * that no page ships a hash function for it (firstScreenScript.test.ts recomputes it).
 */
export const FIRST_SCREEN_SCRIPT_HASH = "'sha256-QS7u4svf9kJJDpj3evrOdjAUuO12KJlu/uDrjuZXPaU='";
