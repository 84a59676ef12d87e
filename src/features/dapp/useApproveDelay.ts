import { type RefObject, useEffect, useState } from 'react';
import { watchApproveDelay } from './approveDelay';

/**
 * False for about a second after the window appears, regains focus or becomes visible, after
 * any change inside `content` (the request as shown), and while pointer or key input goes on
 * during the delay; then true. A new `resetKey` (another request, another network) starts it
 * again. A site cannot pop Cairn's window under the pointer of someone clicking on its own page,
 * nor change what is shown under it, and have that click approve. See approveDelay.ts.
 */
export function useApproveDelay(resetKey: unknown, content: RefObject<HTMLElement | null>): boolean {
  const [ready, setReady] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request or network restarts the delay
  useEffect(() => {
    const delay = watchApproveDelay({ window, document }, setReady);
    const observer = new MutationObserver(delay.restart);
    if (content.current)
      observer.observe(content.current, { subtree: true, childList: true, characterData: true, attributes: true });
    return () => {
      observer.disconnect();
      delay.stop();
    };
  }, [resetKey]);
  return ready;
}
