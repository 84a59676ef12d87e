/** How long after the page's load event work that can wait starts. */
const AFTER_LOAD_MS = 1_000;

/**
 * Runs `task` a moment after the first screen (a second after the page's load event), so it does
 * not compete with start-up for the network or the main thread. Returns what cancels it.
 */
export function afterFirstScreen(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = () => {
    timer = setTimeout(task, AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') wait();
  else window.addEventListener('load', wait, { once: true });
  return () => {
    window.removeEventListener('load', wait);
    clearTimeout(timer);
  };
}
