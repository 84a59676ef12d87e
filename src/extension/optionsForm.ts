import { messageName } from './catalog';
import type { RegistrationOutcome } from './registrations';
import { checkSites, checkWallet, type ExtensionSettings, type SiteChoice } from './settings';

/** The browser's catalog lookup (chrome.i18n.getMessage), by Cairn message id without its namespace. */
export type Words = (key: string, substitution?: string) => string;

/** Gives every element with data-message its words, and the page its language. */
export function fillWords(doc: Document, words: Words, language: string): void {
  doc.documentElement.lang = language;
  for (const element of doc.querySelectorAll<HTMLElement>('[data-message]'))
    element.textContent = words(messageName(element.dataset.message ?? ''));
}

const field = <T extends HTMLElement>(doc: Document, id: string) => doc.getElementById(id) as T;

/** Shows `settings` in the form. */
export function showSettings(doc: Document, settings: ExtensionSettings): void {
  field<HTMLInputElement>(doc, 'wallet').value = settings.wallet;
  for (const name of ['takeOver', 'compat'] as const) {
    field<HTMLInputElement>(doc, `${name}-all`).checked = settings[name].all;
    field<HTMLTextAreaElement>(doc, `${name}-except`).value = settings[name].except.join('\n');
  }
}

/**
 * Reads the form: the settings, or undefined after showing, beside the first field that is wrong,
 * the sentence that names its problem (focus moves there; what was typed stays).
 */
export function readForm(doc: Document, words: Words): ExtensionSettings | undefined {
  const problems = ['wallet', 'takeOver', 'compat'].map((name) => field<HTMLElement>(doc, `${name}-problem`));
  for (const problem of problems) {
    problem.hidden = true;
    problem.textContent = '';
  }
  for (const id of ['wallet', 'takeOver-except', 'compat-except']) field(doc, id).removeAttribute('aria-invalid');
  const refuse = (id: string, problemId: string, sentence: string) => {
    const problem = field<HTMLElement>(doc, problemId);
    problem.textContent = sentence;
    problem.hidden = false;
    const input = field<HTMLElement>(doc, id);
    input.setAttribute('aria-invalid', 'true');
    input.focus();
    return undefined;
  };
  const wallet = checkWallet(field<HTMLInputElement>(doc, 'wallet').value);
  if (!wallet.ok) return refuse('wallet', 'wallet-problem', words(messageName(`options.problem.${wallet.problem}`)));
  const choices: Partial<Record<'takeOver' | 'compat', SiteChoice>> = {};
  for (const name of ['takeOver', 'compat'] as const) {
    const sites = checkSites(field<HTMLTextAreaElement>(doc, `${name}-except`).value);
    if (!sites.ok)
      return refuse(
        `${name}-except`,
        `${name}-problem`,
        words(messageName(`options.problem.${sites.problem}`), sites.line ?? ''),
      );
    choices[name] = { all: field<HTMLInputElement>(doc, `${name}-all`).checked, except: sites.value };
  }
  return { wallet: wallet.value, takeOver: choices.takeOver as SiteChoice, compat: choices.compat as SiteChoice };
}

/** Says, below the form, when the browser refused the per-site choices (registrations.ts); nothing otherwise. */
export function showRegistration(doc: Document, outcome: RegistrationOutcome | undefined, words: Words): void {
  const line = field<HTMLElement>(doc, 'registration');
  const refused = outcome?.perSiteRefused === true;
  line.hidden = !refused;
  line.textContent = refused ? words(messageName('options.problem.perSiteRefused')) : '';
}
