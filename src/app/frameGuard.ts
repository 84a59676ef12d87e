export const FRAMED_MESSAGE =
  'Cairn does not run inside another page, so that no site can trick you into clicking in your wallet. Open Cairn in its own browser tab.';

/**
 * Clickjacking defence for hosts that cannot send `frame-ancestors` or `X-Frame-Options`
 * headers: when the page is inside a frame, it shows a short explanation in place of the app and
 * returns true, and the caller must then start nothing. Never throws.
 */
export function refuseFraming(
  win: { readonly top: unknown; readonly self: unknown } = window,
  doc: Pick<Document, 'getElementById' | 'createElement' | 'body'> = document,
): boolean {
  if (!isFramed(win)) return false;
  try {
    const message = doc.createElement('p');
    message.textContent = FRAMED_MESSAGE;
    (doc.getElementById('root') ?? doc.body).replaceChildren(message);
  } catch {
    // The app still does not start; an empty frame is as safe as one with the explanation.
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
