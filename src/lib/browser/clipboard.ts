/** How long a copied secret stays on the clipboard before Cairn clears it. */
export const SECRET_CLIPBOARD_MS = 60_000;

export type ClipboardPort = { writeText(text: string): Promise<void> };
export type ClipboardTimers = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

let pendingClear: { handle: unknown; timers: ClipboardTimers } | undefined;

/**
 * Copies text. For a secret, the clipboard is overwritten with an empty string after 60 s (a
 * later copy replaces the pending clear). Browsers only allow writing while the page has focus;
 * if clearing fails then, it is retried when the page regains focus.
 */
export async function copyText(
  text: string,
  options: {
    secret?: boolean;
    clipboard?: ClipboardPort;
    timers?: ClipboardTimers;
    onFocus?: (retry: () => void) => void;
  } = {},
): Promise<void> {
  const clipboard = options.clipboard ?? navigator.clipboard;
  const timers: ClipboardTimers = options.timers ?? {
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  };
  if (pendingClear) {
    pendingClear.timers.clearTimeout(pendingClear.handle);
    pendingClear = undefined;
  }
  await clipboard.writeText(text);
  if (!options.secret) return;
  const onFocus = options.onFocus ?? ((retry: () => void) => window.addEventListener('focus', retry, { once: true }));
  const clear = () => {
    pendingClear = undefined;
    clipboard.writeText('').catch(() => onFocus(clear));
  };
  pendingClear = { handle: timers.setTimeout(clear, SECRET_CLIPBOARD_MS), timers };
}
