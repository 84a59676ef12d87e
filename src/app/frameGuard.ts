// boot.ts imports this file (for isFramed): the words come from the caller, so the catalogs' runtime does not.
import type { PlainMessageId } from '@/core/i18n/message';

/** What a framed page says in place of the app (common:start.framed, in the browser's language). */
export const FRAMED_MESSAGE_ID = 'common:start.framed' satisfies PlainMessageId;

/**
 * Clickjacking defence for hosts that cannot send `frame-ancestors` or `X-Frame-Options`
 * headers: when the page is inside a frame, it shows a short explanation in place of the app
 * (its words once `words` has them: see wordsBeforeStart) and returns true, and the caller must then start nothing.
 * Never throws.
 */
export function refuseFraming(
  words: (id: typeof FRAMED_MESSAGE_ID) => Promise<string>,
  win: { readonly top: unknown; readonly self: unknown } = window,
  doc: Pick<Document, 'getElementById' | 'createElement' | 'body'> = document,
): boolean {
  if (!isFramed(win)) return false;
  try {
    const message = doc.createElement('p');
    (doc.getElementById('root') ?? doc.body).replaceChildren(message);
    words(FRAMED_MESSAGE_ID).then(
      (text) => {
        message.textContent = text;
      },
      // The app still does not start; an empty frame is as safe as one with the explanation.
      () => undefined,
    );
  } catch {
    // As above: nothing starts either way.
  }
  return true;
}

/** Whether the page is inside a frame (true when that cannot be told). */
export function isFramed(win: { readonly top: unknown; readonly self: unknown } = window): boolean {
  try {
    // Comparing a cross-origin parent's window for identity is allowed; if it throws anyway, assume framed.
    return win.top !== win.self;
  } catch {
    return true;
  }
}
