/**
 * Shown when the browser blocked Cairn's window: a real click on Continue may open it. The one
 * place Cairn's words live outside src/locales: this runs on the site's page, which cannot load
 * Cairn's catalogs, so its three sentences come in each language Cairn speaks (keep them in step
 * with src/locales), chosen by the page's language, then the browser's.
 */
export const PROMPT_WORDS = {
  en: ['Cairn needs your approval in its own window.', 'Continue in Cairn', 'Cancel'],
  de: ['Cairn braucht Ihre Zustimmung in seinem eigenen Fenster.', 'In Cairn fortfahren', 'Abbrechen'],
  es: ['Cairn necesita tu aprobación en su propia ventana.', 'Continuar en Cairn', 'Cancelar'],
} as const;

/** The prompt's language: the page's own (`<html lang>`), else the browser's first Cairn speaks, else English. */
export function promptLanguage(doc: Document): keyof typeof PROMPT_WORDS {
  for (const tag of [doc.documentElement.lang, ...(doc.defaultView?.navigator.languages ?? [])]) {
    const language = tag?.toLowerCase().split('-')[0];
    if (language === 'de' || language === 'es' || language === 'en') return language;
  }
  return 'en';
}

/**
 * Shows a non-modal <dialog> (role dialog, with the browser's own border, padding and colours) in
 * the corner of the page, inside a closed shadow root so the page's styles neither break it nor
 * reach into it. Placed through the CSSOM, which a page's Content-Security-Policy allows where it
 * would refuse a <style> element. Returns what removes it.
 */
export function showPrompt(doc: Document, onContinue: () => void, onCancel: () => void): () => void {
  const host = doc.createElement('div');
  const box = doc.createElement('dialog');
  const add = (tag: string, text: string, onclick: (() => void) | null = null) => {
    const element = box.appendChild(doc.createElement(tag));
    element.textContent = text;
    element.onclick = onclick;
    return element;
  };
  const language = promptLanguage(doc);
  const [text, proceedLabel, cancelLabel] = PROMPT_WORDS[language];
  box.setAttribute('aria-label', 'Cairn');
  box.lang = language;
  box.style.cssText = 'position:fixed;inset:auto 1em 1em auto;z-index:2147483647';
  add('p', text);
  const proceed = add('button', proceedLabel, onContinue);
  add('button', cancelLabel, onCancel);
  host.attachShadow({ mode: 'closed' }).append(box);
  // A page may ask while its <head> is still parsed, before there is a body.
  (doc.body ?? doc.documentElement).append(host);
  box.open = true;
  proceed.focus();
  return () => host.remove();
}
