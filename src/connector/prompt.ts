/** Shown when the browser blocked Cairn's window: a real click on Continue may open it. */
export const PROMPT_TEXT = 'Cairn needs your approval in its own window.';

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
  box.setAttribute('aria-label', 'Cairn');
  box.style.cssText = 'position:fixed;inset:auto 1em 1em auto;z-index:2147483647';
  add('p', PROMPT_TEXT);
  const proceed = add('button', 'Continue in Cairn', onContinue);
  add('button', 'Cancel', onCancel);
  host.attachShadow({ mode: 'closed' }).append(box);
  // A page may ask while its <head> is still parsed, before there is a body.
  (doc.body ?? doc.documentElement).append(host);
  box.open = true;
  proceed.focus();
  return () => host.remove();
}
