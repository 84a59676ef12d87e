// options.js: the extension's options page. Only this page (and the background) can change which
// Cairn the extension talks to: content scripts cannot read or write the settings.
import { extensionApi } from './chromeApi';
import { fillWords, readForm, showRegistration, showSettings, type Words } from './optionsForm';
import { REGISTRATION_KEY, type RegistrationOutcome } from './registrations';
import { readSettings, SETTINGS_KEY } from './settings';

const chrome = extensionApi();
const words: Words = (key, substitution) =>
  chrome.i18n.getMessage(key, substitution === undefined ? undefined : [substitution]);

fillWords(document, words, chrome.i18n.getMessage('@@ui_locale').split('_')[0] ?? 'en');
chrome.storage.local.get(SETTINGS_KEY).then((stored) => showSettings(document, readSettings(stored[SETTINGS_KEY])));
// How the background's registration of the person's choices went, now and after each save.
const showOutcome = (outcome: unknown) => showRegistration(document, outcome as RegistrationOutcome | undefined, words);
chrome.storage.local.get(REGISTRATION_KEY).then((stored) => showOutcome(stored[REGISTRATION_KEY]));
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && REGISTRATION_KEY in changes) showOutcome(Object(changes[REGISTRATION_KEY]).newValue);
});

const form = document.getElementById('settings') as HTMLFormElement;
const saved = document.getElementById('saved') as HTMLElement;
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  saved.textContent = '';
  const settings = readForm(document, words);
  if (!settings) return;
  await chrome.storage.local.set({ [SETTINGS_KEY]: settings });
  showSettings(document, settings);
  saved.textContent = words('options_saved');
});
