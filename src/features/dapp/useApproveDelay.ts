import { useEffect, useState } from 'react';

/** How long approve buttons stay disabled after the window shows or comes back into focus. */
export const APPROVE_DELAY_MS = 1_000;

/**
 * False for about a second after the window appears, regains focus or becomes visible, then
 * true: a site cannot pop Cairn's window under the pointer of someone clicking on its own page
 * and have that click approve.
 */
export function useApproveDelay(resetKey: unknown): boolean {
  const [ready, setReady] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request restarts the delay
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      setReady(false);
      clearTimeout(timer);
      timer = setTimeout(() => setReady(true), APPROVE_DELAY_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') restart();
    };
    restart();
    window.addEventListener('focus', restart);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', restart);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [resetKey]);
  return ready;
}
